/**
 * Writes the dev split of the retrieval bench, `recall-dev.json` beside this file:
 * `node bin/run-ts.js tests/bench/datasets/recall-dev.write.ts`. Deterministic (a seeded generator),
 * so the file is reproducible. Long conversations between two people (and three between a developer
 * and a coding agent), each over a dozen or more dated sessions: life events told in one turn and
 * taken up again later, small talk that shares their words, and questions of six kinds — single-hop,
 * multi-hop (two turns in different sessions joined by a name), temporal (when, or what happened in a
 * named month), open-domain (an inference from what was said), adversarial (the other person named)
 * and absent (something never said: no evidence, the answer is nothing).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { PEOPLE, PERSONAL_FACTS, SMALL_TALK, type FactTemplate } from './recall-dev.personal';
import { CODING_FACTS, CODING_SMALL_TALK, PROJECTS } from './recall-dev.coding';
import { itemAt } from '@mnemo/testing';

export interface Slots {
  [slot: string]: string;
}
interface Turn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}
interface Session {
  id: string;
  startedAt: string;
  turns: Turn[];
}
interface Question {
  id: string;
  conversationId: string;
  question: string;
  category: string;
  evidenceTurnIds: string[];
  evidenceSessionIds: string[];
}

function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = mulberry32(2026);
const pick = <T>(items: readonly T[]): T => itemAt(items, Math.floor(random() * items.length));
const shuffle = <T>(items: readonly T[]): T[] =>
  items
    .map((item) => ({ item, key: random() }))
    .sort((a, b) => a.key - b.key)
    .map(({ item }) => item);
const fill = (text: string, slots: Slots) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = slots[name];
    if (value === undefined) throw new Error(`no slot ${name} in "${text}"`);
    return value;
  });
const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** One fact as placed: which turns tell it (the teller's, the listener's reply, a later mention). */
interface Placed {
  template: FactTemplate;
  slots: Slots;
  tellTurn: string;
  detailTurn?: string;
  laterTurn?: string;
  session: Session;
}

function conversation(
  id: string,
  facts: readonly FactTemplate[],
  castSlots: Slots,
  smallTalk: readonly [string, string][],
  start: number,
) {
  const sessionCount = 14 + Math.floor(random() * 6);
  const chosen = shuffle(facts).slice(0, Math.min(facts.length, sessionCount * 2));
  const sessions: Session[] = [];
  const placed: Placed[] = [];
  let day = start;
  const perSession = Math.ceil(chosen.length / sessionCount);
  for (let s = 0; s < sessionCount; s += 1) {
    day += (7 + Math.floor(random() * 18)) * 86_400_000;
    const session: Session = {
      id: `${id}-s${s + 1}`,
      startedAt: new Date(day + (9 + Math.floor(random() * 10)) * 3_600_000).toISOString(),
      turns: [],
    };
    const say = (role: 'user' | 'assistant', text: string) => {
      const turn = { id: `${session.id}-t${session.turns.length + 1}`, role, text };
      session.turns.push(turn);
      return turn.id;
    };
    const [hello, reply] = pick(smallTalk);
    say('user', fill(hello, castSlots));
    say('assistant', fill(reply, castSlots));
    const here = chosen.slice(s * perSession, (s + 1) * perSession);
    for (const template of here) {
      const [person = '', friend = ''] = [castSlots.P, castSlots.F];
      const [T, L] = template.teller === 'P' ? [person, friend] : [friend, person];
      const slots = { ...castSlots, T, L, ...template.slots(random) };
      const teller = template.teller === 'P' ? 'user' : 'assistant';
      const listener = teller === 'user' ? 'assistant' : 'user';
      const tellTurn = say(teller, fill(pick(template.tell), slots));
      const detailTurn = template.reply ? say(listener, fill(pick(template.reply), slots)) : undefined;
      const detail = template.detail ? say(teller, fill(pick(template.detail), slots)) : undefined;
      placed.push({ template, slots, tellTurn, detailTurn: detail ?? detailTurn, session });
      if (detail === undefined) continue;
      const [a, b] = pick(smallTalk);
      say(listener, fill(a, castSlots));
      say(teller, fill(b, castSlots));
    }
    for (let n = 0; n < 2 + Math.floor(random() * 3); n += 1) {
      const [a, b] = pick(smallTalk);
      say(n % 2 ? 'assistant' : 'user', fill(a, castSlots));
      say(n % 2 ? 'user' : 'assistant', fill(b, castSlots));
    }
    sessions.push(session);
  }
  // a fact is taken up again in a later session: the later turn is evidence of the follow-up questions
  for (const fact of placed) {
    if (!fact.template.later) continue;
    const after = sessions.filter((s) => s.startedAt > fact.session.startedAt);
    if (after.length === 0) continue;
    const later = pick(after.slice(0, 4));
    const teller = fact.template.teller === 'P' ? 'user' : 'assistant';
    const at = 2 + Math.floor(random() * Math.max(1, later.turns.length - 3));
    const turn: Turn = {
      id: `${later.id}-t${later.turns.length + 1}`,
      role: teller,
      text: fill(pick(fact.template.later.tell), fact.slots),
    };
    later.turns.splice(at, 0, turn);
    fact.laterTurn = turn.id;
    fact.slots.laterSession = later.id;
  }
  return { sessions, placed };
}

