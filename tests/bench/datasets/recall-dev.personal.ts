import { itemAt } from '@mnemo/testing';
/**
 * The dev split's conversations between two people (see recall-dev.write.ts): who talks, what they
 * tell each other, and how each fact is asked about. `{T}` is the person telling, `{L}` the one
 * listening, `{P}` and `{F}` the two people; the other slots are drawn per conversation.
 */
export type Random = () => number;
export interface FactTemplate {
  teller: 'P' | 'F';
  slots(random: Random): Record<string, string>;
  tell: string[];
  reply?: string[];
  detail?: string[];
  detailIsEvidence?: boolean;
  ask: string[];
  when?: string[];
  inMonth?: string[];
  infer?: string[];
  adversarial?: string[];
  later?: { tell: string[]; ask: string[] };
}

const from =
  <T>(items: readonly T[]) =>
  (random: Random): T =>
    itemAt(items, Math.floor(random() * items.length));

export const PEOPLE = [
  { P: 'Maya', F: 'Tom' },
  { P: 'Priya', F: 'Jonas' },
  { P: 'Elena', F: 'Marcus' },
  { P: 'Sofia', F: 'Daniel' },
  { P: 'Aisha', F: 'Liam' },
  { P: 'Noor', F: 'Felix' },
  { P: 'Hana', F: 'Oscar' },
];

export const SMALL_TALK: Array<[string, string]> = [
  ['Hey {F}, how has your week been?', 'Busy but good, {P}! Work has been a lot lately. How about you?'],
  ['Hi {P}! Long time no talk.', 'I know, things have been hectic. Good to hear from you, {F}.'],
  ['How are things at work these days?', 'Pretty calm actually, just the usual meetings and emails.'],
  ['Did you do anything fun this weekend?', 'Not much, mostly rested and caught up on sleep.'],
  ['The weather has been so gloomy here.', 'Same here, it has rained for days. I miss the sun.'],
  ['I have been trying to read more before bed.', 'That is a good habit. I keep falling asleep with my phone instead.'],
  ['Thanks for listening, it really helps to talk.', 'Anytime! That is what friends are for.'],
  ['I made a big pot of soup yesterday.', 'Yum, nothing beats homemade soup when it is cold outside.'],
  ['My phone battery keeps dying, it is so annoying.', 'Maybe it is time for a new one, mine lasted three years.'],
  ['Anyway, I should get going. Talk soon!', 'Take care, talk to you next week!'],
  ['I have been feeling a bit tired lately.', 'Make sure you get some rest, you deserve a break.'],
  ['Have you watched anything good recently?', 'I started a crime series but I keep forgetting who is who.'],
  ['It was so nice catching up with you.', 'Likewise, let us not wait so long next time.'],
  ['My neighbours were loud again last night.', 'Ugh, that is the worst. Did you talk to them?'],
  ['I finally cleaned out the garage.', 'Impressive! That always takes me a whole weekend.'],
  ['Work is finally slowing down a little.', 'Good, you have earned some quiet time.'],
];

