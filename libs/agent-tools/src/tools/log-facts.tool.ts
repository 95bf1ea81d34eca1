import { z } from 'zod';
import type { LogFact } from '@mnemo/mnemo-client';
import { fitResult } from '../tool-output';
import { ToolInputError, tool } from '../tool';

const LOG_SEVERITIES = ['fatal', 'error', 'warn', 'info', 'debug'] as const;
const dateOrTime = z.iso.datetime({ offset: true }).or(z.iso.date());
/** A date alone is its day's start (UTC). */
const startOf = (value: string | undefined) =>
  value && value.length === 10 ? `${value}T00:00:00Z` : value;

const counted = (label: string, values: Record<string, number> | undefined) => {
  const top = Object.entries(values ?? {})
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3);
  return top.length ? `\n   ${label}: ${top.map(([name, n]) => `${name} (${n})`).join(', ')}` : '';
};

function renderLogFact(fact: LogFact, index: number): string {
  const examples = (fact.examples ?? []).slice(0, 3);
  return (
    `${index + 1}. [${fact.change ?? 'seen'} · ${fact.severity ?? 'unknown'}] ${fact.template}` +
    `\n   ${fact.countInWindow ?? 0} lines in the window (${fact.ratePerHour ?? 0}/h, ${fact.countBefore ?? 0} the window before), ` +
    `${fact.count ?? 0} in all; first seen ${fact.firstSeenAt ?? '?'}, last ${fact.lastSeenAt} · template ${fact.templateId}` +
    counted('units', fact.units) +
    counted('hosts', fact.hosts) +
    (examples.length
      ? `\n   e.g. ${examples.map((e) => e.slice(0, 300)).join('\n        ')}`
      : '') +
    counted('values', fact.shapes)
  );
}

export const logFacts = tool({
  name: 'log_facts',
  title: 'What the running system logged',
  description:
    'What the running system said in its logs (journald, log files, OpenTelemetry), folded into templates with the ' +
    'variable parts as <*>: each with its lines in a time window, rate per hour, change against the window before ' +
    '(new, rising, steady, falling), severity, units, hosts and up to 3 redacted examples. Use it to set an error, a ' +
    'slow request or a failed deploy beside what the code does, or to ask what was emitted while a session ran. ' +
    'Default window: the last 24 hours, busiest first.',
  input: z.object({
    words: z
      .string()
      .trim()
      .max(500)
      .optional()
      .describe(
        'Words that must all appear in the template or its examples, e.g. "timeout redis".',
      ),
    unit: z
      .string()
      .trim()
      .min(1)
      .max(256)
      .optional()
      .describe('Only lines of this unit or service, e.g. "nginx.service".'),
    severity: z
      .enum(LOG_SEVERITIES)
      .optional()
      .describe('Only templates with lines of this severity or a graver one, e.g. "error".'),
    change: z
      .enum(['new', 'rising'])
      .optional()
      .describe(
        'new: first seen in the window; rising: at least twice as many lines as the window before.',
      ),
    since: dateOrTime
      .optional()
      .describe(
        'The window starts here, e.g. 2026-12-01 or 2026-12-01T14:30:00Z (default 24 h ago).',
      ),
    until: dateOrTime.optional().describe('The window ends here (default now).'),
    sessionId: z
      .string()
      .regex(/^[A-Za-z0-9_\-:]{1,128}$/, 'letters, digits, _, - and : only')
      .optional()
      .describe(
        "The window is the time this Mnemo session ran, e.g. the current one's id: what the system emitted meanwhile. Instead of since/until.",
      ),
    project: z
      .string()
      .trim()
      .min(1)
      .max(1000)
      .optional()
      .describe(
        'Only the logs written for this project (the name or repository root its log sources were set up with). Default: every project.',
      ),
    limit: z
      .number()
      .int()
      .min(1)
      .max(50)
      .default(10)
      .describe('At most this many templates (default 10).'),
  }),
  readOnly: true,
  async run(input, context) {
    if (input.sessionId && (input.since || input.until))
      throw new ToolInputError('sessionId: give a session or a since/until window, not both');
    const answer = await context.client.logFacts({
      limit: input.limit,
      ...(input.words ? { q: input.words } : {}),
      ...(input.unit ? { unit: input.unit } : {}),
      ...(input.severity ? { severity: input.severity } : {}),
      ...(input.change ? { change: input.change } : {}),
      ...(input.since ? { since: startOf(input.since) } : {}),
      ...(input.until ? { until: startOf(input.until) } : {}),
      ...(input.sessionId ? { sessionId: input.sessionId } : {}),
      ...(input.project ? { project: input.project } : {}),
    });
    const window = `${answer.since ?? '?'} to ${answer.until ?? '?'}${input.sessionId ? ` (session ${input.sessionId})` : ''}`;
    if (answer.facts.length === 0)
      return `No log template matches in ${window}. Widen the window, or drop filters.`;
    return fitResult(
      this.name,
      `Log templates from ${window}:\n${answer.facts.map(renderLogFact).join('\n')}`,
      context.spillDir,
    );
  },
});
