import { parse } from './nlp';
import { resolveDates } from './resolve-dates';

const MONDAY = '2023-05-08T18:00:00Z';
const resolve = (text: string, past = false) => resolveDates(parse(text), MONDAY, past);

describe('resolveDates (compromise-dates against the turn)', () => {
  it.each([
    [
      'I passed the interviews last Friday.',
      true,
      'I passed the interviews on 5 May 2023.',
      '2023-05-05',
    ],
    [
      'I went to a support group yesterday.',
      true,
      'I went to a support group on 7 May 2023.',
      '2023-05-07',
    ],
    ['I quit my job on Friday.', true, 'I quit my job on 5 May 2023.', '2023-05-05'],
    [
      "I'm having an art show next month.",
      false,
      "I'm having an art show in June 2023.",
      '2023-06-01',
    ],
    ['I started painting 3 years ago.', true, 'I started painting in 2020.', '2020-05-08'],
    [
      'I want to run a marathon next spring.',
      false,
      'I want to run a marathon in spring 2024.',
      '2024-03-01',
    ],
    // A day something was moved to is ahead, whatever the tense, and keeps its "to".
    [
      'We moved the wedding to 6 September.',
      true,
      'We moved the wedding to 6 September 2023.',
      '2023-09-06',
    ],
    ['We moved her visit to 25 March.', true, 'We moved her visit to 25 March 2024.', '2024-03-25'],
    [
      'I am seeing my sister on Thursday.',
      false,
      'I am seeing my sister on 11 May 2023.',
      '2023-05-11',
    ],
  ])('%s → %s', (text, past, expected, day) => {
    expect(resolve(text, past)).toEqual({ text: expected, day, dated: true });
  });

  it('keeps an absolute time as said and still dates it', () => {
    expect(resolve('We moved to Leeds in 2019.', true)).toEqual({
      text: 'We moved to Leeds in 2019.',
      day: '2019-01-01',
      dated: true,
    });
  });

  it('reads "the day shift" as a kind of shift, no day', () => {
    expect(resolve('I moved to the day shift two weeks ago.', true)).toEqual({
      text: 'I moved to the day shift in the week of 24 April 2023.',
      day: '2023-04-24',
      dated: true,
    });
    expect(resolve('I moved to the day shift.', true)).toEqual({
      text: 'I moved to the day shift.',
      dated: false,
    });
  });

  it('leaves a sentence with no time alone', () => {
    expect(resolve('I love hiking.')).toEqual({ text: 'I love hiking.', dated: false });
  });
});
