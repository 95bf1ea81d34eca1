import { proposePlans } from './propose-plans';

const said = (...texts: string[]) =>
  proposePlans(texts.map((text, i) => ({ seq: i + 1, role: 'user' as const, text })));

describe('proposePlans (offline)', () => {
  it.each([
    [
      'I want to walk 8,000 steps a day.',
      'Walk 8,000 steps a day',
      { metric: 'steps', unit: 'steps', target: 8000, direction: 'at_least' },
    ],
    [
      'ok so my goal is to hit 10k steps every day from now on',
      'Walk 10,000 steps a day',
      { metric: 'steps', unit: 'steps', target: 10000, direction: 'at_least' },
    ],
    [
      "I'm going to sleep 8 hours, I'm wrecked.",
      'Sleep 8 hours a night',
      { metric: 'sleep_hours', unit: 'h', target: 8, direction: 'at_least' },
    ],
    [
      'I will drink 2 litres of water a day.',
      'Drink 2 litres of water a day',
      { metric: 'water', unit: 'l', target: 2, direction: 'at_least' },
    ],
    [
      "I'd like to meditate for 10 minutes every morning.",
      'Meditate 10 minutes a day',
      { metric: 'active_minutes', unit: 'min', target: 10, direction: 'at_least' },
    ],
    [
      'I want to keep my screen time under 2 hours a day.',
      'At most 2 hours of screen time a day',
      { metric: 'screen_time', unit: 'h', target: 2, direction: 'at_most' },
    ],
    [
      'I want to walk eight thousand steps a day.',
      'Walk 8,000 steps a day',
      { metric: 'steps', unit: 'steps', target: 8000, direction: 'at_least' },
    ],
  ])('proposes a plan measured by its metric from "%s"', (text, title, measure) => {
    expect(said(text)).toEqual([{ title, measure, sourceTurns: [1] }]);
  });

  it.each([
    'I walked 8,000 steps yesterday.',
    "I don't want to walk 8,000 steps a day.",
    'My wife wants to walk 10,000 steps a day.',
    'Maybe I want to walk 8,000 steps a day someday.',
    'I want to walk more.',
    'Should I walk 8,000 steps a day?',
    'I want to buy 2 litres of milk.',
    'I want to finish the report in 3 hours.',
  ])('proposes nothing from "%s"', (text) => {
    expect(said(text)).toEqual([]);
  });

  it("reads only the person's turns, one plan per turn", () => {
    const plans = proposePlans([
      { seq: 1, role: 'assistant', text: 'You should walk 8,000 steps a day.' },
      {
        seq: 2,
        role: 'user',
        text: 'I want to walk 9,000 steps a day. I also want to sleep 8 hours a night.',
      },
      { seq: 3, role: 'user', text: "And I'm going to drink 2 litres of water a day." },
    ]);
    expect(plans.map((p) => [p.title, p.sourceTurns])).toEqual([
      ['Walk 9,000 steps a day', [2]],
      ['Drink 2 litres of water a day', [3]],
    ]);
  });
});
