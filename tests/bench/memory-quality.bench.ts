/**
 * Memory quality of the offline adapter (docs/memory-facts.md), on the team's own datasets
 * (tests/bench/data/memory-quality, memory-quality-2, -3, -4, -5 (hard negatives for supersession) and -6, format and scoring rule in its README). Each session is one
 * extraction, as a pause or a quiet session makes it: the offline adapter reads the session's turns
 * (seqs and dates), memory validates the answer and plans the writes against what earlier sessions
 * stored (near-duplicates update, a newer fact about the same subject supersedes). Printed, not asserted.
 * Run: npm run bench:memory (BENCH_SPLIT=dev or dev,dev-2 for the dev splits alone, as when tuning: docs in the data README)
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classifySensitivity } from '@mnemo/memory-rules';
import {
  ExtractedFact,
  isNegated,
  meaningWords,
  sameMeaning,
  OfflineAdapter,
  tokenDice,
  type MeaningWord,
  type SourceTurn,
} from '@mnemo/llm';
import {
  planExtractionWrites,
  validateFacts,
  type CandidateFact,
  type ExistingFact,
} from '../../services/memory/src/index';
import { itemAt } from '@mnemo/testing';

/**
 * The splits, in the order they are printed: the dev splits are tuned on (their misses listed with
 * BENCH_VERBOSE); blind was written by someone who never read the rules, is loaded when present, and is
 * scored in aggregate, never printed item by item. A split whose folder is missing is left out.
 */
const SPLITS: ReadonlyArray<{ name: string; dir: string; blind: boolean }> = [
  { name: 'dev', dir: path.join(__dirname, 'data/memory-quality'), blind: false },
  { name: 'dev-2', dir: path.join(__dirname, 'data/memory-quality-2'), blind: false },
  { name: 'dev-3', dir: path.join(__dirname, 'data/memory-quality-3'), blind: false },
  { name: 'dev-4', dir: path.join(__dirname, 'data/memory-quality-4'), blind: false },
  { name: 'dev-5', dir: path.join(__dirname, 'data/memory-quality-5'), blind: false },
  { name: 'dev-6', dir: path.join(__dirname, 'data/memory-quality-6'), blind: false },
  { name: 'blind', dir: path.join(__dirname, 'blind/memory'), blind: true },
];
/** The README's rule: at least half of the gold statement's content words in the prediction. */
const MATCH_SHARE = 0.5;
/** Two stored facts this alike (content-word Dice) are a near-duplicate pair even when no gold fact ties them. */
const NEAR_DUPLICATE_DICE = 0.8;
const TURN_GAP_MS = 2 * 60_000;

interface Gold {
  key: string;
  factType: string;
  date?: string;
  statement: string;
  session: string;
  /** The turn it was said in, then the turns that said it again. */
  turns: Array<{ session: string; seq: number }>;
  replaces?: string;
}
interface Conversation {
  name: string;
  person: { name: string; role: string };
  sessions: Array<{ id: string; turns: SourceTurn[] }>;
  gold: Map<string, Gold>;
  /** Lines of the file that are none of the README's forms: a format the loader does not read. */
  unread: number;
  /** Lines read as the rest of the turn above them. */
  continued: number;
}

