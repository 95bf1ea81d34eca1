import { resolveCredential } from './resolve-credential';

const key = (id: string, createdAt: string, active = false) => ({
  id,
  active,
  createdAt,
  secret: `secret-${id}`,
});

describe('resolveCredential', () => {
  it("uses the account's active key first", () => {
    const keys = [key('a', '2024-01-01T00:00:00Z'), key('b', '2024-02-01T00:00:00Z', true)];
    expect(resolveCredential({ accountKeys: keys, deploymentKey: 'dep' })).toEqual({
      source: 'account_active',
      keyId: 'b',
      secret: 'secret-b',
    });
  });

  it('falls back to the oldest key when none is active', () => {
    const keys = [key('late', '2024-03-01T00:00:00Z'), key('early', '2024-01-01T00:00:00Z')];
    expect(resolveCredential({ accountKeys: keys, deploymentKey: 'dep' })).toEqual({
      source: 'account_first',
      keyId: 'early',
      secret: 'secret-early',
    });
  });

  it('breaks a creation-time tie by id', () => {
    const keys = [key('z', '2024-01-01T00:00:00Z'), key('m', '2024-01-01T00:00:00Z')];
    expect(resolveCredential({ accountKeys: keys })).toMatchObject({ keyId: 'm' });
  });

  it("falls back to the deployment's key when the account has none", () => {
    expect(resolveCredential({ accountKeys: [], deploymentKey: ' sk-ant-dep ' })).toEqual({
      source: 'deployment',
      secret: 'sk-ant-dep',
    });
  });

  it('resolves nothing when no key exists anywhere', () => {
    expect(resolveCredential({ accountKeys: [], deploymentKey: '' })).toBeNull();
    expect(resolveCredential({ accountKeys: [] })).toBeNull();
  });
});
