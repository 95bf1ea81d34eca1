import fc from 'fast-check';
import { defuse, FENCE_CLOSE, FENCE_OPEN } from './data-fence';

describe('defuse', () => {
  it('turns runs of angle brackets into look-alikes and flattens newlines', () => {
    expect(defuse('a <<<< b >>>\nc << d')).toBe('a ‹‹‹‹ b ››› c << d');
  });

  it('never leaves a fence marker or a newline in any text', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('<', '>', 'MEMORY_DATA', '\n', ' ', 'x'))
          .map((parts) => parts.join('')),
        (text) => {
          const out = defuse(text);
          expect(out).not.toContain(FENCE_OPEN);
          expect(out).not.toContain(FENCE_CLOSE);
          expect(out).not.toContain('\n');
        },
      ),
    );
  });
});
