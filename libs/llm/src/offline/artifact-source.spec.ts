import { artifactSource, artifactSources, parseArtifactSource } from './artifact-source';
import { itemAt } from '@mnemo/testing';

const artifact = (id: string, content: string) => ({
  id,
  title: `title ${id}`,
  savedAt: '2026-03-01T00:00:00.000Z',
  content,
});

describe('artifactSources', () => {
  it('sends every artifact whole, in the order given, when they fit', () => {
    const artifacts = [artifact('b', 'second saved'), artifact('a', 'first saved')];
    expect(artifactSources(artifacts, 10_000)).toEqual(artifacts.map(artifactSource));
  });

  it('cuts the text that reaches the cap to what the ones before it left, and sends none after it', () => {
    const first = artifactSource(artifact('a', 'x'.repeat(50)));
    const sources = artifactSources(
      [artifact('a', 'x'.repeat(50)), artifact('b', 'y'.repeat(500)), artifact('c', 'z')],
      first.length + 20,
    );
    expect(sources).toHaveLength(2);
    expect(sources[0]).toBe(first);
    expect(parseArtifactSource(itemAt(sources, 1), 1)).toEqual(artifact('b', 'y'.repeat(20)));
  });

  it('sends nothing under a cap of nothing', () => {
    expect(artifactSources([artifact('a', 'text')], 0)).toEqual([]);
  });
});
