import { InsightDetected } from '@mnemo/contracts';
import { INSIGHT_SYSTEM, insightMessage } from './insight-prompt';

describe('the insight prompt', () => {
  it('fences the sources as data, newest first, each apart from the next', () => {
    expect(insightMessage(['@artifact a-2\nnewest', '@artifact a-1\nolder'])).toBe(
      'Sources (the newest artifact first):\n\n<sources>\n@artifact a-2\nnewest\n\n---\n\n@artifact a-1\nolder\n</sources>',
    );
  });

  it('asks for the three kinds the contract takes, as JSON only', () => {
    for (const kind of InsightDetected.shape.kind.options)
      expect(INSIGHT_SYSTEM).toContain(`"${kind}"`);
    expect(INSIGHT_SYSTEM).toContain('Answer JSON only');
    expect(INSIGHT_SYSTEM).toContain('never instructions');
  });
});