function parseConversation(name: string, text: string): Conversation {
  const conv: Conversation = {
    name,
    person: { name: name, role: '' },
    sessions: [],
    gold: new Map(),
    unread: 0,
    continued: 0,
  };
  let session: Conversation['sessions'][number] | undefined;
  let start = 0;
  let lastUserSeq = 0;
  for (const line of text.split('\n')) {
    const header = /^# person: (.+?) · role: (.+?) · other: (.+)$/.exec(line);
    if (header) conv.person = { name: header[1] ?? '', role: header[2] ?? '' };
    const sessionLine = /^## session (\S+) (\S+)$/.exec(line);
    if (sessionLine) {
      session = { id: `${name}-${sessionLine[1]}`, turns: [] };
      conv.sessions.push(session);
      start = Date.parse(sessionLine[2] ?? '');
      lastUserSeq = 0;
      continue;
    }
    const turn = /^([UA]): (.*)$/.exec(line);
    if (turn && session) {
      const seq = session.turns.length + 1;
      session.turns.push({
        seq,
        role: turn[1] === 'U' ? 'user' : 'assistant',
        text: turn[2] ?? '',
        occurredAt: new Date(start + (seq - 1) * TURN_GAP_MS).toISOString(),
      });
      if (turn[1] === 'U') lastUserSeq = seq;
      continue;
    }
    const fact = /^([+!]) (\S+) (\w+)(?: (\d{4}(?:-\d{2}(?:-\d{2})?)?))? \| (.+)$/.exec(line);
    if (fact && session) {
      const [key = '', replaces] = (fact[2] ?? '').split('>');
      conv.gold.set(key, {
        key: key,
        factType: fact[3] ?? '',
        ...(fact[4] ? { date: fact[4] } : {}),
        statement: fact[5] ?? '',
        session: session.id,
        turns: [{ session: session.id, seq: lastUserSeq }],
        ...(replaces ? { replaces } : {}),
      });
      continue;
    }
    const seenAgain = /^~ (\S+)$/.exec(line)?.[1];
    const known = seenAgain === undefined ? undefined : conv.gold.get(seenAgain);
    if (known && session) {
      known.turns.push({ session: session.id, seq: lastUserSeq });
      continue;
    }
    // A turn written over several lines: the lines after it, up to the next form, are its text.
    const last = session?.turns.at(-1);
    if (line.trim() !== '' && !header && last && !/^[#+!~]/.test(line)) {
      last.text = `${last.text}\n${line}`;
      conv.continued++;
      continue;
    }
    if (line.trim() !== '' && !header) conv.unread++;
  }
  return conv;
}

const STOP = new Set(
  'a an the and or but of to in on at for with from by as is are was were be been am it its this that i me my we us our they them their he him his she her have has had do did will would so very just also about into after over not no'.split(
    ' ',
  ),
);
const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?:ing|ed|es|s)$/, '');
/** The first rule's words (stop words out, endings folded): kept for the content-word counts printed below. */
const words = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem));

const NUMBER_WORDS: Record<string, string> = Object.fromEntries(
  'one two three four five six seven eight nine ten eleven twelve'
    .split(' ')
    .map((w, i) => [w, String(i + 1)]),
);
/** "three times", "3x", "twice": a count said in words or figures is one word to the rule. */
const numbersAsFigures = (text: string) =>
  text
    .replace(/\b(\d+)x\b/gi, '$1 times')
    .replace(/\btwice\b/gi, '2 times')
    .replace(/\b[a-z]+\b/gi, (w) => NUMBER_WORDS[w.toLowerCase()] ?? w);
/** Content words as lemmas, stems and WordNet senses (the README's rule): "ran" is "run", "kids" meet "children". */
const lemmas = (text: string): MeaningWord[] => meaningWords(numbersAsFigures(text));
/** Share of the gold statement's content words in the prediction; the person's own name is the subject, not content. */
function overlap(prediction: string, gold: string, person = ''): number {
  const name = new Set(lemmas(person).map((w) => w.lemma));
  const g = lemmas(gold).filter((w) => !name.has(w.lemma));
  const p = lemmas(prediction);
  // "Cannot run for six weeks" is not "Is running for six weeks", whatever words they share.
  if (isNegated(g) && !isNegated(p)) return 0;
  const shared = g.filter((w) => p.some((o) => sameMeaning(o, w))).length;
  return g.length === 0 ? 0 : shared / g.length;
}

/**
 * A prediction that says part of a gold fact: two thirds of its own content words (two at least) are the
 * gold statement's. Printed beside precision, never in place of it: "Has a sister." for "Has a sister, Anna,
 * in Berlin; they talk every Sunday." is true but short of the fact.
 */
function partOf(prediction: string, gold: string, person = ''): boolean {
  const name = new Set(lemmas(person).map((w) => w.lemma));
  const p = lemmas(prediction).filter((w) => !name.has(w.lemma));
  const g = lemmas(gold);
  const inGold = p.filter((w) => g.some((o) => sameMeaning(o, w))).length;
  return inGold >= 2 && inGold / p.length >= 2 / 3;
}

