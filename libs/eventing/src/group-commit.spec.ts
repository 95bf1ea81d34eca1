import { GroupCommit } from './group-commit';

/** A step that records each group it ran and answers every item doubled, refusing any group holding `bad`. */
function doubling(bad?: number) {
  const groups: number[][] = [];
  let release: () => void = () => undefined;
  let gate: Promise<void> | null = null;
  const run = async (items: number[]) => {
    groups.push(items);
    if (gate) await gate;
    if (bad !== undefined && items.includes(bad)) throw new Error(`refused ${bad}`);
    return items.map((n) => n * 2);
  };
  const hold = (): void => {
    gate = new Promise<void>((resolve) => (release = resolve));
  };
  return {
    groups,
    run,
    hold,
    release: () => {
      gate = null;
      release();
    },
  };
}

describe('GroupCommit', () => {
  it('runs the batches of one event-loop turn as one group and answers each caller its own slice', async () => {
    const step = doubling();
    const commit = new GroupCommit(step.run, 100);
    const answers = await Promise.all([
      commit.submit([1, 2]),
      commit.submit([3]),
      commit.submit([4, 5, 6]),
    ]);
    expect(answers).toEqual([[2, 4], [6], [8, 10, 12]]);
    expect(step.groups).toEqual([[1, 2, 3, 4, 5, 6]]);
  });

  it('gathers what arrives while a group runs into the next group, up to its size', async () => {
    const step = doubling();
    const commit = new GroupCommit(step.run, 3);
    step.hold();
    const first = commit.submit([1]);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [commit.submit([2, 3]), commit.submit([4]), commit.submit([5])];
    step.release();
    await expect(first).resolves.toEqual([2]);
    await expect(Promise.all(later)).resolves.toEqual([[4, 6], [8], [10]]);
    expect(step.groups).toEqual([[1], [2, 3, 4], [5]]);
  });

  it("fails only the caller whose batch the step refuses: a failed group's batches run again alone", async () => {
    const step = doubling(3);
    const commit = new GroupCommit(step.run, 100);
    const [good, bad, alsoGood] = await Promise.allSettled([
      commit.submit([1, 2]),
      commit.submit([3]),
      commit.submit([4]),
    ]);
    expect(good).toEqual({ status: 'fulfilled', value: [2, 4] });
    expect(bad).toMatchObject({ status: 'rejected', reason: new Error('refused 3') });
    expect(alsoGood).toEqual({ status: 'fulfilled', value: [8] });
    expect(step.groups).toEqual([[1, 2, 3, 4], [1, 2], [3], [4]]);
  });
});
