/**
 * Memory quality of the offline adapter (issue 11), on the team's own dataset
 * (tests/bench/data/memory-quality, format and scoring rule in its README). Each session is one
 * extraction, as a pause or a quiet session makes it: the offline adapter reads the session's turns
 * (seqs and dates), memory validates the answer and plans the writes against what earlier sessions
 * stored (near-duplicates update, a newer fact about the same subject supersedes). Printed, not asserted.
 * Run: npm run bench:memory
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { classifySensitivity } from '@mnemo/memory-rules';
import { ExtractedFact, OfflineAdapter, tokenDice, type SourceTurn } from '@mnemo/llm';
import {
  planExtractionWrites,
  validateFacts,
  type CandidateFact,
  type ExistingFact,
} from '../../services/memory/src/index';

const DATA = path.join(__dirname, 'data/memory-quality');
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
}

function parseConversation(name: string, text: string): Conversation {
  const conv: Conversation = {
    name,
    person: { name: name, role: '' },
    sessions: [],
    gold: new Map(),
  };
  let session: Conversation['sessions'][number] | undefined;
  let start = 0;
  let lastUserSeq = 0;
  for (const line of text.split('\n')) {
    const header = /^# person: (.+?) · role: (.+?) · other: (.+)$/.exec(line);
    if (header) conv.person = { name: header[1], role: header[2] };
    const sessionLine = /^## session (\S+) (\S+)$/.exec(line);
    if (sessionLine) {
      session = { id: `${name}-${sessionLine[1]}`, turns: [] };
      conv.sessions.push(session);
      start = Date.parse(sessionLine[2]);
      continue;
    }
    const turn = /^([UA]): (.*)$/.exec(line);
    if (turn && session) {
      const seq = session.turns.length + 1;
      session.turns.push({
        seq,
        role: turn[1] === 'U' ? 'user' : 'assistant',
        text: turn[2],
        occurredAt: new Date(start + (seq - 1) * TURN_GAP_MS).toISOString(),
      });
      if (turn[1] === 'U') lastUserSeq = seq;
      continue;
    }
    const fact = /^([+!]) (\S+) (\w+)(?: (\d{4}(?:-\d{2}(?:-\d{2})?)?))? \| (.+)$/.exec(line);
    if (fact && session) {
      const [key, replaces] = fact[2].split('>');
      conv.gold.set(key, {
        key: key,
        factType: fact[3],
        ...(fact[4] ? { date: fact[4] } : {}),
        statement: fact[5],
        session: session.id,
        turns: [{ session: session.id, seq: lastUserSeq }],
        ...(replaces ? { replaces } : {}),
      });
      continue;
    }
    const again = /^~ (\S+)$/.exec(line);
    if (again && session)
      conv.gold.get(again[1])!.turns.push({ session: session.id, seq: lastUserSeq });
  }
  return conv;
}

const STOP = new Set(
  'a an the and or but of to in on at for with from by as is are was were be been am it its this that i me my we us our have has had do did will would so very just also about into after over not no'.split(
    ' ',
  ),
);
const stem = (w: string) => w.replace(/(?:ies)$/, 'y').replace(/(?:ing|ed|es|s)$/, '');
const words = (text: string) =>
  new Set((text.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter((w) => !STOP.has(w)).map(stem));
function overlap(prediction: string, gold: string): number {
  const g = words(gold);
  const p = words(prediction);
  let shared = 0;
  for (const w of g) if (p.has(w)) shared++;
  return g.size === 0 ? 0 : shared / g.size;
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
        overlap(content, gold.statement) >= MATCH_SHARE,
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
    const score = overlap(content, gold.statement);
    if (score >= MATCH_SHARE && score > bestScore) {
      best = gold;
      bestScore = score;
    }
  }
  return best;
}

// Not self-contained: a dangling pronoun at the start, second person, a speaker label, or a relative time left unresolved.
const DANGLING = /^(?:it|its|they|them|their|he|she|his|her|this|that|these|those)\b/i;
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

async function main(): Promise<void> {
  const conversations = readdirSync(DATA)
    .filter((f) => f.endsWith('.conv'))
    .sort()
    .map((f) =>
      parseConversation(f.replace(/\.conv$/, ''), readFileSync(path.join(DATA, f), 'utf8')),
    );
  const started = performance.now();
  let goldTotal = 0;
  let predicted = 0;
  let correct = 0;
  let recalled = 0;
  let loose = 0;
  let events = 0;
  let dated = 0;
  let datedGold = 0;
  let dateRight = 0;
  let nearDuplicatePairs = 0;
  let changes = 0;
  let superseded = 0;
  let wrongSupersessions = 0;
  let proposed = 0;
  let sensitiveStored = 0;
  const rows: string[] = [];
  for (const conv of conversations) {
    const { predictions, stored, proposals } = await run(conv);
    const hit = new Set(predictions.flatMap((p) => (p.gold ? [p.gold.key] : [])));
    goldTotal += conv.gold.size;
    predicted += predictions.length;
    correct += predictions.filter((p) => p.gold).length;
    recalled += hit.size;
    loose += predictions.filter((p) => notSelfContained(p.content)).length;
    const predictedEvents = predictions.filter((p) => p.factType === 'event');
    events += predictedEvents.length;
    dated += predictedEvents.filter((p) => /\b(?:19|20)\d\d\b/.test(p.content)).length;
    for (const p of predictions) {
      if (!p.gold?.date) continue;
      datedGold++;
      if (p.occurredOn?.startsWith(p.gold.date)) dateRight++;
    }
    const active = stored.filter((f) => f.status === 'active');
    for (let i = 0; i < active.length; i++) {
      for (let j = i + 1; j < active.length; j++) {
        const a = active[i];
        const b = active[j];
        if ((a.gold && a.gold === b.gold) || tokenDice(a.content, b.content) >= NEAR_DUPLICATE_DICE)
          nearDuplicatePairs++;
      }
    }
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
    changes += expected.length;
    const found = expected.filter((g) =>
      edges.some((e) => e.olds.includes(g.replaces!) && e.bys.includes(g.key)),
    );
    superseded += found.length;
    const rightEdge = (e: (typeof edges)[number]) =>
      e.olds.some(
        (old) =>
          e.bys.includes(old) ||
          e.bys.some((by) => conv.gold.get(by)?.replaces === old) ||
          restates(old, e.byFact),
      );
    wrongSupersessions += edges.filter((e) => !rightEdge(e)).length;
    if (process.env.BENCH_VERBOSE) {
      for (const p of predictions.filter((x) => !x.gold))
        console.log(`  [${conv.name}] unmatched: ${p.factType} | ${p.content}`);
      for (const g of [...conv.gold.values()].filter((x) => !hit.has(x.key)))
        console.log(`  [${conv.name}] missed: ${g.key} | ${g.statement}`);
      for (const p of predictedEvents.filter((x) => !/\b(?:19|20)\d\d\b/.test(x.content)))
        console.log(`  [${conv.name}] undated event: ${p.content}`);
      for (const p of predictions.filter(
        (x) => x.gold?.date && !x.occurredOn?.startsWith(x.gold.date),
      ))
        console.log(`  [${conv.name}] date ${p.occurredOn} vs ${p.gold!.date}: ${p.content}`);
      for (const e of edges) console.log(`  [${conv.name}] superseded ${e.old} by ${e.by}`);
      for (const f of stored)
        console.log(
          `  [${conv.name}] stored ${f.status} ${f.subject ?? ''} ${f.gold ?? '-'} | ${f.content}`,
        );
    }
    proposed += proposals.length;
    sensitiveStored += active.filter(
      (f) => classifySensitivity({ content: f.content }).sensitive,
    ).length;
    rows.push(
      `  ${conv.name.padEnd(8)} gold ${String(conv.gold.size).padStart(3)}  predicted ${String(predictions.length).padStart(3)}  precision ${(predictions.filter((p) => p.gold).length / Math.max(1, predictions.length)).toFixed(2)}  recall ${(hit.size / conv.gold.size).toFixed(2)}  changes of mind superseded ${found.length}/${expected.length}`,
    );
  }
  const ms = performance.now() - started;
  const ratio = (a: number, b: number) => (b === 0 ? 'n/a' : (a / b).toFixed(3));
  console.log(
    `memory quality, offline adapter: ${conversations.length} conversations, ${conversations.reduce((n, c) => n + c.sessions.length, 0)} sessions, ${goldTotal} gold facts`,
  );
  console.log(rows.join('\n'));
  console.log(
    `precision                          ${ratio(correct, predicted)}  (${correct}/${predicted} predicted facts match a gold fact)`,
  );
  console.log(
    `recall                             ${ratio(recalled, goldTotal)}  (${recalled}/${goldTotal} gold facts found)`,
  );
  console.log(
    `share not self-contained           ${ratio(loose, predicted)}  (${loose}/${predicted})`,
  );
  console.log(`near-duplicate pairs kept          ${nearDuplicatePairs}`);
  console.log(`events with an absolute date       ${ratio(dated, events)}  (${dated}/${events})`);
  console.log(
    `event dates right (vs gold)        ${ratio(dateRight, datedGold)}  (${dateRight}/${datedGold} matched predictions of dated gold facts)`,
  );
  console.log(
    `changes of mind superseded         ${superseded}/${changes}  (wrong supersessions: ${wrongSupersessions})`,
  );
  console.log(
    `health statements proposed         ${proposed}  (sensitive facts stored without a proposal: ${sensitiveStored})`,
  );
  console.log(
    `time                               ${ms.toFixed(0)} ms for all sessions (${(ms / conversations.reduce((n, c) => n + c.sessions.length, 0)).toFixed(1)} ms per extraction)`,
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