const hobbies = [
  ['pottery', 'a wheel-throwing class at the community studio', 'bowl', 'crafts'],
  ['the cello', 'lessons with a teacher from the conservatory', 'a short Bach prelude', 'music'],
  ['salsa dancing', 'a beginners class on Thursday evenings', 'a full routine', 'dance'],
  ['rock climbing', 'the bouldering gym near the station', 'a purple route', 'sport'],
  ['watercolor painting', 'an online course with weekly assignments', 'a landscape of the harbour', 'art'],
  ['woodworking', 'a shared workshop in an old warehouse', 'a small stool', 'crafts'],
  ['archery', 'a club that meets in the park on Sundays', 'a bullseye', 'sport'],
] as const;
const pets = [
  ['beagle', 'Biscuit', 'dog', 'chewed through my favourite sneakers'],
  ['tabby cat', 'Miso', 'cat', 'knocked a plant off the shelf'],
  ['border collie', 'Pepper', 'dog', 'learned to open the back door'],
  ['rescue greyhound', 'Comet', 'dog', 'stole a whole baguette from the table'],
  ['black cat', 'Nova', 'cat', 'got stuck on the neighbour roof'],
] as const;
const siblings = [
  ['sister', 'Lena', 'nurse', 'a children hospital in Porto', 'she'],
  ['brother', 'Omar', 'firefighter', 'the station downtown', 'he'],
  ['sister', 'Ingrid', 'vet', 'a clinic for farm animals', 'she'],
  ['brother', 'Rafael', 'pilot', 'a regional airline', 'he'],
  ['cousin', 'Beatriz', 'architect', 'a firm that designs schools', 'she'],
] as const;
const trips = [
  ['Lisbon', 'the pastel de nata', 'tram 28', 'blue painted tiles'],
  ['Kyoto', 'the matcha desserts', 'the bamboo forest', 'a set of ceramic tea cups'],
  ['Edinburgh', 'the haggis', 'the castle on the hill', 'a wool scarf'],
  ['Mexico City', 'the tacos al pastor', 'the pyramids of Teotihuacan', 'a hand-woven rug'],
  ['Vienna', 'the Sachertorte', 'the opera house', 'a box of chocolates'],
  ['Marrakech', 'the tagine', 'the spice market', 'a brass lantern'],
] as const;
const jobs = [
  ['data analyst', 'a logistics company', 'Greta', 'spreadsheets'],
  ['product designer', 'a small fintech startup', 'Hugo', 'prototypes'],
  ['high school chemistry teacher', 'Westfield High', 'Mrs. Patel', 'lesson plans'],
  ['project manager', 'a construction firm', 'Bruno', 'schedules'],
  ['physiotherapist', 'a sports clinic', 'Dr. Kim', 'patients'],
] as const;
const races = [
  ['half marathon', 'Valencia', '1 hour 58 minutes'],
  ['10k charity run', 'the city park', '52 minutes'],
  ['trail race', 'the hills outside town', '2 hours 40 minutes'],
  ['sprint triathlon', 'the lake', '1 hour 31 minutes'],
] as const;
const books = [
  ['The Overstory', 'Richard Powers', 'trees'],
  ['Educated', 'Tara Westover', 'a girl who grows up without school'],
  ['Project Hail Mary', 'Andy Weir', 'an astronaut saving the sun'],
  ['Circe', 'Madeline Miller', 'a Greek witch on an island'],
  ['Sapiens', 'Yuval Harari', 'the history of humankind'],
] as const;
const cars = [
  ['a used Subaru Outback', 'dark green'],
  ['an electric Kia Niro', 'silver'],
  ['a second-hand Volvo wagon', 'red'],
  ['a tiny Fiat Panda', 'white'],
] as const;
const bands = [
  ['Florence and the Machine', 'the arena'],
  ['Arctic Monkeys', 'an outdoor festival'],
  ['Norah Jones', 'a small jazz club'],
  ['Coldplay', 'the national stadium'],
] as const;
const volunteers = [
  ['the animal shelter', 'walking the dogs', 'Saturday mornings'],
  ['a food bank', 'sorting donations', 'Wednesday evenings'],
  ['the public library', 'reading to kids', 'Sunday afternoons'],
  ['a community garden', 'weeding and watering', 'Tuesday mornings'],
] as const;
const dishes = [
  ['lasagna', 'my parents anniversary', 'burned the top a little'],
  ['paella', 'a dinner party with the neighbours', 'used too much saffron'],
  ['ramen from scratch', 'my birthday', 'simmered the broth for ten hours'],
  ['a three-layer carrot cake', 'my niece christening', 'the frosting melted in the heat'],
] as const;
const plants = [
  ['cherry tomatoes and basil', 'balcony'],
  ['chillies and strawberries', 'windowsill'],
  ['zucchini and beans', 'allotment'],
] as const;
const courses = [
  ['data science', 'Monday nights', 'Python'],
  ['Italian', 'Tuesday evenings', 'verbs'],
  ['photography', 'weekends', 'manual exposure'],
  ['first aid', 'two Saturdays', 'CPR'],
] as const;
const goals = [
  ['run a full marathon next year', 'sport'],
  ['learn to swim properly', 'water'],
  ['save enough to buy a flat', 'money'],
  ['hike the Camino de Santiago', 'walking'],
] as const;
const injuries = [
  ['sprained my ankle', 'playing basketball', 'crutches'],
  ['hurt my back', 'lifting a sofa', 'physio'],
  ['broke my wrist', 'falling off my bike', 'a cast'],
] as const;
const moves = [
  ['a two-bedroom flat', 'near the river', 'much bigger kitchen'],
  ['a little house', 'on the edge of town', 'garden'],
  ['a loft', 'in the old textile district', 'huge windows'],
] as const;
const events = [
  ['wedding', 'my best friend Clara', 'gave a speech that made everyone cry'],
  ['fortieth birthday party', 'my uncle Teo', 'organised a surprise karaoke night'],
  ['graduation', 'my cousin Ines', 'took hundreds of photos'],
] as const;