function questionsFor(
  id: string,
  sessions: Session[],
  placed: Placed[],
  absentPool: readonly string[],
) {
  const questions: Question[] = [];
  const sessionOf = (turnId: string) => turnId.replace(/-t\d+$/, '');
  const ask = (category: string, text: string, turns: string[]) =>
    questions.push({
      id: `${id}-q${questions.length + 1}`,
      conversationId: id,
      question: text,
      category,
      evidenceTurnIds: turns,
      evidenceSessionIds: [...new Set(turns.map(sessionOf))],
    });
  for (const fact of placed) {
    const { template, slots } = fact;
    const evidence = [fact.tellTurn, ...(fact.detailTurn && template.detailIsEvidence ? [fact.detailTurn] : [])];
    ask('single-hop', fill(pick(template.ask), slots), evidence);
    if (template.when) {
      const started = new Date(fact.session.startedAt);
      const month = `${MONTH_NAMES[started.getUTCMonth()]} ${started.getUTCFullYear()}`;
      ask(
        'temporal',
        random() < 0.6 ? fill(pick(template.when), slots) : fill(pick(template.inMonth ?? template.when), { ...slots, month }),
        [fact.tellTurn],
      );
    }
    if (template.infer && random() < 0.7) ask('open-domain', fill(pick(template.infer), slots), evidence);
    if (template.adversarial && random() < 0.6)
      ask('adversarial', fill(pick(template.adversarial), slots), [fact.tellTurn]);
    if (template.later && fact.laterTurn)
      ask('multi-hop', fill(pick(template.later.ask), slots), [fact.tellTurn, fact.laterTurn]);
  }
  const text = sessions
    .flatMap((s) => s.turns)
    .map((t) => t.text.toLowerCase())
    .join('\n');
  let absent = 0;
  for (const question of shuffle(absentPool)) {
    // a question is absent only if its subject is in no turn: the words in [brackets] are checked
    const subject = [...question.matchAll(/\[([^\]]+)\]/g)].map((m) => (m[1] ?? '').toLowerCase());
    if (subject.some((word) => text.includes(word))) continue;
    ask('absent', question.replace(/[[\]]/g, ''), []);
    if ((absent += 1) >= 6) break;
  }
  return questions;
}

function main() {
  const conversations: Array<{ id: string; sessions: Session[] }> = [];
  const questions: Question[] = [];
  PEOPLE.forEach((cast, i) => {
    const id = `life-${i + 1}`;
    const { sessions, placed } = conversation(
      id,
      PERSONAL_FACTS,
      cast,
      SMALL_TALK,
      Date.UTC(2023 + (i % 2), i % 6, 1),
    );
    conversations.push({ id, sessions });
    questions.push(...questionsFor(id, sessions, placed, ABSENT_PERSONAL.map((q) => fill(q, cast))));
  });
  PROJECTS.forEach((cast, i) => {
    const id = `code-${i + 1}`;
    const { sessions, placed } = conversation(
      id,
      CODING_FACTS,
      cast,
      CODING_SMALL_TALK,
      Date.UTC(2025, 2 + i * 2, 1),
    );
    conversations.push({ id, sessions });
    questions.push(...questionsFor(id, sessions, placed, ABSENT_CODING));
  });
  const file = path.join(__dirname, 'recall-dev.json');
  writeFileSync(file, `${JSON.stringify({ conversations, questions }, null, 1)}\n`);
  const counts = new Map<string, number>();
  for (const q of questions) counts.set(q.category, (counts.get(q.category) ?? 0) + 1);
  console.log(
    `${conversations.length} conversations, ${conversations.reduce((n, c) => n + c.sessions.reduce((m, s) => m + s.turns.length, 0), 0)} turns, ${questions.length} questions: ${[...counts].map(([c, n]) => `${c} ${n}`).join(', ')}`,
  );
}

const ABSENT_PERSONAL = [
  'What did {P} say about the [scuba] diving course?',
  'How did {P} like the trip to [Reykjavik]?',
  "What is the name of {P}'s [parrot]?",
  'When did {F} buy the [motorcycle]?',
  'What did {P} think of the [opera] they went to?',
  'Which [triathlon] did {F} sign up for?',
  "How is {P}'s [grandfather] doing after his surgery?",
  'What did {F} say about learning to play the [harp]?',
  'Why did {P} quit the [choir]?',
  "What did {P} and {F} decide about the [camper van]?",
  'When is {F} moving to [Singapore]?',
  'What [tattoo] did {P} get?',
];
const ABSENT_CODING = [
  'Why did we move the search to [Elasticsearch]?',
  'What did we decide about the [GraphQL] gateway?',
  'Which [Kafka] topic holds the order events?',
  'How did we fix the [WebSocket] reconnect storm?',
  'When did we upgrade to [Kubernetes] 1.30?',
  'What was the problem with the [Terraform] state lock?',
  'Why was the [Rust] rewrite of the parser abandoned?',
  'What did we conclude about [Kotlin] for the mobile app?',
];

main();
