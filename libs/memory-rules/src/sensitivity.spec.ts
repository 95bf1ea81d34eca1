import {
  classifySensitivity,
  firstWordingRuleHit,
  mayShowInContext,
  withoutSensitiveSentences,
  wordingOf,
} from './sensitivity';

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

  it('reads texting spellings as written out', () => {
    expect(check('up at 3am again, cant switch off')).toMatchObject({ sensitive: true });
    expect(check('anxiety thru the roof today tbh')).toMatchObject({ sensitive: true });
  });

  it('takes a figurative phrase only from the start of a word ("is a pain" is not in "this pain")', () => {
    expect(check('The only thing is this pain in my lower back.')).toMatchObject({
      sensitive: true,
    });
    expect(check('The paperwork is a pain.')).toEqual({ sensitive: false });
  });

  // The rules alone, before the classifier weighs them (docs/health-wording.md).
  it.each([
    'Our build server has been sick all week.',
    'The CI is feeling sick after the Node upgrade.',
    'Our staging environment has a virus.',
    'The pipeline got infected with a bad dependency.',
    "Honestly I'm allergic to YAML.",
    "I'm a bit allergic to Friday deploys.",
    "He's allergic to hard work.",
    "She's allergic to being told what to do.",
    'Feeling a bit under the weather about the roadmap.',
    'The tablet wakes from sleep when you open the cover.',
    'The pill in the navbar is misaligned.',
    'The dose of feedback in the code review was a lot.',
    'I took a dose of coffee and powered through.',
    'brew doctor says my PATH is wrong.',
    'The process has a fever of context switches.',
    'My partner was away this week so I did bedtime with the kids.',
  ])('reads "%s" as a health word in another sense', (content) => {
    expect(firstWordingRuleHit(wordingOf(content))).toBeNull();
  });

  it.each([
    "I've been sick all week.",
    'Feeling sick after the new tablets.',
    "I'm allergic to penicillin.",
    "I'm allergic to cats and anything with nuts.",
    'Feeling a bit under the weather today.',
    'I take the pill every morning.',
    "I've got a virus and I'm staying home.",
    'The doctor says my blood pressure is high.',
    'The dose of my tablets went up.',
    'I had a fever of 39 last night.',
  ])('still reads "%s" in its health sense', (content) => {
    expect(firstWordingRuleHit(wordingOf(content))).not.toBeNull();
  });

  // Health talk worded around its subject (docs/health-wording.md, "Indirect wording").
  it.each([
    ['Dad had grab rails put in by the toilet last month.', 'limits-indirect', 'limitation'],
    ["Can't get up the stairs since the fall.", 'limits-indirect', 'limitation'],
    ['My knees just give way on the way down.', 'limits-indirect', 'limitation'],
    ['Stairs are a no-go for me these days.', 'limits-indirect', 'limitation'],
    ["My head won't switch off however late it gets.", 'mind-indirect', 'health_condition'],
    ["Haven't left the house in two weeks.", 'mind-indirect', 'health_condition'],
    ['The lows came back after Christmas.', 'mind-indirect', 'health_condition'],
    ['Three years clean this spring.', 'mind-indirect', 'health_condition'],
    ['Up at 1 and 4 most nights.', 'sleep-indirect', 'sleep'],
    ["Didn't get a proper night all month.", 'sleep-indirect', 'sleep'],
    ['Keeps waking up choking.', 'sleep-indirect', 'sleep'],
    ['Restarted the iron tablets this week.', 'supplement-indirect', 'medication'],
    ['Vit D and zinc every morning.', 'supplement-indirect', 'medication'],
    ['Need to collect my repeat on Friday.', 'supplement-indirect', 'medication'],
    ['Keeps fainting at the bus stop.', 'symptom-indirect', 'symptom'],
    ['My fingers go white in the cold.', 'symptom-indirect', 'symptom'],
    ['Everything tastes like metal since Sunday.', 'symptom-indirect', 'symptom'],
    ['Her sugar levels were high at the check.', 'symptom-indirect', 'symptom'],
  ])('reads "%s" as health talk (%s)', (content, name, kind) => {
    expect(firstWordingRuleHit(wordingOf(content))).toMatchObject({ name, kind });
  });

  it.each([
    "I can't face the washing up tonight.",
    "I'm so down to help with the move.",
    'The old van has been spluttering every cold morning.',
    'That sketch had everyone in stitches.',
    "I'm allergic to Monday morning meetings.",
    'Our cat needs eye drops twice a day for an infection.',
    'We need new handles on the kitchen drawers.',
    'Up at 6 for the early train.',
  ])('leaves "%s" to the other rules, which find nothing', (content) => {
    expect(firstWordingRuleHit(wordingOf(content))).toBeNull();
  });

  // Recovery, sexual health, readings, access, late nights and in-passing care (docs/health-wording.md,
  // "Recovery, measurements and access").
  it.each([
    ['Two years sober in May.', 'recovery', 'health_condition'],
    ['I go to AA on Thursdays.', 'recovery', 'health_condition'],
    ["Haven't gambled since the summer.", 'recovery', 'health_condition'],
    ['She is in recovery and doing well.', 'recovery', 'health_condition'],
    ['Started naltrexone last month.', 'recovery', 'health_condition'],
    ['Booked an STI test for next week.', 'sexual-health', 'health_condition'],
    ["I'm on PrEP.", 'sexual-health', 'health_condition'],
    ['Sex has been painful lately.', 'sexual-health', 'health_condition'],
    ['My eGFR came back at 52.', 'measurement', 'health_condition'],
    ['Sats were 92 on the stairs.', 'measurement', 'health_condition'],
    ['Temp of 38.9 this morning.', 'measurement', 'health_condition'],
    ['My testosterone is low.', 'measurement', 'health_condition'],
    ['The nurse flagged my waist measurement.', 'measurement', 'health_condition'],
    ['I use a screen reader for everything.', 'access', 'limitation'],
    ['I need a BSL interpreter for the meeting.', 'access', 'limitation'],
    ['Managing with my ME, I work four hours a day.', 'access', 'limitation'],
    ['Pulled two all-nighters for the launch.', 'sleep-late', 'sleep'],
    ['Running on 3 hrs after the incident.', 'sleep-late', 'sleep'],
    ['Hit 30 hours awake during the migration.', 'sleep-late', 'sleep'],
    ['Berberine with every meal now.', 'supplement-more', 'medication'],
    ['B-complex every morning.', 'supplement-more', 'medication'],
    ['I have therapy at 4 today.', 'care-passing', 'health_condition'],
    ['Therapy is on Mondays now.', 'care-passing', 'health_condition'],
    ['Remind me about my 9pm tablets.', 'dose-time', 'medication'],
    ['My next injection is on the 3rd.', 'dose-time', 'medication'],
    ['Fish oil capsules twice a day.', 'substance-taken', 'medication'],
    ['Calcium with breakfast, every other day.', 'substance-taken', 'medication'],
    ['Had my coil changed on Monday.', 'reproductive', 'health_condition'],
    ['Lost 8 kg over the winter without trying.', 'symptom-indirect', 'symptom'],
    ['Wake up shattered every day.', 'sleep-more', 'sleep'],
    ['I can only type for short bursts.', 'limits', 'limitation'],
    ['Because of my poor eyesight I avoid driving at night.', 'limits', 'limitation'],
  ])('reads "%s" as health talk (%s)', (content, name, kind) => {
    expect(firstWordingRuleHit(wordingOf(content))).toMatchObject({ name, kind });
  });

  it.each([
    'Add a sleep(250) before the retry.',
    'Thread.sleep blocks the test runner.',
    'Use asyncio.sleep in the handler.',
    'The speaker has a sleep setting.',
    'Granola with added vitamins and minerals is on offer.',
    'The album is called Insomnia.',
    'The plumber prescribed a new valve.',
    'The dose calculator needs a unit test.',
    'She works as a porter at the hospital.',
    'My character sleeps at the inn to save.',
    'The database is bloated again.',
    'My bike is in for rehab at the shop.',
    'Still waiting on the delivery.',
    'The team is in recovery mode after the launch.',
    'My heart rate dropped to 52 since I started running.',
    'Meal prep on Sundays.',
    'I drink way too much coffee.',
  ])('reads "%s" as a health word in another sense, or none', (content) => {
    expect(firstWordingRuleHit(wordingOf(content))).toBeNull();
  });

  it.each([
    ['Hx of PE, anticoagulated since.', 'shorthand', 'health_condition'],
    ['T1DM since childhood.', 'shorthand', 'health_condition'],
    ['Referred to CMHT after the GP visit.', 'shorthand', 'health_condition'],
    ['Still NWB on the left foot.', 'shorthand', 'health_condition'],
    ['Puffed out on minimal exertion lately.', 'shorthand', 'symptom'],
    ['Day 3 post-op and walking a bit.', 'shorthand', 'symptom'],
    ['Getting my tonsils out in January.', 'shorthand', 'symptom'],
    ['been chuckin up since midnight', 'shorthand', 'symptom'],
    ['Keep crying for no reason this week.', 'shorthand', 'symptom'],
    ['ears still blocked after the flight', 'body-state', 'symptom'],
    ['Missed my tablets twice this week.', 'substance-taken', 'medication'],
    ['Budesonide twice daily in the winter.', 'drug-stem', 'medication'],
    ['Has a heart murmur they listen to every year.', 'shorthand', 'symptom'],
    ['The 20-week scan is on Friday.', 'shorthand', 'symptom'],
    ['The practice nurse rang about my results.', 'shorthand', 'symptom'],
    ['Up twice a night for the loo now.', 'shorthand', 'symptom'],
    ['Since the divorce I am barely eating.', 'shorthand', 'symptom'],
    ['I can not kneel any more.', 'limitation', 'limitation'],
    ['My gammy leg hates the cold.', 'limitation', 'limitation'],
    ['the docter wants to see me again', 'diagnosis', 'health_condition'],
    ['my astma is worse this week', 'condition', 'health_condition'],
    ['Bad pain day, cancelled lunch.', 'shorthand', 'symptom'],
    ['Oxygen was 89 on the walk, nurse is coming.', 'shorthand', 'symptom'],
    // an inhaler's stem, not a condition's ending: cholesterol stays a condition
    ['My cholesterol came back high.', 'condition', 'health_condition'],
  ])('reads the shorthand and slang "%s" as health talk (%s)', (content, name, kind) => {
    expect(firstWordingRuleHit(wordingOf(content))).toMatchObject({ name, kind });
  });

  it.each([
    'The new CLI is all about DX.',
    'He called his landlord an SOB.',
    'The twins are fast asleep, finally a quiet evening.',
    'Might sleep in tomorrow, nothing planned.',
    'The job sleeps for 200ms between batches.',
    'She is a paediatric nurse at the county hospital.',
    'Spent the morning dispensing prescriptions at work.',
    'Booked the kids a dental check-up.',
    'The talks are paralysed over the budget.',
    "Can't stand waiting in queues.",
    'Hopeless at remembering birthdays.',
    'Gardening is my therapy.',
    'We need a booster seat for the car.',
    'Our debt counsellor rang back.',
    'I can not believe how cheap the flights were.',
    'Always fall asleep on long flights.',
    'The old site is limping along until the rewrite.',
    'Folded a bad hand and lost the pot.',
    'The proxy is bleeding connections again.',
    'The cache is bloated with old entries.',
  ])('reads "%s" as a health word in another sense, or none (shorthand and slang)', (content) => {
    expect(firstWordingRuleHit(wordingOf(content))).toBeNull();
  });

  it("still reads the person's own health next to a pet's", () => {
    expect(
      firstWordingRuleHit(wordingOf('My dog keeps me going since my depression')),
    ).toMatchObject({
      kind: 'health_condition',
    });
  });

  it('still catches therapy mentioned next to retail therapy', () => {
    expect(check('Retail therapy is fun, but seeing a therapist helps more.')).toMatchObject({
      sensitive: true,
    });
  });

  // docs/health-wording.md, "Names the words cannot veto"
  it.each([
    [
      'Great weekend at the lake, and Grandma’s Alzheimer’s was calmer than usual.',
      'health_condition',
    ],
    [
      'The barbecue was fun, my uncle’s Parkinson’s made the tongs tricky though.',
      'health_condition',
    ],
    ['Our cruise was great, though Mum’s tinnitus played up in the cabin.', 'health_condition'],
    ['Great weekend at the lake, and I remembered the lamotrigine this time.', 'medication'],
    ['Fun week at the cottage, Dad’s tramadol lasted the whole trip.', 'medication'],
    ['Our holiday photos are up and Mum’s warfarin was fine with the foreign food.', 'medication'],
  ])('proposes "%s" (a name the holiday wording around it cannot veto)', (content, kind) => {
    expect(check(content)).toMatchObject({ sensitive: true, kind });
  });

  it.each([
    'We ran a bake sale at the weekend for the asthma charity.',
    'I read a novel on holiday about a detective with Parkinson’s.',
    'The economy slid into depression after the crash.',
    'There was a cold snap over the holiday, so we stayed in.',
  ])('keeps "%s" ordinary: an ambiguous word or a name as a topic stays vetoable', (content) => {
    expect(check(content)).toEqual({ sensitive: false });
  });

  it.each([
    'Ops can’t run it on the old laptops because of the glibc version.',
    'The team can’t run another store next to the database.',
    'It slept on real time, so the test took a minute.',
    'The poller sleeps between batches to spare the API.',
    'The test suite has been limping since the framework upgrade.',
    'The daemon is healthy again after the failover.',
    'Found a memory leak in the websocket handler.',
    'The dead letter queue filled up overnight.',
    'Cold start on the lambda is about two seconds.',
    'The job can’t run until the migration finishes.',
    'We can’t run Postgres 12 in prod anymore.',
    'Can’t run Kubernetes locally, the laptop only has 8GB.',
    'Let the thread sleep until the lock frees up.',
    'I decided the worker should sleep 200ms between retries.',
    'The dev box woke from sleep with a dead network.',
  ])('keeps a developer’s "%s" ordinary', (content) => {
    expect(check(content)).toEqual({ sensitive: false });
  });

  it.each([
    ['I can’t run since the knee op in June.', 'limitation'],
    ['I’ve been limping since the match on Tuesday.', 'limitation'],
    ['My depression came back over the winter.', 'health_condition'],
    ['Since my fall I can’t run on the treadmill.', 'limitation'],
    ['The baby can’t sleep in the heat and neither can I.', 'sleep'],
  ])('still proposes "%s" beside the developer’s wording', (content, kind) => {
    expect(check(content)).toMatchObject({ sensitive: true, kind });
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
