import { CHUNK_COUNT_LEXEME, lexemeDelta } from './lexeme-delta';

describe('lexemeDelta', () => {
  it('counts each chunk once per lexeme it holds, and the chunks themselves', () => {
    expect(Object.fromEntries(lexemeDelta([], [['pool', 'postgr'], ['pool']]))).toEqual({
      [CHUNK_COUNT_LEXEME]: 2,
      pool: 2,
      postgr: 1,
    });
  });

  it('takes away replaced chunks and leaves out lexemes whose count does not change', () => {
    const delta = lexemeDelta([['pool', 'flexbox'], ['header']], [['pool', 'grid'], ['header']]);
    expect(Object.fromEntries(delta)).toEqual({ flexbox: -1, grid: 1 });
  });

  it('lowers the chunk count when a session loses a chunk', () => {
    expect(Object.fromEntries(lexemeDelta([['a'], ['b']], [['a']]))).toEqual({
      [CHUNK_COUNT_LEXEME]: -1,
      b: -1,
    });
  });
});
