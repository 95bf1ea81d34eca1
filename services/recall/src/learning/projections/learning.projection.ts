import { isStoredOf, stripWrappers, type StoredEventOf } from '@mnemo/contracts';
import { newestPerKey, type Projection, type Sql } from '@mnemo/persistence';
import { redact } from '@mnemo/redaction';
import { toolStep, type ToolStep } from '../domain/tool-steps';
import { Learning1765100000100 } from './learning.migration';
import { LearningSkills1765100000200 } from './learning-skills.migration';
import { applySkillEvent, SKILL_EVENTS } from './skills.writes';
import { LearningLogTemplates1765100000300 } from './learning-log-templates.migration';
import { LearningRefactorPlans1765100000400 } from './learning-refactor-plans.migration';
import { applyRefactorPlanEvent, REFACTOR_PLAN_EVENTS } from './refactor-plans.writes';

type TurnEvent = StoredEventOf<'TurnRecorded'>;

/** Characters of a person's turn kept: the task is in its opening. */
const USER_TEXT_CHARS = 1200;

const clean = (value: string | undefined | null): string | null =>
  value == null ? null : redact(value).text;

function cleanStep(step: ToolStep): ToolStep {
  return {
    name: step.name,
    ...(step.file ? { file: redact(step.file).text } : {}),
    ...(step.command ? { command: redact(step.command).text } : {}),
    ...(step.error ? { error: redact(step.error).text } : {}),
  };
}

/**
 * The learning corpus (docs/learning.md), rebuilt from the log alone ($0): each session's project,
 * start and outcome, each turn's request and tool steps, the skill candidates proposed and decided,
 * the log templates met (the corpus's log facts) and the refactor plans. Sidechain and harness-summary
 * turns are left out: they are not what the person asked nor what the main agent did.
 */
export const learningProjection: Projection = {
  name: 'learning',
  handles: [
    'SessionStarted',
    'TurnRecorded',
    'SessionOutcomeRecorded',
    'LogTemplateSeen',
    ...SKILL_EVENTS,
    ...REFACTOR_PLAN_EVENTS,
  ],
  tables: [
    'learning_sessions',
    'learning_turns',
    'learning_skill_candidates',
    'learning_log_templates',
    'learning_refactor_plans',
  ],
  migrations: [
    Learning1765100000100,
    LearningSkills1765100000200,
    LearningLogTemplates1765100000300,
    LearningRefactorPlans1765100000400,
  ],

  /** Turns go in one statement per batch (the newest event per turn wins, as one by one would). */
  async applyMany(sql: Sql, events: StoredEventOf[]): Promise<void> {
    const turns: TurnEvent[] = [];
    for (const stored of events)
      if (isStoredOf(stored, ['TurnRecorded'])) turns.push(stored);
      else await this.apply(sql, stored);
    await upsertTurns(sql, turns);
  },

  async apply(sql: Sql, stored: StoredEventOf): Promise<void> {
    const { event, seq } = stored;
    if ((SKILL_EVENTS as readonly string[]).includes(event.type))
      return applySkillEvent(sql, stored);
    if ((REFACTOR_PLAN_EVENTS as readonly string[]).includes(event.type))
      return applyRefactorPlanEvent(sql, stored);
    if (event.type === 'LogTemplateSeen') {
      // the log facts the corpus counts: a template once per project, however often it is seen again
      const p = event.payload;
      await sql.query(
        `INSERT INTO learning_log_templates (account_id, project, template_id, first_seen_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [event.accountId, p.project, p.templateId, p.firstSeenAt],
      );
      return;
    }
    if (!event.sessionId) return;
    switch (event.type) {
      case 'TurnRecorded':
        await upsertTurns(sql, [{ seq, event }]);
        return;
      case 'SessionStarted': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO learning_sessions AS s (account_id, session_id, project, started_at, started_seq)
           VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (account_id, session_id) DO UPDATE SET project = EXCLUDED.project, started_at = EXCLUDED.started_at,
             started_seq = EXCLUDED.started_seq
           WHERE s.started_seq < EXCLUDED.started_seq`,
          [event.accountId, event.sessionId, clean(p.project ?? p.cwd), event.occurredAt, seq],
        );
        return;
      }
      case 'SessionOutcomeRecorded': {
        const p = event.payload;
        await sql.query(
          `INSERT INTO learning_sessions AS s (account_id, session_id, project, started_at, outcome, first_user_turn, files_edited, outcome_seq)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
           ON CONFLICT (account_id, session_id) DO UPDATE SET project = coalesce(s.project, EXCLUDED.project),
             started_at = coalesce(s.started_at, EXCLUDED.started_at), outcome = EXCLUDED.outcome,
             first_user_turn = EXCLUDED.first_user_turn, files_edited = EXCLUDED.files_edited, outcome_seq = EXCLUDED.outcome_seq
           WHERE s.outcome_seq < EXCLUDED.outcome_seq`,
          [
            event.accountId,
            event.sessionId,
            clean(p.cwd),
            p.startedAt ?? null,
            p.outcome,
            clean(p.firstUserTurn),
            p.filesEdited.map((file) => redact(file).text),
            seq,
          ],
        );
        return;
      }
    }
  },
};

async function upsertTurns(sql: Sql, events: TurnEvent[]): Promise<void> {
  const rows = newestPerKey(
    events.filter(
      (t) => t.event.sessionId && !t.event.payload.isSidechain && !t.event.payload.isCompactSummary,
    ),
    (t) => JSON.stringify([t.event.accountId, t.event.sessionId, t.event.payload.seq]),
  );
  if (rows.length === 0) return;
  const column = <T>(pick: (t: TurnEvent) => T) => rows.map(pick);
  await sql.query(
    `INSERT INTO learning_turns (account_id, session_id, seq, role, text, tools, last_seq)
     SELECT a, s, q, r, x, t::jsonb, l
     FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[]) AS u(a, s, q, r, x, t, l)
     ON CONFLICT (account_id, session_id, seq) DO UPDATE SET role = EXCLUDED.role, text = EXCLUDED.text,
       tools = EXCLUDED.tools, last_seq = EXCLUDED.last_seq
     WHERE learning_turns.last_seq < EXCLUDED.last_seq`,
    [
      column((t) => t.event.accountId),
      column((t) => t.event.sessionId),
      column((t) => t.event.payload.seq),
      column((t) => t.event.payload.role),
      column((t) =>
        t.event.payload.role === 'user'
          ? redact(stripWrappers(t.event.payload.text).slice(0, USER_TEXT_CHARS)).text
          : '',
      ),
      column((t) =>
        JSON.stringify((t.event.payload.toolCalls ?? []).map((call) => cleanStep(toolStep(call)))),
      ),
      column((t) => t.seq),
    ],
  );
}
