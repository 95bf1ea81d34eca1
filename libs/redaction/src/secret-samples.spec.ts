import fc from 'fast-check';
import { redact } from './redact';
import { SECRET_KINDS } from './secret-kind';
import {
  findPlantedSecrets,
  plantedSecrets,
  sampleSecrets,
  SECRET_SAMPLES,
  secretCore,
} from './secret-samples';

describe('secret samples', () => {
  it('has one sample per kind, each redacted under its own kind', () => {
    expect(Object.keys(SECRET_SAMPLES).sort()).toEqual([...SECRET_KINDS].sort());
    for (const kind of SECRET_KINDS) {
      const { text, findings } = redact(SECRET_SAMPLES[kind]);
      expect({ kind, kinds: findings.map((f) => f.kind) }).toEqual({
        kind,
        kinds: expect.arrayContaining([kind]),
      });
      expect(findPlantedSecrets(text, { [kind]: SECRET_SAMPLES[kind] })).toEqual([]);
    }
  });

  it('builds the same samples from the same salt and different ones from another', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(sampleSecrets(a)).toEqual(sampleSecrets(a));
        if (a !== b) expect(sampleSecrets(a).github_token).not.toBe(sampleSecrets(b).github_token);
      }),
      { numRuns: 50 },
    );
  });

  it('gives every sample secret a distinctive core of at least 8 characters', () => {
    // 8: a Sidekiq credential is two groups of 8 hex digits; 8 is also the width of the leak scan's windows.
    for (const { secrets } of Object.values(plantedSecrets())) {
      for (const secret of secrets) expect(secretCore(secret).length).toBeGreaterThanOrEqual(8);
    }
  });

  it('finds planted samples, including inside JSON-escaped storage', () => {
    const stored = JSON.stringify({
      note: `see ${SECRET_SAMPLES.private_key} and ${SECRET_SAMPLES.github_token}`,
    });

    expect(findPlantedSecrets(stored).sort()).toEqual(
      [SECRET_SAMPLES.github_token, SECRET_SAMPLES.private_key].sort(),
    );
    expect(findPlantedSecrets('nothing planted here')).toEqual([]);
  });

  it('finds nothing once the haystack is redacted', () => {
    const haystack = Object.values(SECRET_SAMPLES).join('\n');

    expect(findPlantedSecrets(haystack)).toHaveLength(SECRET_KINDS.length);
    expect(findPlantedSecrets(redact(haystack).text)).toEqual([]);
  });
});
