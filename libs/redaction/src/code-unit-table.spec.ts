import { codeUnitTable } from './code-unit-table';

describe('codeUnitTable', () => {
  const each = (set: RegExp, table: Uint8Array) => {
    const one = new RegExp(`^(?:${set.source})$`, set.flags.replace('g', ''));
    for (let c = 0; c < 65536; c += 1)
      if (table[c] !== (one.test(String.fromCharCode(c)) ? 1 : 0)) return c;
    return -1;
  };

  it('marks exactly the code units the set matches one by one, its flags included', () => {
    for (const set of [/[A-Za-z0-9_\]]/, /[\s,;&)}\]"'`<>(\\]/, /[q-z]/i, /[^a]/])
      expect(each(set, codeUnitTable(set))).toBe(-1);
    expect(codeUnitTable(/[q-z]/i)[0x51]).toBe(1);
  });

  it('refuses a set whose u flag would match two code units as one', () => {
    expect(() => codeUnitTable(/[\u{1F600}]/u)).toThrow(/u or v flag/);
  });
});
