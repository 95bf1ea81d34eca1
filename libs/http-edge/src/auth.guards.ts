import { createHash, timingSafeEqual } from 'node:crypto';
import {
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  ForbiddenException,
  Inject,
  Injectable,
} from '@nestjs/common';
import { AdminApiDisabledError, ForbiddenError, UnauthorizedError } from '@mnemo/contracts';
import { ACCOUNT_LOOKUP, ADMIN_KEY, type AccountLookup } from './http-edge.constants';

type AuthedRequest = { headers: Record<string, string | string[] | undefined>; accountId?: string };

/** The key of an `Authorization: Bearer <key>` header (HTTP) or metadata value (gRPC), or null. */
export function bearerKey(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
}

/** Compares two secrets in constant time, whatever their lengths. */
export function sameSecret(given: string, expected: string): boolean {
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

/** Per-account API key: the account comes from the key, never from the body. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(@Inject(ACCOUNT_LOOKUP) private readonly accounts: AccountLookup) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const key = bearerKey(request.headers.authorization);
    if (!key) throw new UnauthorizedError();
    const accountId = await this.accounts.accountForKey(key);
    if (!accountId) throw new UnauthorizedError('the API key is not valid');
    request.accountId = accountId;
    return true;
  }
}

@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(@Inject(ADMIN_KEY) private readonly adminKey: string | null) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.adminKey) throw new AdminApiDisabledError();
    const key = bearerKey(context.switchToHttp().getRequest<AuthedRequest>().headers.authorization);
    if (!key)
      throw new UnauthorizedError('the admin key is required as "Authorization: Bearer <key>"');
    if (!sameSecret(key, this.adminKey)) throw new ForbiddenError('the admin key is not valid');
    return true;
  }
}

/** The calling account, as set by ApiKeyGuard. */
export const AccountId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const accountId = context.switchToHttp().getRequest<AuthedRequest>().accountId;
  if (!accountId) throw new ForbiddenException('no account on this request');
  return accountId;
});
