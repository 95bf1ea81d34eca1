import { extractPersonFacts } from './person-facts';
import { elidedStatement, topicAnswer } from './answer-in-context';

const exchange = (question: string, reply: string) =>
  extractPersonFacts([
    { seq: 1, role: 'assistant', text: question, occurredAt: '2025-03-10T10:00:00Z' },
    { seq: 2, role: 'user', text: reply, occurredAt: '2025-03-10T10:02:00Z' },
  ]);

describe('answers that lean on the question', () => {
  it('carries the thing asked after into the fact', () => {
    const [fact, ...rest] = exchange(
      'And the metformin?',
      'Twice a day, but I keep forgetting the evening one.',
    );
    expect(rest).toEqual([]);
    expect(fact?.content).toBe('Metformin: twice a day, but they keep forgetting the evening one.');
    expect(fact?.sourceTurns).toEqual([2]);
  });

  it('makes a polar question answered with a fragment a statement with its detail', () => {
    expect(exchange('still vegan?', 'ya 2 yrs in march').map((f) => f.content)).toEqual([
      'Is still vegan, 2 years in March 2025.',
    ]);
    expect(
      elidedStatement('Are you still walking?', 'Round the park with Mabel every morning.'),
    ).toBe("I'm still walking, round the park with Mabel every morning.");
  });

  it('leaves out what is said to the other speaker', () => {
    expect(
      exchange('Any alcohol?', "A sherry on a Sunday. I'm not giving that up, before you ask.").map(
        (f) => f.content,
      ),
    ).toEqual(['Alcohol: a sherry on a Sunday; they are not giving that up.']);
  });

  it('stores nothing for a no, a reaction, how the person is, or a reply with its own subject', () => {
    expect(exchange('Lovely. Any falls?', 'No, touch wood.')).toEqual([]);
    expect(exchange('How are the resolutions going?', 'Mixed.')).toEqual([]);
    expect(topicAnswer('How was your weekend?', 'Good, quiet, a walk on the beach.')).toBeNull();
    expect(topicAnswer('And the move?', 'Glasgow is off.')).toBeNull();
    expect(elidedStatement('Do you want me to book it?', 'Next Tuesday.')).toBeNull();
  });
});
