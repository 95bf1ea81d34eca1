import { CanActivate, createParamDecorator, ExecutionContext, ForbiddenException, Inject, Injectable } from '@nestjs/common';
import { ForbiddenError, UnauthorizedError } from '@mnemo/contracts';
import { AccountsService } from '../accounts/accounts.service';
import { sameSecret } from '../accounts/api-keys';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.constants';

type AuthedRequest = { headers: Record<string, string | string[] | undefined>; accountId?: string };

function bearer(request: AuthedRequest): string | null {
  const header = request.headers.authorization;
  const value = Array.isArray(header) ? header[0] : header;
  const match = value?.match(/^Bearer\s+(\S+)$/i);
  return match ? match[1] : null;
}

/** Per-account API key: the account comes from the key, never from the body. */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(private readonly accounts: AccountsService) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<AuthedRequest>();
    const key = bearer(request);
    if (!key) throw new UnauthorizedError();
    const accountId = await this.accounts.accountForKey(key);
    if (!accountId) throw new UnauthorizedError('the API key is not valid');
    request.accountId = accountId;
    return true;
  }
}

@Injectable()
export class AdminKeyGuard implements CanActivate {
  constructor(@Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (!this.config.adminKey) throw new ForbiddenError('the admin API is disabled: set MNEMO_ADMIN_KEY');
    const key = bearer(context.switchToHttp().getRequest<AuthedRequest>());
    if (!key) throw new UnauthorizedError('the admin key is required as "Authorization: Bearer <key>"');
    if (!sameSecret(key, this.config.adminKey)) throw new ForbiddenError('the admin key is not valid');
    return true;
  }
}

/** The calling account, as set by ApiKeyGuard. */
export const AccountId = createParamDecorator((_: unknown, context: ExecutionContext): string => {
  const accountId = context.switchToHttp().getRequest<AuthedRequest>().accountId;
  if (!accountId) throw new ForbiddenException('no account on this request');
  return accountId;
});
