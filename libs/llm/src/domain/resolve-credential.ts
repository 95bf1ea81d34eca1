export interface AccountKey<S> {
  id: string;
  active: boolean;
  createdAt: string | Date;
  secret: S;
}

export type ResolvedCredential<S> =
  | { source: 'account_active' | 'account_first'; keyId: string; secret: S }
  | { source: 'deployment'; secret: string };

const time = (at: string | Date): number => (at instanceof Date ? at.getTime() : Date.parse(at));

/**
 * The fallback chain: the account's active key, else its first key (oldest, ties by id),
 * else the deployment's key, else nothing — the caller answers `no_credential`.
 */
export function resolveCredential<S>(input: {
  accountKeys: readonly AccountKey<S>[];
  deploymentKey?: string | null;
}): ResolvedCredential<S> | null {
  const active = input.accountKeys.find((key) => key.active);
  if (active) return { source: 'account_active', keyId: active.id, secret: active.secret };
  const [first] = [...input.accountKeys].sort(
    (a, b) => time(a.createdAt) - time(b.createdAt) || a.id.localeCompare(b.id),
  );
  if (first) return { source: 'account_first', keyId: first.id, secret: first.secret };
  const deployment = input.deploymentKey?.trim();
  return deployment ? { source: 'deployment', secret: deployment } : null;
}
