import { endOfFirstJsonObject } from './first-json-object';

describe('endOfFirstJsonObject', () => {
  it('finds the end of a complete object and ignores what follows', () => {
    const text = '{"a":1,"b":{"c":[1,2]}}\n{"next":true}';
    expect(text.slice(0, endOfFirstJsonObject(text))).toBe('{"a":1,"b":{"c":[1,2]}}');
  });

  it('is not fooled by braces and escaped quotes inside strings', () => {
    const text = '{"prompt":"fix the } in \\"x{\\" please","n":1}';
    expect(endOfFirstJsonObject(text)).toBe(text.length);
    expect(JSON.parse(text.slice(0, endOfFirstJsonObject(text))).prompt).toBe(
      'fix the } in "x{" please',
    );
  });

  it('answers -1 while the object is still arriving', () => {
    expect(endOfFirstJsonObject('')).toBe(-1);
    expect(endOfFirstJsonObject('  {"session_id":"abc", "cwd": "/x')).toBe(-1);
    expect(endOfFirstJsonObject('{"a":{"b":1}')).toBe(-1);
  });
});
