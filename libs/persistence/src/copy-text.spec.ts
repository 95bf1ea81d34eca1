import { copyField } from './copy-text';

describe('copyField', () => {
  it('escapes what COPY would read as a separator, a row end or an escape', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
  });

  it('leaves a value with none of them as it is, a literal \\N included once escaped', () => {
    expect(copyField('plain text, "quoted" and ünïcode')).toBe('plain text, "quoted" and ünïcode');
    expect(copyField('\\N')).toBe('\\\\N');
  });
});
