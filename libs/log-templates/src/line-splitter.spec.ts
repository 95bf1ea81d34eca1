import { LineSplitter } from './line-splitter';

const text = (lines: ReturnType<LineSplitter['push']>) =>
  lines.map((l) => (l.kind === 'line' ? l.bytes.toString() : `<${l.length} dropped>`));

describe('LineSplitter', () => {
  it('cuts lines across chunks and gives the offset just past each', () => {
    const splitter = new LineSplitter(100, 10);
    expect(splitter.push(Buffer.from('ab'))).toEqual([]);
    const lines = splitter.push(Buffer.from('c\nde\nf'));
    expect(text(lines)).toEqual(['abc', 'de']);
    expect(lines.map((l) => l.end)).toEqual([14, 17]);
    expect(splitter.pendingBytes).toBe(1);
  });

  it('drops a line over the bound as it streams by, holding none of it, and counts it', () => {
    const splitter = new LineSplitter(8);
    expect(splitter.push(Buffer.from('ok\n0123456'))).toHaveLength(1);
    expect(splitter.push(Buffer.from('789abcdef'))).toEqual([]);
    expect(splitter.pendingBytes).toBe(16);
    const lines = splitter.push(Buffer.from('xyz\nnext\n'));
    expect(text(lines)).toEqual(['<19 dropped>', 'next']);
    expect(lines.map((l) => l.end)).toEqual([23, 28]);
    expect(splitter.pendingBytes).toBe(0);
  });

  it('drops a long line that arrives in one chunk', () => {
    const splitter = new LineSplitter(4);
    expect(text(splitter.push(Buffer.from('abcdefgh\nab\n')))).toEqual(['<8 dropped>', 'ab']);
  });
});
