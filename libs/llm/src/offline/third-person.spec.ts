import { thirdSingular, toThirdPerson } from './third-person';

describe('toThirdPerson (a statement of the person as a note about them)', () => {
  it.each([
    ['I want to run a marathon in spring 2027.', 'Wants to run a marathon in spring 2027.'],
    ["I'm a nurse at St. Luke's.", "Is a nurse at St. Luke's."],
    ["I've lived in Boston for eight years.", 'Has lived in Boston for eight years.'],
    ['I have a sister, Anna; we talk every Sunday.', 'Has a sister, Anna; they talk every Sunday.'],
    ['I really enjoy cooking for my friends.', 'Really enjoys cooking for their friends.'],
    ["I don't eat meat.", 'Does not eat meat.'],
    ["I'd love to learn the cello.", 'Would love to learn the cello.'],
    ['My sister Lily does ceramics.', 'Their sister Lily does ceramics.'],
    ['On 5 May 2023 I passed the interviews.', 'Passed the interviews on 5 May 2023.'],
    ['Sam and I moved to Denver.', 'Moved to Denver with Sam.'],
    ['I think I am ready.', 'Thinks they are ready.'],
    ['I got back from Mexico City.', 'Got back from Mexico City.'],
  ])('%s → %s', (said, note) => {
    expect(toThirdPerson(said)).toBe(note);
  });

  it('keeps a past verb that reads like a present one when the statement is in the past', () => {
    expect(toThirdPerson('I quit the choir.', { past: true })).toBe('Quit the choir.');
    expect(toThirdPerson('I quit early on Fridays.')).toBe('Quits early on Fridays.');
  });

  it('gives a verb the -s of the third person', () => {
    expect(['want', 'go', 'study', 'watch', 'have', 'play'].map(thirdSingular)).toEqual([
      'wants',
      'goes',
      'studies',
      'watches',
      'has',
      'plays',
    ]);
  });
});
