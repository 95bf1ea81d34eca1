import type {
  MnemoClient,
  PriorDecision,
  PriorWorkItem,
  SessionSummary,
  Turn,
} from '@mnemo/mnemo-client';
// The context service's digest door, not its main one: a hook is a new process per call and loads no Nest.
import { clean } from '@mnemo/context-service/digest';
import type {
  DecisionStance,
  DeveloperDigestSources,
  DigestDecision,
  DigestLogSignal,
  DigestPreference,
  DigestSession,
} from '@mnemo/context-service/digest';

const SESSIONS = 30;
/**
 * A project's settled statements and distilled decisions, newest first, from every one of its sessions:
 * recall keeps them as the turns arrive, so a choice made weeks and many sessions ago still holds.
 */
const STATEMENTS = 200;
const MEMORIES = 40;
const LOG_SIGNALS = 5;
/** The newest sessions with no outcome yet, whose turns say what they did. */
const FROM_TURNS = 6;
const TURNS_READ = 60;

/** A part that fails (an older Mnemo without the route, a slow query) is left out; the rest still goes in. */
const orEmpty = <T>(promise: Promise<T[]>): Promise<T[]> => promise.catch(() => []);

const STANCES: readonly DecisionStance[] = ['chose', 'rejected', 'deferred', 'convention'];

function decisionOf(decision: PriorDecision): DigestDecision {
  const stance = STANCES.find((known) => known === decision.stance) ?? 'chose';
  return {
    id: String(decision.decisionId ?? `${decision.sessionId ?? ''}:${decision.topic}`),
    topic: decision.topic,
    stance,
    rationale: decision.rationale ?? '',
    occurredAt: decision.occurredAt ?? decision.decidedAt ?? '',
    sessionId: decision.sessionId ?? null,
    turnSeq: decision.turnSeq ?? null,
  };
}

const preferenceOf = (decision: PriorDecision): DigestPreference => ({
  id: String(decision.decisionId ?? `${decision.sessionId ?? ''}:${decision.topic}`),
  content: decision.topic,
  occurredAt: decision.occurredAt ?? '',
  sessionId: decision.sessionId ?? null,
  turnSeq: decision.turnSeq ?? null,
});

/** A path inside the repository, as the repository names it. */
const inProject = (file: string, project: string): string =>
  file.startsWith(`${project}/`) ? file.slice(project.length + 1) : file;

/** A session's outcome summary is the opening request and the closing answer, a blank line between them. */
function sessionOf(
  item: PriorWorkItem,
  decisions: readonly DigestDecision[],
  project: string,
): DigestSession {
  const summary = item.summary ?? '';
  const split = summary.indexOf('\n\n');
  return {
    sessionId: item.sessionId,
    startedAt: item.startedAt ?? item.endedAt ?? '',
    endedAt: item.endedAt ?? null,
    outcome: item.outcome ?? 'unknown',
    firstUserTurn: split < 0 ? summary : summary.slice(0, split),
    lastAssistantTurn: split < 0 ? '' : summary.slice(split + 2),
    filesEdited: (item.filesEdited ?? []).map((file) => inProject(file, project)),
    decisionCount: decisions.filter((decision) => decision.sessionId === item.sessionId).length,
  };
}

type Memory = Awaited<ReturnType<MnemoClient['memories']>>['memories'][number];

const fromMemory = (memory: Memory) => ({
  id: memory.id,
  occurredAt: memory.updatedAt,
  memoryId: memory.id,
  sessionId: memory.origin?.session ?? null,
  turnSeq: memory.origin?.turns?.[0] ?? memory.origin?.messageSeq ?? null,
});

/**
 * What a coding session's digest is built from, asked of Mnemo at once: the project's sessions with their
 * verdicts, and the decisions, conventions and ways of working its sessions settled (recall, which keeps them
 * as the turns arrive: no session's turns are read here but those of the newest few with no outcome yet), the
 * account's decision and preference memories (memory), and the project's error log templates new or rising
 * since the agent's last session (logs). Drift is the session-start hook's to add, since it parses the
 * working tree (digest-drift.load.ts). Every part is fail-open.
 */
