import { CanActivate, ExecutionContext, Inject, Injectable } from '@nestjs/common';
import { ForbiddenError, UnauthorizedError } from '@mnemo/contracts';
import { ADMIN_KEY, bearerKey, sameSecret } from '@mnemo/http-edge';
import { OPERATOR_TOKEN } from '../platform.constants';

/**
 * The data folder's operations (replay, checksums, dead letters): the admin key, or the token the
 * process that holds MNEMO_DATA_DIR wrote to its owner.json, so a `mnemo replay` run by whoever can read
 * that folder goes through the running process on an install with no admin key.
 */
@Injectable()
export class OperatorGuard implements CanActivate {
  constructor(
    @Inject(ADMIN_KEY) private readonly adminKey: string | null,
    @Inject(OPERATOR_TOKEN) private readonly operatorToken: string | null,
  ) {}

  canActivate(context: ExecutionContext): boolean {
    const headers = context
      .switchToHttp()
      .getRequest<{ headers: Record<string, string> }>().headers;
    const key = bearerKey(headers.authorization);
    if (!key)
      throw new UnauthorizedError(
        'the admin key (or the data folder owner token) is required as "Authorization: Bearer <key>"',
      );
    const accepted = [this.adminKey, this.operatorToken].filter((k): k is string => Boolean(k));
    if (accepted.length === 0)
      throw new ForbiddenError('the admin API is disabled: set MNEMO_ADMIN_KEY');
    if (!accepted.some((secret) => sameSecret(key, secret)))
      throw new ForbiddenError('the key is not valid');
    return true;
  }
}
