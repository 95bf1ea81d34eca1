import fc from 'fast-check';
import { maskKey } from './mask-key';

describe('maskKey', () => {
  it('keeps the provider prefix and the last four characters', () => {
    expect(maskKey('sk-ant-api03-AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-wxyz')).toBe(
      'sk-ant-api03-…wxyz',
    );
  });

  it('shows nothing of a short secret', () => {
    expect(maskKey('sk-ant-short')).toBe('sk-ant-…');
    expect(maskKey('hunter2')).toBe('…');
  });

  it('never reveals more than four characters beyond the prefix', () => {
    fc.assert(
      fc.property(
        fc.string({
          unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'),
          minLength: 20,
          maxLength: 120,
        }),
        (body) => {
          const masked = maskKey(`sk-ant-api03-${body}`);
          expect(masked.startsWith('sk-ant-api03-…')).toBe(true);
          expect(masked.length).toBeLessThanOrEqual('sk-ant-api03-…'.length + 4);
        },
      ),
    );
  });
});
