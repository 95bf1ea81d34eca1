import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import type { Observable } from 'rxjs';
import { unstorableInputIssues, ValidationError } from '@mnemo/contracts';

type InputRequest = { params?: unknown; query?: unknown; body?: unknown };

/**
 * Every route's path parameters, query and body, before its handler runs (and after the key guard, so a
 * bad key is still a 401): text no table can hold (NUL, a lone surrogate) or nesting past the limit is
 * a 400 naming the field, instead of a database error (500) or an event no projection can apply.
 */
@Injectable()
export class StorableInputInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() === 'http') {
      const request = context.switchToHttp().getRequest<InputRequest>();
      const issues = [
        ...unstorableInputIssues(request.params, 'params'),
        ...unstorableInputIssues(request.query, 'query'),
        ...unstorableInputIssues(request.body, 'body'),
      ];
      if (issues.length > 0) throw new ValidationError('the request holds text that cannot be stored', issues);
    }
    return next.handle();
  }
}
