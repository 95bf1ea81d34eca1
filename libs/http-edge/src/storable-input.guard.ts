import {
  CanActivate,
  ExecutionContext,
  ForbiddenException,
  Injectable,
  type Type,
} from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import { ModuleRef, Reflector } from '@nestjs/core';
import { unstorableInputIssues, ValidationError, type FieldIssue } from '@mnemo/contracts';

type InputRequest = { params?: unknown; query?: unknown; body?: unknown };

/** Text no table can hold (NUL, a lone surrogate) or nesting past the limit, in a request's path parameters, query and body. */
export function unstorableRequestIssues(request: InputRequest): FieldIssue[] {
  return [
    ...unstorableInputIssues(request.params, 'params'),
    ...unstorableInputIssues(request.query, 'query'),
    ...unstorableInputIssues(request.body, 'body'),
  ];
}

/**
 * Every route's path parameters, query and body, before its handler runs: unstorable input is a 400 naming
 * the field, instead of a database error (500) or an event no projection can apply.
 *
 * A global guard, not an interceptor: any interceptor puts every request of the app through
 * Nest's rxjs pipeline, which cost about a third of `/healthz`'s CPU. Global guards run before the
 * route's own, so when the input is refused the route's guards are asked first, as they were before
 * the interceptor ran: a bad key is still a 401 (or 403), never a 400.
 */
@Injectable()
export class StorableInputGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
  ) {}

  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const issues = unstorableRequestIssues(context.switchToHttp().getRequest<InputRequest>());
    return issues.length === 0 ? true : this.refuseAfterRouteGuards(context, issues);
  }

  private async refuseAfterRouteGuards(
    context: ExecutionContext,
    issues: FieldIssue[],
  ): Promise<never> {
    const guards = this.reflector.getAllAndMerge<Array<Type<CanActivate> | CanActivate>>(
      GUARDS_METADATA,
      [context.getClass(), context.getHandler()],
    );
    for (const guard of guards) {
      const instance =
        typeof guard === 'function' ? this.moduleRef.get(guard, { strict: false }) : guard;
      // What Nest answers for a guard that says no.
      if (!(await instance.canActivate(context)))
        throw new ForbiddenException('Forbidden resource');
    }
    throw new ValidationError('the request holds text that cannot be stored', issues);
  }
}
