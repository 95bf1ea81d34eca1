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

describe('extractPersonFacts (offline fact rules)', () => {
  it('resolves a relative time against the turn and dates the event', () => {
    expect(
      extractPersonFacts([
        said('Caroline: I passed the adoption agency interviews last Friday!', 7),
      ]),
    ).toEqual([
      {
        factType: 'event',
        content: 'Passed the adoption agency interviews on 5 May 2023.',
        confidence: 'high',
        sourceTurns: [7],
        occurredOn: '2023-05-05',
      },
    ]);
  });

  it('dates an event that names no time by the day it was told, in occurredOn and not in the text', () => {
    expect(extractPersonFacts([said('I adopted a rescue dog from the shelter.')])).toEqual([
      expect.objectContaining({
        factType: 'event',
        content: 'Adopted a rescue dog from the shelter.',
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
    ).toEqual(['Is putting together a talent show for the kids in June 2023.']);
  });

  it('types an aim as a goal, dated or not, and writes it about the person', () => {
    const facts = extractPersonFacts([
      said(
        "I'd love to go camping with my family this weekend. My goal is to become a school counselor.",
      ),
    ]);
    expect(facts.map((f) => [f.factType, f.content])).toEqual([
      ['goal', 'Would love to go camping with their family on the weekend of 13 May 2023.'],
      ['goal', 'Their goal is to become a school counselor.'],
    ]);
  });

  it('types decisions, values, preferences, relationships and facts by what they say, a realization by what was realized', () => {
    const facts = extractPersonFacts([
      said(
        'I decided to take a weekend pastry course. I realized that I enjoy painting. I value honesty in my friendships. I love hiking in the mountains. My husband Tom is a firefighter. I work as a nurse.',
      ),
    ]);
    expect(facts.map((f) => [f.factType, f.content])).toEqual([
      ['decision', 'Decided to take a weekend pastry course.'],
      ['preference', 'Enjoys painting.'],
      ['value', 'Values honesty in their friendships.'],
      ['preference', 'Loves hiking in the mountains.'],
      ['relationship', 'Their husband Tom is a firefighter.'],
      ['fact', 'Works as a nurse.'],
    ]);
  });

  it('keeps one fact for a statement said twice in other words, with both turns', () => {
    const facts = extractPersonFacts([
      said("Next month I'm having an LGBTQ art show.", 3),
      said("I'm putting together an LGBTQ art show next month.", 9),
    ]);
    expect(facts).toHaveLength(1);
    expect(facts[0]?.sourceTurns).toEqual([3, 9]);
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

  it('names a goal by its object, never by an article the parser took for a noun ("a flat")', () => {
    const subjects = (text: string) => extractPersonFacts([said(text)]).map((f) => f.subject);
    expect(subjects('I plan to save for a flat.')).toEqual(['goal:flat']);
    expect(subjects('I plan to save for a house.')).toEqual(['goal:house']);
  });

  it('gives who the person lives with no home of its own, so a move leaves the roommate alone', () => {
    const facts = extractPersonFacts([
      said('I share a tiny room in the dorm with my roommate Hanna.'),
    ]);
    expect(facts.map((f) => [f.factType, f.subject])).toEqual([['relationship', undefined]]);
    expect(extractPersonFacts([said('I moved into a flat in Schwabing.')])[0]?.subject).toBe(
      'home',
    );
    expect(
      extractPersonFacts([said('I live in London with my wife Sara and our son Adam.')])[0]
        ?.subject,
    ).toBe('home');
  });

  it('reads a title\'s full stop as no end of the sentence: "at St. Luke\'s"', () => {
    expect(
      contents(
        said(
          "I moved to the day shift at St. Luke's two weeks ago, so my evenings are free again.",
        ),
      ),
    ).toEqual(["Moved to the day shift at St. Luke's in the week of 24 April 2023."]);
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
        'Sings in the community choir on Wednesday evenings.',
        'activity:community-choir',
        undefined,
      ],
      [
        'Quit the choir in August 2023; rehearsals clashed with their night shifts.',
        'activity:choir',
        '2023-08-01',
      ],
      ['Joined a running club in August 2023.', 'activity:running-club', '2023-08-01'],
    ]);
    // A habit is not a report: it keeps the present tense.
    expect(
      extractPersonFacts([said('I quit work early every Friday to pick up my son.')])[0]?.content,
    ).toBe('Quits work early every Friday to pick up their son.');
  });

  it('keeps a health statement as a fact for the proposal rule to gate', () => {
    expect(contents(said('I take metformin every day for my type 2 diabetes.'))).toEqual([
      'Takes metformin every day for their type 2 diabetes.',
    ]);
  });

  it('keeps "Felix and I" as the person, and strips only a name said to someone', () => {
    expect(
      contents(
        said('Sadly, Felix and I broke up three weeks ago.'),
        said('Mel, I got the job at the museum!', 2),
      ),
    ).toEqual(['Broke up in the week of 17 April 2023 with Felix.', 'Got the job at the museum.']);
  });

  it('leaves "in two years" as a span unless it is a plan', () => {
    expect(contents(said("I haven't taken a holiday in two years."))).toEqual([
      'Has not taken a holiday in two years.',
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
      'Is still living in the student dorm.',
      'Shares a tiny room in the dorm with their roommate Hanna.',
    ]);
    expect(ask('Do you still play the cello in the city orchestra?', 'Yep.')).toEqual([
      'Still plays the cello in the city orchestra.',
    ]);
    // An offer, a question about someone else, and a yes that restates the question in the person's words.
    expect(ask('Do you want me to send you the link to the pottery class?', 'Yes please!')).toEqual(
      [],
    );
    expect(ask('Is the marathon training still going?', 'Yes, mostly.')).toEqual([]);
    expect(
      ask('Will you keep your job at the agency?', "Yes, I'm keeping my design job at the agency."),
    ).toEqual(['Is keeping their design job at the agency.']);
  });

  it('keeps a copula statement whose verb is hidden in a contraction', () => {
    expect(contents(said("I'm a nurse at the children's hospital."))).toEqual([
      "Is a nurse at the children's hospital.",
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
          "Is not running the marathon in 2023 anymore; they don't have the time with classes, so they have stopped training.",
        subject: 'goal:marathon',
      }),
    ]);
    // A goal said after a change stands on its own.
    expect(
      contents(said('I quit the choir last month. I want to learn the guitar this year.')),
    ).toHaveLength(2);
  });

  it('gives the goal, the preference, the decision, the sister and the medication of five plain statements, written about the person', () => {
    const facts = extractPersonFacts([
      said('I want to run a marathon next spring, that is my big goal this year.', 1),
      said('I prefer working early in the morning, before nine, when it is quiet.', 3),
      said('I decided to leave the bank and study product design.', 5),
      said('I have a sister, Anna, in Berlin; we talk every Sunday.', 7),
      said('I take metformin every morning for my diabetes.', 9),
    ]);
    expect(facts.map((f) => [f.factType, f.content, f.occurredOn])).toEqual([
      ['goal', 'Wants to run a marathon in spring 2024, their big goal in 2023.', '2024-03-01'],
      [
        'preference',
        'Prefers working early in the morning, before nine, when it is quiet.',
        undefined,
      ],
      ['decision', 'Decided to leave the bank and study product design.', undefined],
      ['relationship', 'Has a sister, Anna, in Berlin; they talk every Sunday.', undefined],
      ['fact', 'Takes metformin every morning for their diabetes.', undefined],
    ]);
  });

  it.each([
    ['agreement', 'I totally agree, Mel.'],
    ['leaving the chat', "I'm off to go do some research."],
    ['talk about the chat', 'A lot happened since our last chat.'],
    ['an opinion about the world', 'Relaxing and expressing ourselves is key.'],
    ['an opinion behind "I think"', 'I think the new mayor is doing a terrible job.'],
    ['a reaction to the other speaker', "I'm so happy for you and your new job."],
    ['an option still open', 'I could ask a couple of leads in other teams how they handle it.'],
    ['a choice put off', "I'll decide after Lisbon."],
    ['options with no pick', 'I might go for a 10k next, or maybe a half, no idea.'],
  ])('stores nothing from %s', (_, text) => {
    expect(extractPersonFacts([said(text)])).toEqual([]);
  });

  it('keeps a view of themselves behind "I think", without the hedge', () => {
    expect(contents(said("I think I'm finally ready to look for a new job."))).toEqual([
      'Is finally ready to look for a new job.',
    ]);
  });

  it('gives a texted statement its subject back: a past verb or a verb of liking, never a request', () => {
    expect(contents(said('cant. physio. tore my calf sat'))).toEqual([
      'Tore their calf on 6 May 2023.',
    ]);
    expect(contents(said('hate flying tho'))).toEqual(['Hates flying.']);
    expect(contents(said('wanna learn portuguese b4 we go back'))).toEqual([
      'Wants to learn portuguese before they go back.',
    ]);
    expect(contents(said('Add a retry to the invoice client.'))).toEqual([]);
  });

  it('joins the words after a yes to what was asked, when they are no sentence of their own', () => {
    expect(
      contents(
        said('Are you still taking the ibuprofen?', 1, 'assistant'),
        said('Yes, 400 milligrams twice a day with food.', 2),
      ),
    ).toEqual(['Is still taking the ibuprofen, 400 milligrams twice a day with food.']);
    expect(
      contents(said('still at the bike shop?', 1, 'assistant'), said('yep. manager now', 2)),
    ).toEqual(['Is still at the bike shop, manager now.']);
  });

  it('reads a rambling sentence clause by clause, and "she" as the one of theirs named last', () => {
    expect(
      extractPersonFacts([
        said(
          'And then my sister called, Moira, she lives in Galway, so I am going to be an aunt again, which is lovely, you know.',
        ),
      ]).map((f) => [f.factType, f.content]),
    ).toEqual([
      ['relationship', 'Their sister Moira lives in Galway.'],
      ['goal', 'Is going to be an aunt again.'],
    ]);
    expect(
      contents(
        said("How's your mum?", 1, 'assistant'),
        said('She lives with us since her surgery.', 2),
      ),
    ).toEqual(['Their mum lives with them since her surgery.']);
    // With no one of theirs named, "she" still points outside.
    expect(contents(said('She lives with us since her surgery.'))).toEqual([]);
  });

  it.each([
    ['leaving', 'Now I must go cook the dinner.'],
    ['what did not happen', 'I was supposed to go to the farmers market this morning.'],
    ['how it felt', 'Exhausting and wonderful.'],
  ])('stores nothing from %s', (_, text) => {
    expect(extractPersonFacts([said(text)])).toEqual([]);
  });

  it('types a like that still holds, an aim of the couple and a day set for leave by what they say', () => {
    const types = (text: string) => extractPersonFacts([said(text)]).map((f) => f.factType);
    expect(types("I've always loved the mountains.")).toEqual(['preference']);
    expect(types('I do my best work in small teams.')).toEqual(['preference']);
    expect(types('We hope to close the seed round by March.')).toEqual(['goal']);
    expect(types("I'm saving up to visit my grandparents in Kumasi.")).toEqual(['goal']);
    expect(types("I'm off on paternity leave from June 2.")).toEqual(['event']);
  });

  it('reads a plan said as "the plan is" and a habit that changed, said with no subject, as the person\'s', () => {
    expect(contents(said('The plan is to move to Lisbon in the autumn.'))).toEqual([
      'Plans to move to Lisbon in autumn 2023.',
    ]);
    expect(contents(said('Sleeping much better.'))).toEqual(['Is sleeping much better.']);
    expect(contents(said('Feeling better today.'))).toEqual([]);
  });

  it('keeps what the person could or could not do', () => {
    expect(contents(said('I could barely walk after the race.'))).toEqual([
      'Could barely walk after the race.',
    ]);
  });

  it("types a plan named as the person's, a learner's want and like, a short favourite and a polite dislike", () => {
    const types = (text: string) => extractPersonFacts([said(text)]).map((f) => f.factType);
    expect(types('My plan is to buy a house by the end of next year.')).toEqual(['goal']);
    expect(types('I want make Irish friends, not only Ukrainian.')).toEqual(['goal']);
    expect(types('I like more the tea than the coffee.')).toEqual(['preference']);
    expect(types('My fav show right now is Severance.')).toEqual(['preference']);
    expect(types("I'm not one for cooking for one, never have been.")).toEqual(['preference']);
    expect(types("I've restarted Portuguese, twice a week, with Hana.")).toEqual(['fact']);
    expect(types('Started climbing Tuesday nights.')).toEqual(['fact']);
  });

  it('reads a coding session among short answers, and keeps the clause about the person', () => {
    const facts = extractPersonFacts([
      said('yes please. and we always use vitest in this repo, not jest', 1),
      said('thanks. hmm no, I prefer fake timers over bigger timeouts', 3),
      said('nice.', 5),
      said("cool. I'm off on paternity leave from June 2, so Priyank will own this repo", 7),
    ]);
    expect(facts.map((f) => [f.factType, f.content])).toEqual([
      ['decision', 'We always use vitest in this repo, not jest.'],
      ['preference', 'Prefers fake timers over bigger timeouts.'],
      ['event', 'Is off on paternity leave on 2 June 2023.'],
    ]);
  });

  it('reads what matters to the person as a value, and the body and the doctor as theirs', () => {
    const facts = (text: string) =>
      extractPersonFacts([said(text)]).map((f) => [f.factType, f.content]);
    expect(facts('The climate thing matters to me a lot.')).toEqual([
      ['value', 'Cares about the climate thing.'],
    ]);
    expect(facts('Learning new things is what keeps me going, it always has been.')).toEqual([
      ['value', 'Values learning new things most.'],
    ]);
    expect(facts('The knee is still giving me trouble on the stairs.')).toEqual([
      ['fact', 'Their knee is still giving them trouble on the stairs.'],
    ]);
    expect(facts('The doctor doubled my amlodipine dose because my readings were high.')).toEqual([
      ['event', 'Their doctor doubled their amlodipine dose because their readings were high.'],
    ]);
    expect(facts('The doctor said the weather is turning.')).toEqual([]);
    expect(facts('Yes. By the way, my daughter Sofia started kindergarten.')).toEqual([
      ['relationship', 'Their daughter Sofia started kindergarten.'],
    ]);
    expect(facts('The doctor put me on amlodipine, 5 milligrams in the morning.')).toEqual([
      ['event', 'Was put on amlodipine, 5 milligrams in the morning.'],
    ]);
    expect(facts("I'm going to do a pop-up stall at the market instead.")).toEqual([
      ['decision', 'Is going to do a pop-up stall at the market instead.'],
    ]);
  });

  it.each([
    ['the weather', "We had rain last week and they're finally going red."],
    ['a "no" it cannot keep whole', 'no running for 6 weeks'],
    ['how they are doing', "I've been good, keeping busy."],
    ['what they do this minute', "I'm going to grab some lunch."],
    ['a wish to see what the other has', "I'd love to see pictures!"],
    ['what might have been', 'I wish I could have been there!'],
    ['a compliment behind a lead-in', "I've got to say, the garden looks amazing."],
  ])('stores nothing from %s', (_, text) => {
    expect(extractPersonFacts([said(text)])).toEqual([]);
  });

  it('keeps states of life and body, views of themselves behind a lead-in, and wants, typed', () => {
    const facts = (text: string) =>
      extractPersonFacts([said(text)]).map((f) => [f.factType, f.content]);
    expect(facts("I'm allergic to penicillin.")).toEqual([['fact', 'Is allergic to penicillin.']]);
    expect(facts('We got engaged in March!')).toEqual([['event', 'Got engaged in March 2023.']]);
    expect(facts("I'd say I'm someone who values independence.")).toEqual([
      ['value', 'Is someone who values independence.'],
    ]);
    expect(facts("I guess what I'm trying to say is that I want more freedom at work.")).toEqual([
      ['goal', 'Wants more freedom at work.'],
    ]);
    expect(facts("I'm not really a morning person.")).toEqual([
      ['preference', 'Is not really a morning person.'],
    ]);
    expect(
      contents(said('Still vegetarian?', 1, 'assistant'), said('Yep, seven years now.', 2)),
    ).toEqual(['Is still vegetarian, seven years now.']);
  });

  it("reads a non-native speaker's word order and a change of mind said with a lead-in", () => {
    const facts = (text: string) =>
      extractPersonFacts([said(text)]).map((f) => [f.factType, f.content, f.subject]);
    expect(facts('My wife she is teacher.')).toEqual([
      ['relationship', 'Their wife is teacher.', undefined],
    ]);
    expect(facts('I like very much football.')).toEqual([
      ['preference', 'Likes very much football.', undefined],
    ]);
    expect(facts('I am working in bank since 2019.')).toEqual([
      ['fact', 'Is working in bank since 2019.', undefined],
    ]);
    expect(facts("I've lived in Boston since 2015.")).toEqual([
      ['fact', 'Has lived in Boston since 2015.', 'home'],
    ]);
    expect(facts("Scratch that, I'm staying in Lyon.")).toEqual([
      ['fact', 'Is staying in Lyon.', 'home'],
    ]);
    expect(facts("I'm done with dating apps.")).toEqual([
      ['decision', 'Is done with dating apps.', 'goal:dating'],
    ]);
  });

  it('reads what a coaching client wants, loves and values when they say it the long way round', () => {
    const facts = (text: string) =>
      extractPersonFacts([said(text)]).map((f) => [f.factType, f.content]);
    expect(facts('What I really want is to feel like my work matters.')).toEqual([
      ['goal', 'Wants to feel like their work matters.'],
    ]);
    expect(facts('The thing I value most is honesty.')).toEqual([['value', 'Values honesty.']]);
    expect(facts('Family comes first for me, always.')).toEqual([['value', 'Values family most.']]);
    expect(facts("I've realized that I'm happiest when I'm building something.")).toEqual([
      ['fact', 'Is happiest when they are building something.'],
    ]);
  });

  it('makes a bare answer to a question about who the person is the statement it asks for', () => {
    const qa = (question: string, answer: string) =>
      extractPersonFacts([said(question, 1, 'assistant'), said(answer, 2)]).map((f) => [
        f.factType,
        f.content,
      ]);
    expect(qa('What do you do for work?', 'Teacher. Primary school.')).toEqual([
      ['fact', 'Works as a teacher, primary school.'],
    ]);
    expect(qa('Where are you based?', 'Just outside Manchester.')).toEqual([
      ['fact', 'Lives just outside Manchester.'],
    ]);
    expect(qa('Do you have any pets?', 'Yeah, two dogs, Bella and Max.')).toEqual([
      ['relationship', 'Has pets, two dogs, Bella and Max.'],
    ]);
    expect(
      qa('And outside work, what matters to you?', 'My kids, first and foremost. I have two boys.'),
    ).toEqual([
      ['value', 'Values their kids, first and foremost.'],
      ['relationship', 'Has two boys.'],
    ]);
    expect(qa("What's your main goal this year?", 'To run a marathon.')).toEqual([
      ['goal', 'Their goal is to run a marathon.'],
    ]);
    expect(qa("What's your favourite food?", 'Sushi, definitely.')).toEqual([
      ['preference', 'Their favourite food is sushi, definitely.'],
    ]);
    // An answer with a verb of its own says it itself; one that is no answer says nothing.
    expect(qa('What do you do?', 'Not much, just chilling.')).toEqual([]);
  });

  it('reads "that" before a thing named in two words as "the", never before a clause or an idea', () => {
    expect(contents(said('Yeah, I painted that lake sunrise last year!'))).toEqual([
      'Painted the lake sunrise in 2022.',
    ]);
    expect(contents(said('I noticed that my co-founder Ravi handles investor questions.'))).toEqual(
      ['Their co-founder Ravi handles investor questions.'],
    );
    expect(contents(said('I like that idea.'))).toEqual([]);
    expect(contents(said('Family is everything to me, they keep me grounded.'))).toEqual([
      'Cares about family, they keep them grounded.',
    ]);
  });

  it('types a habit begun as a fact, a like held since childhood as a preference, a trip together as an event', () => {
    const types = (text: string) => extractPersonFacts([said(text)]).map((f) => f.factType);
    expect(types("I've started volunteering at an animal shelter on Sundays.")).toEqual(['fact']);
    expect(types('I started a new job on Monday.')).toEqual(['event']);
    expect(types("I've supported Arsenal since I was six.")).toEqual(['preference']);
    expect(types('I never enjoyed managing people.')).toEqual(['preference']);
    expect(types('My partner and I hiked in the Dolomites last week.')).toEqual(['event']);
  });

  it('reads the thing asked about, their people said again as "them", and a belief about anyone', () => {
    expect(
      contents(
        said('And the gap year idea?', 1, 'assistant'),
        said("Dropped it. I'd rather start straight away.", 2),
      ),
    ).toEqual(['Dropped the gap year idea; they would rather start straight away.']);
    expect(
      contents(said("I'm saving up to visit my grandparents. I haven't seen them in five years.")),
    ).toEqual([
      'Is saving up to visit their grandparents.',
      'Has not seen their grandparents in five years.',
    ]);
    expect(
      contents(said("I've always believed you should tell people the truth, even when it hurts.")),
    ).toEqual(['Has always believed one should tell people the truth, even when it hurts.']);
    expect(contents(said("Okay so, don't laugh, but I've switched to Glasgow."))).toEqual([
      'Has switched to Glasgow.',
    ]);
  });

  it('leaves out a clause said for effect, and keeps something found to love as a preference', () => {
    expect(
      extractPersonFacts([
        said(
          "The substitute just talked about brushes for an hour, but I didn't pay for a lecture on brushes, did I. But honestly I've found something I really love, painting skies.",
        ),
      ]).map((f) => [f.factType, f.content]),
    ).toEqual([['preference', 'Has found something they really love, painting skies.']]);
  });

  it('is deterministic', () => {
    const turns = [
      said('I moved to Leeds last year. I love baking bread on Sunday mornings. Thanks!'),
    ];
    expect(extractPersonFacts(turns)).toEqual(extractPersonFacts(turns));
  });
  it('reads each item of a counted list, and texting spelled short', () => {
    expect(
      contents(
        said("One, I'm learning German. Two, I'm finally leaving the insurance job."),
        said('still at ur mums?', 2, 'assistant'),
        said('ya til aug. then moving w dev', 3),
      ),
    ).toEqual([
      'Is learning German.',
      'Is finally leaving the insurance job.',
      expect.stringMatching(/^Is still at their mums, until aug/),
    ]);
  });
  it("writes a day someone else moved as the person's own, moved to the day ahead", () => {
    expect(extractPersonFacts([said('They pushed my review to 10 April.', 3)])).toEqual([
      {
        factType: 'event',
        content: 'Their review was pushed to 10 April 2024.',
        confidence: 'high',
        sourceTurns: [3],
        occurredOn: '2024-04-10',
      },
    ]);
  });
  it('keeps what the person does instead with the change of mind it replaces', () => {
    expect(
      contents(
        said(
          "Actually, I don't want to become a manager anymore. I want to stay technical and aim for staff engineer.",
        ),
        said('I stopped running, my knee hurts. I swim in the evenings now instead.', 2),
      ),
    ).toEqual([
      'Does not want to become a manager anymore; they want to stay technical and aim for staff engineer.',
      'Stopped running, their knee hurts; they swim in the evenings now instead.',
    ]);
  });
  it('keeps nothing too thin to say what it is about, and keeps a name alone', () => {
    expect(
      contents(
        said('My cousin wants it.'),
        said("I'm not going.", 2),
        said('I think I am going with Edinburgh.', 3),
        said('I am not really a morning person.', 4),
      ),
    ).toEqual(['Is going with Edinburgh.', 'Is not really a morning person.']);
  });
  it('reads "not anymore" to a "still" question as the change, with what replaced it', () => {
    expect(
      contents(
        said('Are you still on the coffee?', 1, 'assistant'),
        said('Not anymore, I switched to green tea. Coffee was wrecking my sleep.', 2),
        said('Do you still play padel?', 3, 'assistant'),
        said('No, not anymore. I play tennis now.', 4),
      ),
    ).toEqual([
      'Is not on the coffee anymore; they switched to green tea.',
      'Does not play padel anymore; they play tennis now.',
    ]);
  });
  it('reads a plan called off with what replaces it, a past start in a present sentence, and no tag question', () => {
    const facts = extractPersonFacts([
      said('The marathon is off. My shins screamed for a week. I am doing the half instead.'),
      said("I'm a deputy head at the school now, started in March.", 2),
      said("I don't know, everyone's so busy these days, aren't they.", 3),
    ]);
    expect(facts.map((f) => [f.content, f.occurredOn])).toEqual([
      [
        'Called off the marathon; their shins screamed for a week; they are doing the half instead.',
        undefined,
      ],
      ['Is a deputy head at the school now, started in March 2023.', '2023-03-01'],
    ]);
  });
  it("reads past a rambler's lead-in, keeps what was got, and takes a new home said in passing as home", () => {
    const facts = extractPersonFacts([
      said('Oh where do I start, well I live in Bristol now, have done for three years.'),
      said('Guess what, I got the job!', 2),
      said('Our new flat in Cardiff has a garden, finally.', 3),
    ]);
    expect(facts.map((f) => [f.content, f.subject])).toEqual([
      ['Lives in Bristol now, have done for three years.', 'home'],
      ['Got the job.', 'job'],
      ['Their new flat in Cardiff has a garden, finally.', 'home'],
    ]);
  });

  it("keeps no change of someone else's that touches nothing of the person's, and keeps their people", () => {
    expect(
      contents(said('My husband switched from beer to wine, the doctor told him to cut down.')),
    ).toEqual([]);
    expect(contents(said('My brother quit his job at the bank last month.'))).toEqual([]);
    expect(
      contents(said('My wife she change her work, now she is nurse in hospital St James.')),
    ).toEqual([]);
    // Their people, and a change of theirs that is the person's too, stay.
    expect(contents(said('My sister Anna lives in Berlin and we talk every Sunday.'))).not.toEqual(
      [],
    );
    expect(contents(said('My mum moved in with us in March.'))).not.toEqual([]);
  });
});