type Pick = (random: Random) => Record<string, string>;
const slotsOf =
  <T extends readonly string[]>(pool: readonly T[], names: readonly string[]): Pick =>
  (random) => {
    const values = from(pool)(random);
    return Object.fromEntries(names.map((name, i) => [name, itemAt(values, i)]));
  };

const hobby = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(hobbies, ['hobby', 'where', 'made', 'kind']),
  tell: [
    'Guess what, I finally started {hobby}! I signed up for {where}.',
    'So I took the plunge and began {hobby} this month, through {where}.',
  ],
  reply: ['No way, that is amazing! How is it going so far?', 'Oh fun! I always wanted to try that.'],
  detail: ['It is hard but I love it. Last week I managed {made} for the first time.'],
  detailIsEvidence: true,
  ask: ['What new hobby did {T} pick up?', 'Which activity did {T} begin and where does {T} practise it?'],
  when: ['When did {T} start {hobby}?'],
  inMonth: ['What did {T} start doing in {month}?'],
  infer: ['Does {T} seem to enjoy hands-on or {kind} activities?', 'Would {T} enjoy a gift related to {kind}?'],
  adversarial: ['What new hobby did {L} pick up?'],
  later: {
    tell: ['My {hobby} teacher says I am ready for the intermediate level now!'],
    ask: ['Who told {T} that {T} is ready for the next level, and at what?'],
  },
});

const pet = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(pets, ['breed', 'name', 'animal', 'mischief']),
  tell: [
    'Big news: we adopted a {breed}! We named him {name}.',
    'I have a new roommate, a {breed} called {name}. Adopted him from the shelter on Saturday.',
  ],
  reply: ['Aww, I need pictures of {name} immediately!', 'That is so sweet, congratulations on the new family member.'],
  ask: ['What kind of pet did {T} adopt?', "What is the name of {T}'s new {animal}?"],
  when: ['When did {T} adopt {name}?'],
  inMonth: ['What did {T} bring home in {month}?'],
  infer: ['Is {T} an animal lover?'],
  adversarial: ['What pet did {L} adopt?'],
  later: {
    tell: ['{name} {mischief} yesterday, I could not even be mad.'],
    ask: ['What breed is the pet that {mischief}?', 'Which animal of {T} {mischief}, and what kind is it?'],
  },
});

const sibling = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(siblings, ['relation', 'name', 'job', 'workplace', 'pronoun']),
  tell: [
    'My {relation} {name} just started as a {job} at {workplace}.',
    'Did I tell you my {relation} {name} works as a {job}? {pronoun} got a position at {workplace}.',
  ],
  reply: ['That is impressive, you must be proud of {name}.', 'Wow, that sounds like a demanding job.'],
  ask: ["What does {T}'s {relation} do for a living?", 'Where does {name} work?'],
  infer: ['Does anyone in {T} family work in a profession that helps others?'],
  adversarial: ["What does {L}'s {relation} {name} do for work?"],
  later: {
    tell: ['{name} got engaged last weekend! The wedding is planned for next spring.'],
    ask: ['What is the job of the relative of {T} who got engaged?', 'The {relation} who is getting married works where?'],
  },
});

