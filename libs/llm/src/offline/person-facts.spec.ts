import type { SourceTurn } from '../extraction/source-turn';
import { extractPersonFacts } from './person-facts';

// Monday 8 May 2023
const MONDAY = '2023-05-08T18:00:00Z';
const said = (text: string, seq = 1, role: SourceTurn['role'] = 'user'): SourceTurn => ({
  seq,
  role,
  text,
  occurredAt: MONDAY,
});
const contents = (...turns: SourceTurn[]) => extractPersonFacts(turns).map((f) => f.content);

describe('extractPersonFacts (offline fact rules, issue 11)', () => {
  it('resolves a relative time against the turn and dates the event', () => {
    expect(
      extractPersonFacts([
        said('Caroline: I passed the adoption agency interviews last Friday!', 7),
      ]),
    ).toEqual([
      {
        factType: 'event',
        content: 'I passed the adoption agency interviews on 5 May 2023.',
        confidence: 'high',
        sourceTurns: [7],
        occurredOn: '2023-05-05',
      },
    ]);
  });

  it('dates an event that names no time by the day it was told', () => {
    expect(extractPersonFacts([said('I adopted a rescue dog from the shelter.')])).toEqual([
      expect.objectContaining({
        factType: 'event',
        content: 'I adopted a rescue dog from the shelter (by 8 May 2023).',
        occurredOn: '2023-05-08',
      }),
    ]);
  });

  it.each([
    ['a greeting', 'Hey Mel! Good to see you.'],
    ['a question', 'Have you ever been to the pottery studio downtown?'],
    ['thanks', 'Thanks so much for the lovely birthday card.'],
    ['an offer', "If you ever do it, let me know — I'd love to help in any way I can."],
    ['a reply', 'That sounds great.'],
    ['a pronoun whose referent is elsewhere', "I'd love to check them out."],
    ['a compliment about the other speaker', 'I love that you chose pottery for your art.'],
    ['a passing mood', "I'm so excited!"],
    ['someone else as the subject', 'Jon told me about his trip to Rome.'],
    ['a demonstrative pointing outside', 'I like that idea a lot.'],
    ['a request', 'Give Rex a hug from me!'],
    ['talk about the talk', 'I want to talk about my career.'],
  ])('keeps no fact from %s', (_, text) => {
    expect(extractPersonFacts([said(text)])).toEqual([]);
  });

  it("reads only the person's turns, never the other speaker's news", () => {
    expect(
      contents(
        said('I just got a new job at the museum!', 1, 'assistant'),
        said('Congrats on your new job at the museum!', 2),
      ),
    ).toEqual([]);
  });

  it('strips speaker labels and image captions from the statement', () => {
    expect(
      contents(
        said(
          'Caroline: We are putting together a talent show for the kids next month. [image: kids on a stage]',
        ),
      ),
    ).toEqual(['We are putting together a talent show for the kids in June 2023.']);
  });

  it('types a dated plan as an event even when it says "I\'d love to", and an open aim as a goal', () => {
    const facts = extractPersonFacts([
      said(
        "I'd love to go camping with my family this weekend. My goal is to become a school counselor.",
      ),
    ]);
    expect(facts.map((f) => [f.factType, f.content])).toEqual([
      ['event', "I'd love to go camping with my family on the weekend of 13 May 2023."],
      ['goal', 'My goal is to become a school counselor.'],
    ]);
  });

  it('types decisions, insights, values, preferences and relationships by what they say', () => {
    const facts = extractPersonFacts([
      said(
        'I decided to take a weekend pastry course. I realized that painting helps me relax. I value honesty in my friendships. I love hiking in the mountains. My husband Tom is a firefighter.',
      ),
    ]);
    expect(facts.map((f) => f.factType)).toEqual([
      'decision',
      'insight',
      'value',
      'preference',
      'relationship',
    ]);
  });

  it('keeps one fact for a statement said twice in other words, with both turns', () => {
    const facts = extractPersonFacts([
      said("Next month I'm having an LGBTQ art show.", 3),
      said("I'm putting together an LGBTQ art show next month.", 9),
    ]);
    expect(facts).toHaveLength(1);
    expect(facts[0].sourceTurns).toEqual([3, 9]);
  });

  it('names the subject a change of mind replaces: home, job, a goal', () => {
    const facts = extractPersonFacts([
      said(
        'I moved to Denver in 2019. I work as a nurse at the children’s hospital. I want to run a marathon. I have decided not to run the marathon anymore.',
      ),
    ]);
    expect(facts.map((f) => f.subject)).toEqual([
      'home',
      'job:children-s-hospital',
      'goal:marathon',
      'goal:marathon',
    ]);
  });

  it('names a job by its place, so a weekend job and a day job stay two jobs', () => {
    const subjects = (text: string) => extractPersonFacts([said(text)]).map((f) => f.subject);
    expect(subjects("I'm a nurse at St. Luke's, mostly night shifts these days.")).toEqual([
      'job:st-luke-s',
    ]);
    expect(subjects("I'm still working at the bakery on weekends.")).toEqual(['job:bakery']);
    // A time after "at" is no place; the workplace named elsewhere in the sentence is.
    expect(subjects("I'm leaving the hospital at the end of August to teach full time.")).toEqual([
      'job:hospital',
    ]);
    expect(subjects('I decided to step down as CTO and become chief product officer.')).toEqual([
      'job',
    ]);
  });

  it('names the group a person joins or leaves, and reads "I quit" as something done', () => {
    const facts = extractPersonFacts([
      {
        ...said('I sing in the community choir on Wednesday evenings.', 1),
        occurredAt: '2023-09-04T19:00:00Z',
      },
      {
        ...said('I quit the choir in August. Rehearsals clashed with my night shifts.', 2),
        occurredAt: '2023-09-25T19:00:00Z',
      },
      { ...said('I joined a running club last month.', 3), occurredAt: '2023-09-25T19:00:00Z' },
    ]);
    expect(facts.map((f) => [f.content, f.subject, f.occurredOn])).toEqual([
      [
        'I sing in the community choir on Wednesday evenings (as of 4 September 2023).',
        'activity:community-choir',
        '2023-09-04',
      ],
      [
        'I quit the choir in August 2023; rehearsals clashed with my night shifts.',
        'activity:choir',
        '2023-08-01',
      ],
      ['I joined a running club in August 2023.', 'activity:running-club', '2023-08-01'],
    ]);
    // A habit is not a report.
    expect(
      extractPersonFacts([said('I quit work early every Friday to pick up my son.')])[0]?.content,
    ).toContain('as of');
  });

  it('keeps a health statement as a fact for the proposal rule to gate', () => {
    expect(contents(said('I take metformin every day for my type 2 diabetes.'))).toEqual([
      'I take metformin every day for my type 2 diabetes (as of 8 May 2023).',
    ]);
  });

  it('keeps "Felix and I" as the person, and strips only a name said to someone', () => {
    expect(
      contents(
        said('Sadly, Felix and I broke up three weeks ago.'),
        said('Mel, I got the job at the museum!', 2),
      ),
    ).toEqual([
      'Felix and I broke up in the week of 17 April 2023.',
      'I got the job at the museum (by 8 May 2023).',
    ]);
  });

  it('leaves "in two years" as a span unless it is a plan', () => {
    expect(contents(said("I haven't taken a holiday in two years."))).toEqual([
      "I haven't taken a holiday in two years (by 8 May 2023).",
    ]);
  });

  it("states what a yes affirms of the other speaker's question about the person, unless the reply says it itself", () => {
    const ask = (question: string, reply: string) =>
      contents({ ...said(question, 1), role: 'assistant' }, said(reply, 2));
    expect(
      ask(
        'Still living in the student dorm?',
        'Yes, I share a tiny room in the dorm with my roommate Hanna.',
      ),
    ).toEqual([
      "I'm still living in the student dorm (as of 8 May 2023).",
      'I share a tiny room in the dorm with my roommate Hanna (as of 8 May 2023).',
    ]);
    expect(ask('Do you still play the cello in the city orchestra?', 'Yep.')).toEqual([
      'I still play the cello in the city orchestra (as of 8 May 2023).',
    ]);
    // An offer, a question about someone else, and a yes that restates the question in the person's words.
    expect(ask('Do you want me to send you the link to the pottery class?', 'Yes please!')).toEqual(
      [],
    );
    expect(ask('Is the marathon training still going?', 'Yes, mostly.')).toEqual([]);
    expect(
      ask('Will you keep your job at the agency?', "Yes, I'm keeping my design job at the agency."),
    ).toEqual(["I'm keeping my design job at the agency (as of 8 May 2023)."]);
  });

  it('keeps a copula statement whose verb is hidden in a contraction', () => {
    expect(contents(said("I'm a nurse at the children's hospital."))).toEqual([
      "I'm a nurse at the children's hospital (as of 8 May 2023).",
    ]);
  });

  it('keeps the reason said right after a change of mind with it, and the change names its subject', () => {
    const facts = extractPersonFacts([
      said(
        "I'm not running the marathon this year anymore. I don't have the time with classes, so I've stopped training.",
      ),
    ]);
    expect(facts).toEqual([
      expect.objectContaining({
        content:
          "I'm not running the marathon in 2023 anymore; I don't have the time with classes, so I've stopped training.",
        subject: 'goal:marathon',
      }),
    ]);
    // A goal said after a change stands on its own.
    expect(
      contents(said('I quit the choir last month. I want to learn the guitar this year.')),
    ).toHaveLength(2);
  });

  it('is deterministic', () => {
    const turns = [
      said('I moved to Leeds last year. I love baking bread on Sunday mornings. Thanks!'),
    ];
    expect(extractPersonFacts(turns)).toEqual(extractPersonFacts(turns));
  });
});
