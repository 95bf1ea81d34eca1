import { indexLine } from './claude-md-blocks';
import { artifactFloor, type ArtifactPlan, placeArtifacts } from './place-artifacts';

const entry = (id: string) => ({
  id,
  title: id.toUpperCase(),
  gist: `gist of ${id}`,
  tokens: { gist: 1, summary: 10, full: 100 },
});
const plan: ArtifactPlan = {
  pinned: [{ id: 'p', title: 'P', content: 'z'.repeat(400) }],
  menu: [entry('a'), entry('b')],
  entryById: new Map([entry('p'), entry('a'), entry('b')].map((e) => [e.id, e])),
};

describe('placeArtifacts', () => {
  it('places everything when there is room', () => {
    const placed = placeArtifacts(plan, 10_000);
    expect(placed).toMatchObject({ pinnedInFull: plan.pinned, indexCount: 2, spilled: [] });
  });

  it('spills a pinned artifact rather than crowd out the index, and lists it first', () => {
    const lines = [
      indexLine(entry('p'), plan.pinned[0]),
      indexLine(entry('a'), undefined),
      indexLine(entry('b'), undefined),
    ];
    // Room for every index line and 50 more characters: the index fits, the ~410-character pinned block does not.
    const room =
      artifactFloor(plan).overflow + 1 + lines.reduce((sum, line) => sum + line.length + 1, 0) + 50;
    const placed = placeArtifacts(plan, room);
    expect(placed.pinnedInFull).toEqual([]);
    expect(placed.spilled).toEqual([{ kind: 'pinned', id: 'p' }]);
    expect(placed.index!.split('\n').filter((l) => l.startsWith('- '))[0]).toContain('(`p`)');
    expect(placed.indexCount).toBe(3);
  });

  it('says how many lines it left out and how to list them', () => {
    const placed = placeArtifacts({ ...plan, pinned: [] }, artifactFloor(plan).overflow);
    expect(placed.index!.split('\n').at(-1)).toBe(
      '- …and 2 more not listed here for lack of room; `GET /v1/artifacts` lists them all.',
    );
    expect(placed.spilled.map((s) => s.id)).toEqual(['a', 'b']);
    expect(placed.indexCount).toBe(0);
  });

  it('shows no index when every artifact is pinned and fits', () => {
    const placed = placeArtifacts({ ...plan, menu: [] }, 10_000);
    expect(placed).toMatchObject({ index: null, indexCount: 0, spilled: [] });
  });
});