/** Every gold fact a statement meets the rule for (a turn may state several; supersession checks against all of them). */
function goldsOf(
  conv: Conversation,
  session: string,
  turns: readonly number[],
  content: string,
): string[] {
  return [...conv.gold.values()]
    .filter(
      (gold) =>
        gold.turns.some((t) => t.session === session && turns.includes(t.seq)) &&
        overlap(content, gold.statement, conv.person.name) >= MATCH_SHARE,
    )
    .map((gold) => gold.key);
}

/** The gold fact a prediction states: one of its turns is the gold fact's (or a restatement's), and the overlap rule holds. */
function goldOf(
  conv: Conversation,
  session: string,
  turns: readonly number[],
  content: string,
): Gold | undefined {
  let best: Gold | undefined;
  let bestScore = 0;
  for (const gold of conv.gold.values()) {
    if (!gold.turns.some((t) => t.session === session && turns.includes(t.seq))) continue;
    const score = overlap(content, gold.statement, conv.person.name);
    if (score >= MATCH_SHARE && score > bestScore) {
      best = gold;
      bestScore = score;
    }
  }
  return best;
}

// Not self-contained: a dangling pronoun at the start, second person, a speaker label, or a relative time left unresolved.
const DANGLING = /^(?:it|its|they|them|he|she|his|her|this|that|these|those)\b/i;
const SECOND = /\b(?:you|your|yours)\b/i;
const LABEL = /^[A-Z][a-z]+:/;
const RELATIVE =
  /\b(?:yesterday|today|tomorrow|tonight|ago|(?:last|next|this) (?:week|weekend|month|year|spring|summer|autumn|fall|winter|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b/i;
const notSelfContained = (content: string) =>
  DANGLING.test(content) || SECOND.test(content) || LABEL.test(content) || RELATIVE.test(content);

interface StoredFact extends ExistingFact {
  status: 'active' | 'superseded';
  gold?: string;
  golds: string[];
  sourceTurns?: number[];
  supersededBy?: string;
}

async function run(conv: Conversation) {
  const adapter = new OfflineAdapter();
  const stored: StoredFact[] = [];
  const proposals: Array<{ content: string }> = [];
  const predictions: Array<{
    content: string;
    factType: string;
    occurredOn?: string;
    sourceSession: string;
    sourceTurns?: number[];
    gold?: Gold;
  }> = [];
  let nextId = 0;
  for (const session of conv.sessions) {
    const outcome = await adapter.call({
      label: 'memory',
      messages: [],
      maxOutputTokens: 2_048,
      json: { listKey: 'facts' },
      turns: session.turns,
    });
    if (!outcome.ok) throw new Error(outcome.message);
    const items = (JSON.parse(outcome.text) as { facts: unknown[] }).facts.filter(
      (item) => ExtractedFact.safeParse(item).success,
    );
    const { facts } = validateFacts(items, { sourceSession: session.id });
    for (const fact of facts)
      predictions.push({
        ...fact,
        gold: goldOf(conv, session.id, fact.sourceTurns ?? [], fact.content),
      });
    const active = stored.filter((f) => f.status === 'active');
    const ids = Array.from({ length: 20 }, () => `f${++nextId}`);
    const byId = new Map(stored.map((f) => [f.factId, f]));
    for (const write of planExtractionWrites(
      facts,
      active,
      ids,
      new Date(session.turns.at(-1)!.occurredAt!),
    )) {
      if (write.kind === 'create') {
        const fact = write.fact as CandidateFact & { factId: string };
        const created: StoredFact = {
          ...fact,
          kind: 'fact',
          status: 'active',
          gold: goldOf(conv, session.id, fact.sourceTurns ?? [], fact.content)?.key,
          golds: goldsOf(conv, session.id, fact.sourceTurns ?? [], fact.content),
        };
        stored.push(created);
        byId.set(created.factId, created);
      } else if (write.kind === 'update') {
        const fact = byId.get(write.factId)!;
        fact.content = write.content;
        fact.confidence = write.confidence;
      } else if (write.kind === 'supersede') {
        const fact = byId.get(write.factId)!;
        fact.status = 'superseded';
        fact.supersededBy = write.supersededBy;
      } else {
        proposals.push({ content: write.fact.content });
      }
    }
  }
  return { predictions, stored, proposals };
}

interface SplitScore {
  conversations: number;
  sessions: number;
  unread: number;
  continued: number;
  gold: number;
  predicted: number;
  correct: number;
  /** Predictions that meet the rule, or whose own words are mostly one gold fact's of their turn (a part of it). */
  supported: number;
  recalled: number;
  typed: number;
  loose: number;
  events: number;
  eventsDated: number;
  datedGold: number;
  dateRight: number;
  memories: number;
  nearDuplicatePairs: number;
  changes: number;
  superseded: number;
  wrongSupersessions: number;
  proposed: number;
  sensitiveStored: number;
  ms: number;
  rows: string[];
  /** Predictions read from a turn that holds a gold fact (whatever their words): tells alignment from wording. */
  onGoldTurn: number;
  /** Gold facts placed on a turn of the person's (a gold line before any U: turn has none). */
  goldOnUserTurn: number;
  /** Best word overlap of each prediction on a gold turn with the gold facts of that turn, in quarters. */
  overlapQuarters: number[];
  goldWords: number;
  predictionWords: number;
  /** The same, against every gold fact of the session whatever its turn. */
  sessionQuarters: number[];
}

function loadSplit(dir: string): Conversation[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.conv'))
    .sort()
    .map((f) =>
      parseConversation(f.replace(/\.conv$/, ''), readFileSync(path.join(dir, f), 'utf8')),
    );
}

/** Scores one split; `verbose` prints its misses (the dev split only: a blind item is never printed). */
async function scoreSplit(conversations: Conversation[], verbose: boolean): Promise<SplitScore> {
  const score: SplitScore = {
    conversations: conversations.length,
    sessions: conversations.reduce((n, c) => n + c.sessions.length, 0),
    unread: conversations.reduce((n, c) => n + c.unread, 0),
    continued: conversations.reduce((n, c) => n + c.continued, 0),
    gold: 0,
    predicted: 0,
    correct: 0,
    supported: 0,
    recalled: 0,
    typed: 0,
    loose: 0,
    events: 0,
    eventsDated: 0,
    datedGold: 0,
    dateRight: 0,
    memories: 0,
    nearDuplicatePairs: 0,
    changes: 0,
    superseded: 0,
    wrongSupersessions: 0,
    proposed: 0,
    sensitiveStored: 0,
    ms: 0,
    rows: [],
    onGoldTurn: 0,
    goldOnUserTurn: 0,
    overlapQuarters: [0, 0, 0, 0, 0],
    goldWords: 0,
    predictionWords: 0,
    sessionQuarters: [0, 0, 0, 0, 0],
  };
  const started = performance.now();
  for (const conv of conversations) {
    const { predictions, stored, proposals } = await run(conv);
    const hit = new Set(predictions.flatMap((p) => (p.gold ? [p.gold.key] : [])));
    score.gold += conv.gold.size;
    score.goldOnUserTurn += [...conv.gold.values()].filter(
      (g) => (g.turns[0]?.seq ?? 0) > 0,
    ).length;
    const goldTurns = new Set(
      [...conv.gold.values()].flatMap((g) => g.turns.map((t) => `${t.session}#${t.seq}`)),
    );
    for (const g of conv.gold.values()) score.goldWords += words(g.statement).size;
    for (const p of predictions) {
      score.predictionWords += words(p.content).size;
      const best = Math.max(
        -1,
        ...[...conv.gold.values()]
          .filter((g) =>
            g.turns.some(
              (t) => t.session === p.sourceSession && (p.sourceTurns ?? []).includes(t.seq),
            ),
          )
          .map((g) => overlap(p.content, g.statement, conv.person.name)),
      );
      if (best >= 0) bump(score.overlapQuarters, Math.min(4, Math.floor(best * 4)));
      const anyTurn = Math.max(
        0,
        ...[...conv.gold.values()]
          .filter((g) => g.session === p.sourceSession)
          .map((g) => overlap(p.content, g.statement, conv.person.name)),
      );
      bump(score.sessionQuarters, Math.min(4, Math.floor(anyTurn * 4)));
    }
    score.onGoldTurn += predictions.filter((p) =>
      (p.sourceTurns ?? []).some((t) => goldTurns.has(`${p.sourceSession}#${t}`)),
    ).length;
    score.predicted += predictions.length;
    score.correct += predictions.filter((p) => p.gold).length;
    score.supported += predictions.filter(
      (p) =>
        p.gold ||
        [...conv.gold.values()].some(
          (g) =>
            g.turns.some(
              (t) => t.session === p.sourceSession && (p.sourceTurns ?? []).includes(t.seq),
            ) && partOf(p.content, g.statement, conv.person.name),
        ),
    ).length;
    score.typed += predictions.filter((p) => p.gold && p.gold.factType === p.factType).length;
    score.recalled += hit.size;
    score.loose += predictions.filter((p) => notSelfContained(p.content)).length;
    const predictedEvents = predictions.filter((p) => p.factType === 'event');
    score.events += predictedEvents.length;
    score.eventsDated += predictedEvents.filter((p) => p.occurredOn).length;
    for (const p of predictions) {
      if (!p.gold?.date) continue;
      score.datedGold++;
      if (p.occurredOn?.startsWith(p.gold.date)) score.dateRight++;
    }
    const active = stored.filter((f) => f.status === 'active');
    score.memories += active.length;
    let pairs = 0;
    for (let i = 0; i < active.length; i++) {
      for (let j = i + 1; j < active.length; j++) {
        const a = itemAt(active, i);
        const b = itemAt(active, j);
        if (
          (a.gold && a.gold === b.gold) ||
          tokenDice(a.content, b.content) >= NEAR_DUPLICATE_DICE
        ) {
          pairs++;
          if (verbose) console.log(`  [${conv.name}] near-duplicate: ${a.content} | ${b.content}`);
        }
      }
    }
    score.nearDuplicatePairs += pairs;
    const byId = new Map(stored.map((f) => [f.factId, f]));
    const edges = stored
      .filter((f) => f.supersededBy)
      .map((f) => ({
        old: f.gold,
        olds: f.golds,
        by: byId.get(f.supersededBy!)?.gold,
        bys: byId.get(f.supersededBy!)?.golds ?? [],
        byFact: byId.get(f.supersededBy!),
      }));
    // Right: the gold change of mind, or the old fact said again (a `~` turn of it) in other words.
    const restates = (oldKey: string | undefined, by: StoredFact | undefined) =>
      !!oldKey &&
      !!by &&
      (conv.gold.get(oldKey)?.turns.slice(1) ?? []).some(
        (t) => t.session === by.sourceSession && (by.sourceTurns ?? []).includes(t.seq),
      );
    const expected = [...conv.gold.values()].filter((g) => g.replaces);
    score.changes += expected.length;
    const found = expected.filter((g) =>
      edges.some((e) => e.olds.includes(g.replaces!) && e.bys.includes(g.key)),
    );
    score.superseded += found.length;
    const rightEdge = (e: (typeof edges)[number]) =>
      e.olds.some(
        (old) =>
          e.bys.includes(old) ||
          e.bys.some((by) => conv.gold.get(by)?.replaces === old) ||
          restates(old, e.byFact),
      );
    score.wrongSupersessions += edges.filter((e) => !rightEdge(e)).length;
    if (verbose) {
      for (const p of predictions.filter((x) => !x.gold)) {
        const part = [...conv.gold.values()].find(
          (g) =>
            g.turns.some(
              (t) => t.session === p.sourceSession && (p.sourceTurns ?? []).includes(t.seq),
            ) && partOf(p.content, g.statement, conv.person.name),
        );
        // The closest gold fact of its turns, to tell a wording miss from a fact the gold does not hold.
        const near = [...conv.gold.values()]
          .filter((g) =>
            g.turns.some(
              (t) => t.session === p.sourceSession && (p.sourceTurns ?? []).includes(t.seq),
            ),
          )
          .map((g) => ({ g, o: overlap(p.content, g.statement, conv.person.name) }))
          .sort((a, b) => b.o - a.o)[0];
        console.log(
          `  [${conv.name}] unmatched${part ? ` (part of ${part.key})` : ''}: ${p.factType} | ${p.content}${near ? `\n      nearest ${near.o.toFixed(2)} ${near.g.key}: ${near.g.statement}` : ''}`,
        );
      }
      for (const p of predictions.filter((x) => x.gold && x.gold.factType !== x.factType))
        console.log(`  [${conv.name}] typed ${p.factType}, gold ${p.gold!.factType}: ${p.content}`);
      for (const g of [...conv.gold.values()].filter((x) => !hit.has(x.key)))
        console.log(`  [${conv.name}] missed: ${g.key} ${g.factType} | ${g.statement}`);
      for (const p of predictedEvents.filter((x) => !x.occurredOn))
        console.log(`  [${conv.name}] undated event: ${p.content}`);
      for (const p of predictions.filter(
        (x) => x.gold?.date && !x.occurredOn?.startsWith(x.gold.date),
      ))
        console.log(`  [${conv.name}] date ${p.occurredOn} vs ${p.gold!.date}: ${p.content}`);
      for (const g of expected.filter((x) => !found.includes(x)))
        console.log(`  [${conv.name}] not superseded: ${g.replaces} by ${g.key}`);
      for (const e of edges.filter((x) => !rightEdge(x)))
        console.log(`  [${conv.name}] wrongly superseded ${e.old} by ${e.by}`);
      for (const f of stored)
        console.log(
          `  [${conv.name}] stored ${f.status} ${f.factType} ${f.subject ?? ''} ${f.gold ?? '-'} | ${f.content}`,
        );
    }
    score.proposed += proposals.length;
    score.sensitiveStored += active.filter(
      (f) => classifySensitivity({ content: f.content }).sensitive,
    ).length;
    score.rows.push(
      `  ${conv.name.padEnd(8)} gold ${String(conv.gold.size).padStart(3)}  predicted ${String(predictions.length).padStart(3)}  precision ${(predictions.filter((p) => p.gold).length / Math.max(1, predictions.length)).toFixed(2)}  recall ${(hit.size / conv.gold.size).toFixed(2)}  changes of mind superseded ${found.length}/${expected.length}`,
    );
  }
  score.ms = performance.now() - started;
  return score;
}

const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(3));

/** One line: the measure, then each split's value, then the aim it is read against on blind. */
function line(label: string, values: string[], aim = ''): string {
  return `${label.padEnd(34)}${values.map((v) => v.padEnd(26)).join('')}${aim}`;
}

/**
 * The splits to score: BENCH_SPLIT names one or more (comma-separated, "dev" for the dev split alone, as
 * when tuning); unset, every split present. Blind is read only when named or unset (once per round of rules).
 */
function chosenSplits(): typeof SPLITS {
  const asked = process.env.BENCH_SPLIT?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (!asked || asked.length === 0) return SPLITS;
  const unknown = asked.filter((name) => !SPLITS.some((s) => s.name === name));
  if (unknown.length > 0)
    throw new Error(
      `BENCH_SPLIT names ${unknown.join(', ')}; the splits are ${SPLITS.map((s) => s.name).join(', ')}`,
    );
  return SPLITS.filter((s) => asked.includes(s.name));
}

async function main(): Promise<void> {
  // The per-conversation rows and misses are printed for dev splits only; blind is read in aggregate.
  const verbose = Boolean(process.env.BENCH_VERBOSE);
  const splits: Array<[string, SplitScore]> = [];
  console.log('memory quality, offline adapter');
  for (const split of chosenSplits()) {
    const conversations = loadSplit(split.dir);
    if (conversations.length === 0) {
      console.log(`(no ${split.name} split at ${path.relative(process.cwd(), split.dir)})`);
      continue;
    }
    splits.push([split.name, await scoreSplit(conversations, verbose && !split.blind)]);
    if (!split.blind) console.log(`${split.name}:\n${splits.at(-1)![1].rows.join('\n')}`);
  }
  if (splits.length === 0) throw new Error('no split to score');
  const col = (f: (s: SplitScore) => string) => splits.map(([, s]) => f(s));
  console.log(
    line(
      '',
      splits.map(([name]) => name),
      'aim (blind)',
    ),
  );
  console.log(
    line(
      'conversations / sessions / gold',
      col((s) => `${s.conversations} / ${s.sessions} / ${s.gold}`),
    ),
  );
  console.log(
    line(
      'precision',
      col((s) => `${ratio(s.correct, s.predicted)} (${s.correct}/${s.predicted})`),
      '>= 0.9',
    ),
  );
  console.log(
    line(
      'precision, parts of gold too',
      col((s) => `${ratio(s.supported, s.predicted)} (${s.supported}/${s.predicted})`),
    ),
  );
  console.log(
    line(
      'recall',
      col((s) => `${ratio(s.recalled, s.gold)} (${s.recalled}/${s.gold})`),
      '>= 0.7',
    ),
  );
  console.log(
    line(
      'type accuracy',
      col((s) => `${ratio(s.typed, s.correct)} (${s.typed}/${s.correct})`),
      '>= 0.85',
    ),
  );
  console.log(
    line(
      'near-duplicate pairs per 100',
      col(
        (s) =>
          `${s.memories === 0 ? 'n/a' : ((100 * s.nearDuplicatePairs) / s.memories).toFixed(2)} (${s.nearDuplicatePairs}/${s.memories})`,
      ),
      '<= 1',
    ),
  );
  console.log(
    line(
      'events dated',
      col((s) => `${ratio(s.eventsDated, s.events)} (${s.eventsDated}/${s.events})`),
      '1.000',
    ),
  );
  console.log(
    line(
      'changes of mind superseded',
      col((s) => `${s.superseded}/${s.changes} (wrong ${s.wrongSupersessions})`),
      'all',
    ),
  );
  console.log(
    line(
      'event dates right (vs gold)',
      col((s) => `${ratio(s.dateRight, s.datedGold)} (${s.dateRight}/${s.datedGold})`),
    ),
  );
  console.log(
    line(
      'share not self-contained',
      col((s) => `${ratio(s.loose, s.predicted)} (${s.loose}/${s.predicted})`),
    ),
  );
  console.log(
    line(
      'health statements proposed',
      col((s) => `${s.proposed} (stored unproposed ${s.sensitiveStored})`),
    ),
  );
  console.log(
    line(
      'predictions on a gold turn',
      col((s) => `${ratio(s.onGoldTurn, s.predicted)} (${s.onGoldTurn}/${s.predicted})`),
    ),
  );
  console.log(
    line(
      'overlap, any turn of the session',
      col((s) => s.sessionQuarters.join(' ')),
    ),
  );
  console.log(
    line(
      'overlap on gold turns (quarters)',
      col((s) => s.overlapQuarters.join(' ')),
    ),
  );
  console.log(
    line(
      'content words gold / prediction',
      col(
        (s) =>
          `${(s.goldWords / Math.max(1, s.gold)).toFixed(1)} / ${(s.predictionWords / Math.max(1, s.predicted)).toFixed(1)}`,
      ),
    ),
  );
  console.log(
    line(
      'lines not read / read as a turn',
      col((s) => `${s.unread} / ${s.continued}`),
    ),
  );
  console.log(
    line(
      'gold facts on a user turn',
      col((s) => ratio(s.goldOnUserTurn, s.gold)),
    ),
  );
  console.log(
    line(
      'time per extraction',
      col((s) => `${(s.ms / Math.max(1, s.sessions)).toFixed(1)} ms`),
    ),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

/** One more in a histogram's bucket. */
function bump(buckets: number[], at: number): void {
  buckets[at] = (buckets[at] ?? 0) + 1;
}