const trip = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(trips, ['city', 'food', 'sight', 'souvenir']),
  tell: [
    'I just got back from {city}! The highlight was {sight}, and I could not stop eating {food}.',
    'My trip to {city} was incredible. We saw {sight} on the second day.',
  ],
  reply: ['I am so jealous, I have always wanted to go to {city}.', 'That sounds like a dream holiday.'],
  detail: ['I brought back {souvenir} for my living room.'],
  ask: ['Which city did {T} travel to recently?', 'What sight did {T} enjoy most on the holiday?'],
  when: ['When did {T} go to {city}?'],
  inMonth: ['Where did {T} travel in {month}?'],
  infer: ['Does {T} like travelling abroad?'],
  adversarial: ['Which city did {L} visit on holiday?'],
  later: {
    tell: ['Every time I look at {souvenir} I want to go back.'],
    ask: ['Where did {T} buy {souvenir}?', 'What souvenir does {T} have from the trip where {T} saw {sight}?'],
  },
});

const job = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(jobs, ['role', 'company', 'boss', 'work']),
  tell: [
    'I accepted the offer! I am going to be a {role} at {company}.',
    'Starting Monday I work as a {role} for {company}. Scary but exciting.',
  ],
  reply: ['Congratulations, that is huge news!', 'You will be great at it, they are lucky to have you.'],
  detail: ['My new manager is {boss}, and she seems really supportive.'],
  detailIsEvidence: true,
  ask: ['What new job did {T} accept?', 'Who is the manager in {T} new position?'],
  when: ['When did {T} start the job at {company}?'],
  inMonth: ['What career change did {T} make in {month}?'],
  adversarial: ['What new position did {L} accept?'],
  later: {
    tell: ['{boss} asked me to lead the quarterly review, I am nervous.'],
    ask: ['Which company does the manager who asked {T} to lead the quarterly review work for?'],
  },
});

const race = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(races, ['race', 'place', 'time']),
  tell: ['I did it! I finished the {race} in {place} in {time}.', 'Ran my first {race} at {place} on Sunday, {time}!'],
  reply: ['That is an amazing time, you trained so hard for it.', 'Wow, congratulations, you must be exhausted.'],
  ask: ['What was the finishing time of {T} in the {race}?', 'Which race did {T} complete?'],
  when: ['When did {T} run the {race}?'],
  inMonth: ['Which race did {T} complete in {month}?'],
  infer: ['Is {T} someone who keeps physically active?'],
  adversarial: ['How fast did {L} finish the {race}?'],
});

const book = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(books, ['title', 'author', 'about']),
  tell: ['I am reading {title} by {author}, it is about {about} and I cannot put it down.'],
  reply: ['I have heard great things about that one.', 'Adding it to my list, thanks!'],
  ask: ['Which book was {T} unable to put down?', 'Who wrote the book {T} was reading?'],
  infer: ['Does {T} enjoy reading?'],
  adversarial: ['What book was {L} reading?'],
});

const car = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(cars, ['car', 'colour']),
  tell: ['We finally bought a car, {car}, in {colour}.', 'Picked up our new car today: {car}, {colour}.'],
  reply: ['Nice! Road trip soon?', 'Good choice, those are reliable.'],
  ask: ['What car did {T} buy?', 'What colour is the car {T} got?'],
  when: ['When did {T} buy the car?'],
  adversarial: ['Which car did {L} purchase?'],
});

const concert = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(bands, ['band', 'venue']),
  tell: ['Last night I saw {band} live at {venue}, I am still buzzing.'],
  reply: ['Lucky you! How was the setlist?', 'I would have loved to be there.'],
  ask: ['Which artist did {T} see in concert?', 'Where did {T} watch {band} perform?'],
  when: ['When did {T} go to the {band} concert?'],
  inMonth: ['What show did {T} attend in {month}?'],
  infer: ['Does {T} like live music?'],
  adversarial: ['Which concert did {L} go to?'],
});

const volunteer = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(volunteers, ['place', 'task', 'slot']),
  tell: ['I started volunteering at {place}, mostly {task} on {slot}.'],
  reply: ['That is such a kind thing to do.', 'I love that, do they need more helpers?'],
  ask: ['Where does {T} volunteer?', 'What does {T} do as a volunteer and when?'],
  infer: ['Does {T} care about giving back to the community?'],
  adversarial: ['Where does {L} volunteer?'],
  later: {
    tell: ['The coordinator at {place} asked me to train the new volunteers.'],
    ask: ['What task does {T} usually do at the place where {T} now trains the new volunteers?'],
  },
});

