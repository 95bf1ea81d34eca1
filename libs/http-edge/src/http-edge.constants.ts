/**
 * The port the guards authenticate through. The lib defines it; the gateway (which owns accounts) provides it,
 * so a service's controllers guard their routes without knowing the gateway.
 */
export const ACCOUNT_LOOKUP = 'ACCOUNT_LOOKUP';

export interface AccountLookup {
  /** The account a per-account API key belongs to, or null when the key is unknown or revoked. */
  accountForKey(key: string): Promise<string | null>;
}

/** The admin key (`MNEMO_ADMIN_KEY`), or null while the admin API is disabled; provided by the gateway. */
export const ADMIN_KEY = 'ADMIN_KEY';
