import { createHash } from 'node:crypto';
import { sealGcm } from '@mnemo/contracts';
import { redactDeep } from './redact-deep';
import { redactEvent } from './redact-event';

const API_KEY = `sk-ant-api03-${'Sk9'.repeat(12)}Wxyz`;
const bytes = (seed: string, n: number) =>
  createHash('sha256').update(seed).digest().subarray(0, n);

/** Sealed LLM keys as the ledger writes them (`v1:<iv>:<tag>:<ciphertext>`), fixed ivs so the run repeats. */
const sealedKeys = Array.from(
  { length: 600 },
  (_, i) =>
    `v1:${sealGcm(API_KEY, bytes(`key-${i % 7}`, 32), Buffer.from('aad'), bytes(`iv-${i}`, 12))}`,
);

describe('redactEvent and sealed values', () => {
  it('leaves every sealed LLM key whole, though some hold runs a rule would take for a password', () => {
    // the promise is only tested if the rules would have bitten some of these
    const bitten = sealedKeys.filter((sealed) => redactDeep(sealed).count > 0);
    expect(bitten.length).toBeGreaterThan(0);
    for (const sealedKey of sealedKeys) {
      const payload = { keyId: 'key_1', sealedKey, maskedKey: 'sk-ant-…wxyz', active: true };
      const { event, findings } = redactEvent({ type: 'LlmKeyAdded', payload });
      expect(findings).toBe(0);
      expect(event.payload).toEqual(payload);
      expect(Object.keys(event.payload)).toEqual(Object.keys(payload));
    }
  });

  it('still redacts a key in clear in that field, and a sealed-looking value in any other field', () => {
    const clear = redactEvent({
      type: 'LlmKeyAdded',
      payload: { keyId: 'key_1', sealedKey: API_KEY, maskedKey: 'x', active: true },
    });
    expect(clear.findings).toBe(1);
    expect(JSON.stringify(clear.event.payload)).not.toContain(API_KEY);

    const [sealedLooking] = sealedKeys.filter((sealed) => redactDeep(sealed).count > 0);
    const elsewhere = redactEvent({ type: 'TurnRecorded', payload: { text: sealedLooking } });
    expect(elsewhere.findings).toBeGreaterThan(0);
    const otherField = redactEvent({
      type: 'LlmKeyAdded',
      payload: { keyId: 'key_1', sealedKey: 'v1:x', maskedKey: sealedLooking, active: true },
    });
    expect(otherField.findings).toBeGreaterThan(0);
  });
});
