import { CallLabel } from '@mnemo/contracts';
import { DEFAULT_CAPS, poolsForLabel } from './cost-pools';

describe('cost pools', () => {
  it('uses the documented caps by default', () => {
    expect(DEFAULT_CAPS).toEqual({ compaction: 0.5, session: 0.35, profile: 0.15 });
  });

  it.each([
    ['compaction', ['compaction', 'session']],
    ['memory', ['session']],
    ['profile', ['profile']],
    ['insight', ['session']],
    ['decision', ['session']],
    ['skill', ['session']],
    ['embedding', ['session']],
  ] as const)('counts a %s call against %j', (label, pools) => {
    expect(poolsForLabel(label)).toEqual(pools);
  });

  it('keeps memory extraction out of the profile pool', () => {
    expect(poolsForLabel('memory')).not.toContain('profile');
  });

  it('gives every label at least one pool', () => {
    for (const label of CallLabel.options) expect(poolsForLabel(label).length).toBeGreaterThan(0);
  });

  it('hands out a copy, so a caller cannot change the table', () => {
    poolsForLabel('memory').push('profile');
    expect(poolsForLabel('memory')).toEqual(['session']);
  });
});
