import {
  isInProject,
  visitedPlace,
  type MnemoClient,
  type ProjectIdentity,
  type SessionSummary,
} from '@mnemo/mnemo-client';
import { assembleDeveloperDigest, sessionKindOf } from '@mnemo/context-service/digest';
import { buildSessionContext, type EarlierSession } from './domain/session-context';
import { loadDigestSources } from './digest-sources.load';
import { loadDigestDrift } from './digest-drift.load';
import type { HookInput } from './hook-input';
import { mnemoSessionId } from './hook-input';

const EARLIER_SESSIONS = 2;
/** The source the transcript hooks record for these sessions (ingest's default). */
const CLAUDE_CODE_SOURCE = 'claude-code';

/** The digest without this session's own line (a resumed or cleared session is in Mnemo already). */
function developerDigest(
  sources: Awaited<ReturnType<typeof loadDigestSources>>,
  sessionId: string,
): string {
  return assembleDeveloperDigest({
    ...sources,
    sessions: sources.sessions.filter(
      (s) => s.sessionId !== sessionId && !s.sessionId.includes(':agent-'),
    ),
  }).markdown;
}
const LAST_TURNS = 4;

/** The checkout the agent works in: the root that holds its working folder, else the main one. */
const checkoutOf = (identity: ProjectIdentity, cwd: string): string | null =>
  identity.roots.find((root) => isInProject(cwd, [root])) ?? identity.roots[0] ?? null;

/**
 * The digest's sources with its drift: the files the earlier sessions edited, parsed here and compared
 * with Mnemo's snapshots as those sessions left them. Their working-tree versions are recorded as
 * snapshots on the way (docs/code-symbols.md).
 */
async function digestSourcesWithDrift(
  client: MnemoClient,
  identity: ProjectIdentity,
  cwd: string,
  sessionId: string,
) {
  const sources = await loadDigestSources(client, identity.project, sessionId);
  const earlier = sources.sessions.filter((s) => s.sessionId !== sessionId);
  const { drift, snapshots } = await loadDigestDrift(
    client,
    identity.project,
    checkoutOf(identity, cwd),
    earlier,
  ).catch(() => ({ drift: [], snapshots: [] }));
  if (snapshots.length > 0) await client.sendEvents(snapshots).catch(() => undefined);
  return { ...sources, drift };
}

/**
 * This repository's sessions, newest first, without the current one or subagents. Mnemo picks them by
 * project (one recorded without a project counts when it ran at or under the project's root): taking
 * the account's newest 100 and filtering them here missed every earlier session of a repository once
 * 100 newer ones had run elsewhere. They are filtered here too, for a Mnemo too old to know the filter.
 */
async function earlierSessions(
  client: MnemoClient,
  identity: ProjectIdentity,
  current: string,
): Promise<EarlierSession[]> {
  const { sessions } = await client.sessions(50, { project: identity.project });
  const mine = sessions
    .filter((s: SessionSummary) => s.id !== current && !s.id.includes(':agent-') && s.turnCount > 0)
    .filter((s) =>
      s.project ? s.project === identity.project : isInProject(s.cwd, identity.roots),
    )
    .slice(0, EARLIER_SESSIONS);
  return Promise.all(
    mine.map(async (s) => {
      const { turns } = await client.turns(s.id, Math.max(-1, s.turnCount - 12), 50);
      const spoken = turns.filter(
        (t) =>
          (t.role === 'user' || t.role === 'assistant') && !t.isSidechain && t.text.trim() !== '',
      );
      return {
        id: s.id,
        title: s.title,
        startedAt: s.startedAt,
        lastTurns: spoken.slice(-LAST_TURNS).map((t) => ({ role: t.role, text: t.text })),
      };
    }),
  );
}

/** What the user typed in this session, as Mnemo holds it (the pre-compact hook sent it). */
async function ownPrompts(client: MnemoClient, sessionId: string): Promise<string[]> {
  const prompts: string[] = [];
  let afterSeq = -1;
  for (let page = 0; page < 5; page += 1) {
    const answer = await client.turns(sessionId, afterSeq, 1000);
    prompts.push(
      ...answer.turns
        .filter((t) => t.role === 'user' && !t.isSidechain && t.text.trim() !== '')
        .map((t) => t.text),
    );
    if (answer.nextAfterSeq === null) break;
    afterSeq = answer.nextAfterSeq;
  }
  return prompts;
}

async function visitedLines(client: MnemoClient, sessionId: string): Promise<string[]> {
  const answer = await client.visited(sessionId);
  return (answer.visited ?? answer.entries ?? []).map(
    (v) => `${visitedPlace(v)}${v.note ? ` — ${v.note}` : ''}`,
  );
}

/** A part that fails (an older Mnemo without the route, a slow query) is left out; the rest still goes in. */
const orNull = <T>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/**
 * SessionStart: additionalContext with what the agent should know here (CLAUDE-CODE.md B.3). After a
 * compaction (`source: "compact"`) it also puts back this session's requests and visited files.
 */
export async function sessionStartHook(
  input: HookInput,
  client: MnemoClient,
  identity: ProjectIdentity,
) {
  const sessionId = mnemoSessionId(input.session_id);
  const compact = input.source === 'compact';
  // One rule (context's domain) says a Claude Code session is a coding one: it gets a developer's digest
  const coding =
    sessionKindOf({ source: CLAUDE_CODE_SOURCE, project: identity.project }) === 'coding';
  const [claudeMd, earlier, digestSources, prompts, visited] = await Promise.all([
    coding ? null : orNull(client.claudeMd(sessionId)),
    coding ? null : orNull(earlierSessions(client, identity, sessionId)),
    coding ? orNull(digestSourcesWithDrift(client, identity, input.cwd, sessionId)) : null,
    compact ? orNull(ownPrompts(client, sessionId)) : null,
    compact ? orNull(visitedLines(client, sessionId)) : null,
  ]);
  const additionalContext = buildSessionContext({
    sessionId,
    project: identity.project,
    source: input.source ?? 'startup',
    claudeMd: claudeMd?.markdown ?? null,
    earlier: earlier ?? [],
    ownPrompts: prompts ?? [],
    visited: visited ?? [],
    digest: digestSources === null ? null : developerDigest(digestSources, sessionId),
  });
  if (!additionalContext) return null;
  return { hookSpecificOutput: { hookEventName: 'SessionStart', additionalContext } };
}