const dish = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(dishes, ['dish', 'occasion', 'mishap']),
  tell: ['I cooked {dish} for {occasion}, though I {mishap}.'],
  reply: ['Ha, I bet it still tasted great.', 'That sounds delicious anyway.'],
  ask: ['What did {T} cook for {occasion}?', 'What went wrong when {T} made {dish}?'],
  infer: ['Does {T} like to cook for other people?'],
  adversarial: ['What dish did {L} prepare for {occasion}?'],
});

const garden = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(plants, ['plants', 'spot']),
  tell: ['I am growing {plants} on my {spot} this year.'],
  reply: ['A little gardener! Any harvest yet?'],
  ask: ['What is {T} growing and where?'],
  infer: ['Does {T} have a green thumb?'],
  later: {
    tell: ['First harvest from the {spot} today, enough for a salad!'],
    ask: ['Which plants gave {T} the first harvest?'],
  },
});

const course = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(courses, ['subject', 'schedule', 'topic']),
  tell: ['I enrolled in an evening course in {subject}, it runs {schedule}.'],
  reply: ['Good for you, learning never stops.'],
  detail: ['This week we covered {topic}, which was harder than I expected.'],
  ask: ['Which course did {T} sign up for?', 'When does the {subject} class of {T} meet?'],
  when: ['When did {T} enrol in the {subject} course?'],
  adversarial: ['What course did {L} enrol in?'],
});

const goal = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(goals, ['goal', 'kind']),
  tell: ['My big goal is to {goal}. I wrote it on a sticky note on the fridge.'],
  reply: ['I believe in you, let me know how I can help.'],
  ask: ['What long-term goal did {T} set?'],
  infer: ['What is {T} working towards in the coming year?'],
  adversarial: ['What is the big goal of {L}?'],
});

const injury = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(injuries, ['injury', 'cause', 'treatment']),
  tell: ['Bad news, I {injury} {cause}.', 'Ugh, I {injury} {cause} on Friday.'],
  reply: ['Oh no! I hope you heal quickly.', 'That sounds painful, take it easy.'],
  detail: ['The doctor says I need {treatment} for a few weeks.'],
  detailIsEvidence: true,
  ask: ['How did {T} get injured?', 'What treatment did the doctor prescribe {T}?'],
  when: ['When did {T} get hurt?'],
  inMonth: ['What accident did {T} have in {month}?'],
  adversarial: ['How did {L} get injured?'],
});

const move = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(moves, ['home', 'area', 'perk']),
  tell: ['We signed the lease on {home} {area}! Moving in next month.'],
  reply: ['Congrats on the new place!'],
  detail: ['The best part is the {perk}.'],
  ask: ['Where is the new home of {T}?', 'What does {T} like best about the new place?'],
  when: ['When did {T} sign the lease?'],
  adversarial: ['Where did {L} move to?'],
});

const celebration = (teller: 'P' | 'F'): FactTemplate => ({
  teller,
  slots: slotsOf(events, ['event', 'who', 'highlight']),
  tell: ['I went to the {event} of {who} and I {highlight}.'],
  reply: ['That sounds like a wonderful day.', 'How lovely, I am sure they appreciated it.'],
  ask: ['Whose {event} did {T} attend?', 'What did {T} do at the {event}?'],
  when: ['When was the {event} of {who}?'],
  inMonth: ['Which celebration did {T} attend in {month}?'],
  adversarial: ['Whose {event} did {L} go to?'],
});

export const PERSONAL_FACTS: FactTemplate[] = [
  hobby('P'),
  hobby('F'),
  pet('P'),
  sibling('P'),
  sibling('F'),
  trip('P'),
  trip('F'),
  job('F'),
  race('P'),
  book('F'),
  book('P'),
  car('F'),
  concert('P'),
  volunteer('F'),
  dish('P'),
  garden('P'),
  course('F'),
  goal('P'),
  injury('F'),
  move('P'),
  celebration('F'),
];
