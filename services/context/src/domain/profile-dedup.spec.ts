import { dropMemoriesInProfile } from './profile-dedup';

describe('dropMemoriesInProfile', () => {
  const profile = 'She VALUES honesty over\ncomfort and runs every morning.';

  it('drops a memory the core profile already states, case-insensitively and across line breaks', () => {
    const kept = dropMemoriesInProfile(
      [{ content: 'values honesty over comfort' }, { content: 'Has a dog named Pixel.' }],
      profile,
    );
    expect(kept).toEqual([{ content: 'Has a dog named Pixel.' }]);
  });

  it('keeps every memory when there is no profile', () => {
    const memories = [{ content: 'Runs every morning.' }];
    expect(dropMemoriesInProfile(memories, null)).toEqual(memories);
    expect(dropMemoriesInProfile(memories, undefined)).toEqual(memories);
  });

  it('drops a memory with no text', () => {
    expect(dropMemoriesInProfile([{ content: '  \n ' }], null)).toEqual([]);
  });

  it('keeps a memory the profile only partly covers', () => {
    expect(
      dropMemoriesInProfile([{ content: 'Runs every morning before work.' }], profile),
    ).toHaveLength(1);
  });
});
