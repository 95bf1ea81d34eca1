// The wrapper rule's own file, not the contracts door: the SessionStart hook builds this digest, and the door loads
// every zod schema (a hook is a new process per call; what it loads is its start-up).
import { stripWrappers } from '@mnemo/contracts/claude-code-wrappers';
import { isSensitiveText } from '@mnemo/memory-rules';
import type {
  DecisionStance,
  DigestDecision,
  DigestDrift,
  DigestLogSignal,
  DigestPreference,
  DigestSession,
  DigestTrace,
} from './developer-digest-sources';
import { containedIn, isoDate, oneLine } from './text-format';

/** The section renderers of a developer's digest: one line per item, each line traced. No budget logic here. */

export const DECISIONS_HEADING = '## Decisions and conventions (newest first)';
export const LEFT_OFF_HEADING = '## Where work was left';
export const FILE_HISTORY_HEADING = '## Prior work on files';
export const PREFERENCES_HEADING = '## Ways of working';
export const LOG_SIGNALS_HEADING = '## Runtime log signals';
export const DRIFT_HEADING = '## Changed since you last looked';

const STANCE_MARK: Record<DecisionStance, string> = {
  chose: '✅',
  convention: '✅',
  rejected: '⛔',
  deferred: '⏸️',
};

/** A session's outcome as a reader acts on it: follow, avoid, be careful, or unknown. */
export function verdictOf(outcome: string): string {
  switch (outcome) {
    case 'merged':
      return 'merged (a template)';
    case 'reverted':
      return 'reverted (avoid)';
    case 'abandoned':
      return 'abandoned (caution)';
    default:
      return 'open';
  }
}

/** Whitespace folded, Claude Code's wrappers and interrupt markers gone, cut at a word near `max`. */
export function clean(text: string, max: number): string {
  const flat = oneLine(stripWrappers(text));
  if (flat.length <= max) return flat;
  const cut = flat.lastIndexOf(' ', max - 1);
  return `${flat.slice(0, cut > max * 0.6 ? cut : max - 1)}…`;
}

/** The first sentence of a text (or its first line), for a one-line gist of what was asked or said. */
export function firstSentence(text: string, max: number): string {
  const flat = clean(text, 4 * max);
  const end = flat.search(/[.!?](\s|$)/);
  return clean(end > 20 ? flat.slice(0, end + 1) : flat, max);
}

/**
 * A session as a digest line cites it: the first eight characters of its id, enough to tell an account's
 * sessions apart and a quarter of a UUID's cost on every line (docs/context.md).
 */
export const sessionRef = (sessionId: string): string => `s:${sessionId.slice(0, 8)}`;

/** `s:abc#t4`, `memory m1`: where a line came from. */
export function traceOf(trace: DigestTrace): string {
  if (trace.sessionId)
    return `${sessionRef(trace.sessionId)}${trace.turnSeq != null ? `#t${trace.turnSeq}` : ''}`;
  return trace.memoryId ? `memory ${trace.memoryId}` : 'unknown source';
}

// A reply's opening ("yes do that.", "right,", "No,") and a closing "pls": talk around the rule, not the rule.
const LEAD_IN =
  /^(?:(?:yes|yep|yeah|yup|ok|okay|right|good|great|sure|alright|fine|cool|perfect|nice|no|nope|hmm+|well|so|thanks|thx)(?:\s+(?:do that|then|so))?\s*[,.!:;]+\s*)+(?:(?:and|but|also)\s+)?/i;
const SIGN_OFF =
  /[\s,.]+(?:(?:fix|do|change) (?:it|that|this)?\s*|fix\s+)?(?:pls|plz|please|thx|thanks)[.!]*$/i;

/** A settled statement as a digest line says it: without the reply's opening and sign-off (case kept: `pnpm` is a name). */
export function statementOf(text: string, max: number): string {
  const flat = clean(text, 4 * max);
  const core = flat.replace(LEAD_IN, '').replace(SIGN_OFF, '');
  if (core.length < 8) return clean(flat, max);
  return clean(core, max);
}

/** No line may carry health content (docs/context.md) or a redacted secret's placeholder. */
export function mayShow(text: string): boolean {
  return !text.includes('[REDACTED:') && !isSensitiveText(text);
}

