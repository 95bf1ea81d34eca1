import { classifySensitivity, mayShowInContext, withoutSensitiveSentences } from './sensitivity';

const check = (content: string, category?: string) => classifySensitivity({ content, category });

describe('classifySensitivity', () => {
  it.each([
    ['Was diagnosed with a thyroid problem last year.', 'health_condition'],
    ['Takes lisinopril every morning.', 'medication'],
    ['Switched from metoprolol to atorvastatin.', 'medication'],
    ['Uses fluconazole for a recurring infection.', 'medication'],
    ['Takes 50 mg of something at night.', 'medication'],
    ['Started on insulin in March.', 'medication'],
    ['I have ADHD and lose track of time.', 'health_condition'],
    ['Has type 2 diabetes.', 'health_condition'],
    ['I have asthma, so winter runs are hard.', 'health_condition'],
    ['I have depression that comes and goes.', 'health_condition'],
    ['I struggle with anxiety before flights.', 'health_condition'],
    ['Lives with chronic pain in the lower back.', 'limitation'],
    ['Uses a wheelchair since the accident.', 'limitation'],
    ['Has a disability that limits typing.', 'limitation'],
    ['Sees a therapist every Tuesday.', 'health_condition'],
    ['Started cognitive behavioural therapy in May.', 'health_condition'],
    ['Was prescribed something for sleep.', 'health_condition'],
    ['Gets migraines when sleep-deprived.', 'health_condition'],
  ])('proposes "%s" (%s)', (content, kind) => {
    const result = check(content);
    expect(result).toMatchObject({ sensitive: true, kind });
    expect(result.sensitive && result.reason.length).toBeGreaterThan(0);
  });

  it.each([
    "I'm tired of meetings.",
    'Wants to run a marathon next spring.',
    'Feels anxious about the product demo.',
    'My retail therapy is buying old books.',
    'Values honesty over comfort.',
    'Has a lot of pressure at work this quarter.',
    'Decided to move to Lisbon in April.',
    'Studied the Great Depression in college.',
    'Prefers stationery from small shops.',
    'Is building a data pipeline at work.',
    'Loves hiking in the alpine meadows.',
    'Finds the team a bit depressing on Mondays.',
    'Uses visual aids when presenting.',
  ])('saves "%s" as an ordinary fact', (content) => {
    expect(check(content)).toEqual({ sensitive: false });
  });

  it('proposes by category, whatever the wording', () => {
    expect(check('Takes one every morning.', 'Medication')).toEqual({
      sensitive: true,
      kind: 'medication',
      reason: 'category: medication',
    });
    expect(check('Knees are not great.', 'limitation')).toMatchObject({
      sensitive: true,
      kind: 'limitation',
    });
    expect(check('Wants to run more.', 'goal')).toEqual({ sensitive: false });
  });

  it('reads curly apostrophes like straight ones', () => {
    expect(check('I’ve got anxiety most mornings.')).toMatchObject({ sensitive: true });
  });

  it('still catches therapy mentioned next to retail therapy', () => {
    expect(check('Retail therapy is fun, but seeing a therapist helps more.')).toMatchObject({
      sensitive: true,
    });
  });
});

describe('withoutSensitiveSentences', () => {
  it('drops the sentences that carry health details and keeps the rest word for word', () => {
    const line =
      'Last time: - User: I want to run a marathon next spring. - User: I take metformin every day for my type 2 diabetes. We planned the long runs.';
    expect(withoutSensitiveSentences(line)).toBe(
      'Last time: - User: I want to run a marathon next spring. We planned the long runs.',
    );
  });

  it('leaves a line with nothing sensitive unchanged', () => {
    const line = 'Last time: talked about the move to Lisbon. Dr. Costa is the new manager.';
    expect(withoutSensitiveSentences(line)).toBe(line);
  });
});

describe('mayShowInContext', () => {
  const fact = (content: string, sensitive: boolean, confirmed: boolean) => ({
    content,
    sensitive,
    confirmed,
  });

  it('shows an ordinary fact whatever the switch', () => {
    expect(mayShowInContext(fact('Moved to Lisbon in May 2024.', false, false), false)).toBe(true);
  });

  it('holds back a sensitive fact while the health module is off, confirmed or not', () => {
    expect(mayShowInContext(fact('Takes metformin daily.', true, true), false)).toBe(false);
  });

  it('judges the wording too, so a fact stored without the flag is still held back', () => {
    expect(mayShowInContext(fact('Takes metformin daily.', false, false), false)).toBe(false);
  });

  it('shows a confirmed sensitive fact with the module on, never an unconfirmed one', () => {
    expect(mayShowInContext(fact('Takes metformin daily.', true, true), true, true)).toBe(true);
    expect(mayShowInContext(fact('Takes metformin daily.', true, false), true, true)).toBe(false);
  });

  it('keeps a medication out while the medications module is off, health module on or not', () => {
    expect(mayShowInContext(fact('Takes metformin daily.', true, true), true, false)).toBe(false);
    expect(mayShowInContext(fact('I take melatonin most nights.', true, true), true)).toBe(false);
    // a health detail that is no medication needs only the health module
    expect(mayShowInContext(fact('Has type 2 diabetes.', true, true), true, false)).toBe(true);
  });
});
