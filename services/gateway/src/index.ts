export * from './gateway.module';
export * from './gateway.constants';
export * from './accounts/accounts.projection';
export * from './accounts/accounts.service';
export * from './http/configure-app';
export * from './auth/auth.module';
export * from './auth/auth.guards';
export * from './http/error.filter';