export function decisionLine(decision: DigestDecision): string {
  const label = decision.stance === 'convention' ? 'convention: ' : '';
  // a distilled decision's rationale often says its topic again ("Reverted. — Reverted."): once is enough
  const why = containedIn(decision.rationale, decision.topic) ? '' : clean(decision.rationale, 150);
  return `- ${STANCE_MARK[decision.stance]} ${label}${statementOf(decision.topic, 160)}${why ? ` — ${why}` : ''} (${isoDate(decision.occurredAt)}, ${traceOf(decision)})`;
}

/** A path as the repository names it: an absolute checkout prefix says nothing the agent needs. */
export function shortPath(path: string): string {
  const parts = path.split('/');
  const root = parts.findIndex((part) =>
    ['src', 'lib', 'libs', 'app', 'apps', 'services', 'packages', 'tests', 'test'].includes(part),
  );
  return root > 0 && path.startsWith('/') ? parts.slice(root).join('/') : path;
}

/** A closing answer's first sentence, and the one after it when the first only names what was done. */
function endingOf(text: string): string {
  const first = firstSentence(text, 120);
  if (first.length >= 40 || first.endsWith('…')) return first;
  const rest = clean(text, 4 * 160)
    .slice(first.length)
    .trim();
  return rest ? `${first} ${firstSentence(rest, 160 - first.length)}` : first;
}

/** A left-off line's gist of the request and of its ending: one line says what was done and how it ended. */
const TASK_CHARS = 90;
const LEFT_OFF_FILES = 3;

/** A request as its gist: a pasted code block or log after it is what was shown, not what was asked. */
const requestOf = (text: string): string => text.split('```')[0] ?? '';

/** A file as a left-off line names it: its folder and name, enough to find it (the full path is in the session). */
function fileNames(files: readonly string[], max: number): string {
  if (files.length === 0) return '';
  const shown = files.slice(0, max).map((path) => shortPath(path).split('/').slice(-2).join('/'));
  return ` · files: ${shown.join(', ')}${files.length > max ? ` +${files.length - max}` : ''}`;
}

/** One line: when, how it ended, what was being done, how it ended in words, which files. */
export function leftOffLine(session: DigestSession): string {
  const task = firstSentence(requestOf(session.firstUserTurn), TASK_CHARS) || 'no request recorded';
  // "Done." or "Committed." says no more than the verdict does; "Reverted ingest/clock.py." says why in the next one
  const said = endingOf(session.lastAssistantTurn);
  const ending = said.length >= 25 ? said : '';
  return `- ${isoDate(session.endedAt ?? session.startedAt)} · ${verdictOf(session.outcome)} · ${task}${ending ? ` → ended: ${ending}` : ''}${fileNames(session.filesEdited, LEFT_OFF_FILES)} (${sessionRef(session.sessionId)})`;
}

/** A file history line names this many of the file's sessions, newest first. */
export const FILE_VISITS = 3;

export interface FileHistory {
  path: string;
  sessions: DigestSession[];
}

export function fileHistoryLine(history: FileHistory): string {
  const visits = history.sessions
    .slice(0, FILE_VISITS)
    .map(
      (session) =>
        `${verdictOf(session.outcome).split(' ')[0]} ${isoDate(session.endedAt ?? session.startedAt)} (${sessionRef(session.sessionId)})`,
    )
    .join('; ');
  return `- ${shortPath(history.path)}: ${visits}`;
}

export function preferenceLine(preference: DigestPreference): string {
  return `- ${statementOf(preference.content, 200)} (${traceOf(preference)})`;
}

/** Runtime log signals (GET /v1/log-facts): empty until the caller hands some in. */
export function logSignalLine(signal: DigestLogSignal): string {
  return `- ${isoDate(signal.occurredAt)}: ${clean(signal.text, 200)} (${signal.id})`;
}

/** Drift (GET /v1/drift): a file the agent edited whose structure changed since, and by whom when known. */
export function driftLine(drift: DigestDrift): string {
  return `- ${shortPath(drift.path)} since ${isoDate(drift.since)}: ${clean(drift.text, 200)}`;
}