export async function loadDigestSources(
  client: MnemoClient,
  project: string,
  currentSessionId?: string,
): Promise<DeveloperDigestSources> {
  const listing = orEmpty(client.sessions(SESSIONS, { project }).then((a) => a.sessions));
  const signals = listing.then((sessions) =>
    orEmpty(runtimeSignals(client, project, lastSessionEnd(sessions, currentSessionId))),
  );
  const work = orEmpty(
    client.projectSessions(project, SESSIONS).then((a) => a.sessions ?? a.items ?? []),
  );
  // a session with no outcome yet says what it did in its turns: only those few are read
  const fromTurns = Promise.all([listing, work]).then(([listed, items]) => {
    const withOutcome = new Set(items.map((item) => item.sessionId));
    return orEmpty(
      Promise.all(
        listed
          .filter((s) => !s.id.includes(':agent-') && s.turnCount > 0)
          .slice(0, FROM_TURNS)
          .filter((s) => !withOutcome.has(s.id))
          .map(async (s) => sessionFromTurns(s, await turnsOf(client, s))),
      ),
    );
  });
  const [listed, worked, statements, decisionMemories, preferenceMemories, logSignals, unended] =
    await Promise.all([
      listing,
      work,
      orEmpty(
        client
          .projectDecisions(project, STATEMENTS, { preferences: true })
          .then((a) => a.decisions),
      ),
      orEmpty(client.memories('Decisions', MEMORIES).then((a) => a.memories)),
      orEmpty(client.memories('Preferences', MEMORIES).then((a) => a.memories)),
      signals,
      fromTurns,
    ]);
  const projectSessions = new Set([
    ...worked.map((item) => item.sessionId),
    ...listed.map((s) => s.id),
  ]);
  const decisions: DigestDecision[] = [
    ...statements.filter((s) => s.stance !== 'preference').map(decisionOf),
    // A decision memory is the account's: only one said in this project's sessions belongs here.
    ...decisionMemories
      .filter((memory) => !memory.sensitive && projectSessions.has(memory.origin?.session ?? ''))
      .map((memory) => ({
        ...fromMemory(memory),
        topic: memory.content,
        stance: 'chose' as const,
        rationale: '',
      })),
  ];
  const preferences: DigestPreference[] = [
    ...preferenceMemories
      .filter((memory) => !memory.sensitive)
      .map((memory) => ({ ...fromMemory(memory), content: memory.content })),
    ...statements.filter((s) => s.stance === 'preference').map(preferenceOf),
  ];
  const turnCounts = new Map(listed.map((s) => [s.id, s.turnCount]));
  return {
    project,
    decisions,
    sessions: [
      ...worked.map((item) => ({
        ...sessionOf(item, decisions, project),
        turnCount: turnCounts.get(item.sessionId),
      })),
      ...unended.map((session) => ({
        ...session,
        decisionCount: decisions.filter((d) => d.sessionId === session.sessionId).length,
      })),
    ],
    preferences,
    logSignals,
    drift: [],
  };
}

/** Rising is told by hourly counts: a window shorter than an hour would call any busy hour rising. */
const SIGNALS_MIN_WINDOW_MS = 3_600_000;

/**
 * When the agent's previous session in this project ended (or began, with no recorded end), at least an
 * hour ago; null for a first session.
 */
function lastSessionEnd(
  sessions: readonly SessionSummary[],
  currentSessionId: string | undefined,
): string | null {
  const last = sessions.find((s) => s.id !== currentSessionId && !s.id.includes(':agent-'));
  if (!last) return null;
  const end = Date.parse(last.endedAt ?? last.startedAt);
  return new Date(Math.min(end, Date.now() - SIGNALS_MIN_WINDOW_MS)).toISOString();
}

/**
 * The project's error templates (error or graver) that are new or rising since the agent's last session
 * (the last 24 hours for a first session), new ones first; the digest's budget then keeps what fits.
 */
async function runtimeSignals(
  client: MnemoClient,
  project: string,
  since: string | null,
): Promise<DigestLogSignal[]> {
  const ask = (change: 'new' | 'rising') =>
    client
      .logFacts({
        project,
        severity: 'error',
        change,
        limit: LOG_SIGNALS,
        ...(since ? { since } : {}),
      })
      .then((answer) => answer.facts);
  const [fresh, rising] = await Promise.all([ask('new'), ask('rising')]);
  const period = since ? `since ${since.slice(0, 16).replace('T', ' ')}` : 'in 24 h';
  return [...fresh, ...rising].slice(0, LOG_SIGNALS).map((fact) => ({
    id: `log ${fact.templateId}`,
    text: `${fact.change} ${fact.severity ?? 'error'}: ${fact.template} (${fact.countInWindow ?? 0} lines ${period})`,
    occurredAt: fact.lastSeenAt,
  }));
}

const spoken = (turn: Turn, role: Turn['role']): boolean =>
  turn.role === role && !turn.isSidechain && clean(turn.text, 40) !== '';

/** A session's turns: its first ones, and its last ones when it is longer than one page. */
async function turnsOf(client: MnemoClient, session: SessionSummary): Promise<Turn[]> {
  const { turns } = await client.turns(session.id, -1, TURNS_READ);
  if (session.turnCount <= TURNS_READ) return turns;
  const tail = (await client.turns(session.id, session.turnCount - 20, 30)).turns;
  const seen = new Set(turns.map((turn) => turn.seq));
  return [...turns, ...tail.filter((turn) => !seen.has(turn.seq))];
}

/** A session with no recorded outcome: its first request and last answer, from its turns; how it ended is unknown. */
function sessionFromTurns(session: SessionSummary, turns: readonly Turn[]): DigestSession {
  return {
    sessionId: session.id,
    startedAt: session.startedAt,
    endedAt: session.endedAt,
    outcome: 'unknown',
    firstUserTurn: turns.find((turn) => spoken(turn, 'user'))?.text ?? session.title ?? '',
    lastAssistantTurn: [...turns].reverse().find((turn) => spoken(turn, 'assistant'))?.text ?? '',
    filesEdited: [],
    turnCount: session.turnCount,
  };
}
