import { readFileSync } from 'node:fs';
import { z } from 'zod';

/**
 * The agent-context bench's scenarios (tests/bench/blind/agent-context/README.md names the format): projects of
 * Claude Code sessions, each turn with an id (`pNN-sN-tM`), a role, text and tool calls (`name` with a `file` or
 * `command`); probes (`pNN-qN`) whose needed items name their source turns and the terms (`mustMention`) that
 * show an injected text holds them. Field names the README leaves open are read under their likely spellings,
 * and a file that does not parse is reported by its paths only, never its text (blind items stay unread).
 */
const Tool = z.looseObject({
  name: z.string(),
  file: z.string().optional(),
  command: z.string().optional(),
  file_path: z.string().optional(),
  path: z.string().optional(),
});
const Turn = z.looseObject({
  id: z.string(),
  role: z.string().optional(),
  speaker: z.string().optional(),
  text: z.string().optional(),
  content: z.string().optional(),
  tools: z.array(Tool).optional(),
  toolCalls: z.array(Tool).optional(),
  tool: Tool.optional(),
  at: z.string().optional(),
  timestamp: z.string().optional(),
});
const Session = z.looseObject({
  id: z.string(),
  outcome: z.string().optional(),
  startedAt: z.string().optional(),
  turns: z.array(Turn),
});
const Needed = z.looseObject({
  mustMention: z.array(z.string()).min(1),
  sourceTurnIds: z.array(z.string()).optional(),
  kind: z.string().optional(),
});
const Probe = z.looseObject({
  id: z.string(),
  prompt: z.string().optional(),
  text: z.string().optional(),
  query: z.string().optional(),
  kind: z.string().optional(),
  needed: z.array(Needed).optional(),
  needs: z.array(Needed).optional(),
  neededItems: z.array(Needed).optional(),
  items: z.array(Needed).optional(),
  mustMention: z.array(z.string()).optional(),
  sourceTurnIds: z.array(z.string()).optional(),
});
const Project = z.looseObject({
  id: z.string(),
  language: z.string().optional(),
  sessions: z.array(Session),
  probes: z.array(Probe).optional(),
  queries: z.array(Probe).optional(),
});
const File = z.union([
  z.array(Project),
  z.looseObject({ projects: z.array(Project) }),
  z.looseObject({ scenarios: z.array(Project) }),
]);

export interface ScenarioTool {
  name: string;
  file?: string;
  command?: string;
}
export interface ScenarioTurn {
  id: string;
  role: 'user' | 'assistant';
  text: string;
  tools: ScenarioTool[];
  at?: string;
}
export interface ScenarioSession {
  id: string;
  outcome: string;
  startedAt?: string;
  turns: ScenarioTurn[];
}
export interface NeededItem {
  mustMention: string[];
  sourceTurnIds: string[];
}
export interface ScenarioProbe {
  id: string;
  prompt: string;
  needed: NeededItem[];
}
export interface ScenarioProject {
  id: string;
  sessions: ScenarioSession[];
  probes: ScenarioProbe[];
}

/** Loads a split; on a shape it cannot read, throws with the paths and messages of the problems, no content. */
export function loadScenarios(file: string): ScenarioProject[] {
  const parsed = File.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(
      `${file} does not parse: ${parsed.error.issues
        .slice(0, 5)
        .map((issue) => `${issue.path.join('.')}: ${issue.code}`)
        .join('; ')}`,
    );
  const data = parsed.data;
  const projects = Array.isArray(data)
    ? data
    : 'projects' in data
      ? (data.projects as z.infer<typeof Project>[])
      : data.scenarios;
  return projects.map((project) => ({
    id: project.id,
    sessions: project.sessions.map((session) => ({
      id: session.id,
      outcome: session.outcome ?? 'unknown',
      startedAt: session.startedAt,
      turns: session.turns.map((turn) => ({
        id: turn.id,
        role: (turn.role ?? turn.speaker ?? 'user').toLowerCase().startsWith('a')
          ? 'assistant'
          : 'user',
        text: turn.text ?? turn.content ?? '',
        tools: [...(turn.tools ?? turn.toolCalls ?? []), ...(turn.tool ? [turn.tool] : [])].map(
          (tool) => ({
            name: tool.name,
            file: tool.file ?? tool.file_path ?? tool.path,
            command: tool.command,
          }),
        ),
        at: turn.at ?? turn.timestamp,
      })),
    })),
    probes: (project.probes ?? project.queries ?? []).map((probe) => {
      const needed = probe.needed ?? probe.needs ?? probe.neededItems ?? probe.items;
      return {
        id: probe.id,
        prompt: probe.prompt ?? probe.text ?? probe.query ?? '',
        needed: (
          needed ?? [
            { mustMention: probe.mustMention ?? [], sourceTurnIds: probe.sourceTurnIds ?? [] },
          ]
        ).map((item) => ({
          mustMention: item.mustMention,
          sourceTurnIds: item.sourceTurnIds ?? [],
        })),
      };
    }),
  }));
}

const lower = (text: string) => text.toLowerCase();

/** An item is held when every one of its terms appears in the text, case-insensitively. */
export const holds = (text: string, item: NeededItem): boolean =>
  item.mustMention.every((term) => lower(text).includes(lower(term)));

/**
 * The share of a text's characters in lines that belong to no needed item: a line belongs to an item when it
 * names one of the item's terms. Headings and preambles count as not needed: they are what the text costs.
 */
export function unneededChars(
  text: string,
  items: readonly NeededItem[],
): { unneeded: number; total: number } {
  let unneeded = 0;
  let total = 0;
  for (const line of text.split('\n')) {
    total += line.length + 1;
    const needed = items.some((item) =>
      item.mustMention.some((term) => lower(line).includes(lower(term))),
    );
    if (!needed) unneeded += line.length + 1;
  }
  return { unneeded, total };
}

/** The naive path: the earlier sessions' transcripts pasted whole, tool calls as lines. */
export function transcriptText(sessions: readonly ScenarioSession[]): string {
  return sessions
    .flatMap((session) =>
      session.turns.flatMap((turn) => [
        `${turn.role}: ${turn.text}`,
        ...turn.tools.map((tool) => `  [${tool.name} ${tool.file ?? tool.command ?? ''}]`),
      ]),
    )
    .join('\n');
}

/** Six routine sessions: a typo, a bump, a red CI run, a rename, a CODEOWNERS line, a flag removed. */
const ROUTINE: Array<[ask: string, answer: string, tools: ScenarioTool[]]> = [
  [
    'fix the typo in the README install section',
    'Fixed the typo.',
    [{ name: 'Edit', file: 'README.md' }],
  ],
  [
    'bump the patch dependencies and make sure the build is green',
    'Bumped four patch versions; the build is green.',
    [
      { name: 'Bash', command: 'make deps' },
      { name: 'Bash', command: 'make test' },
    ],
  ],
  [
    'why is CI red on main?',
    'A flaky network call in a test; it passed on retry. Nothing to change.',
    [{ name: 'Bash', command: 'gh run view --log-failed' }],
  ],
  [
    'rename the variable tmp to pending in the worker',
    'Renamed.',
    [
      { name: 'Grep', command: 'tmp' },
      { name: 'Edit', file: 'worker/queue.txt' },
    ],
  ],
  [
    'add a CODEOWNERS entry for the docs folder',
    'Added the docs team to CODEOWNERS.',
    [{ name: 'Edit', file: '.github/CODEOWNERS' }],
  ],
  [
    'clean up the old feature flag for the beta banner',
    'Removed the flag and its two branches.',
    [
      { name: 'Grep', command: 'beta_banner' },
      { name: 'Edit', file: 'config/flags.txt' },
      { name: 'Bash', command: 'make test' },
    ],
  ],
];

/**
 * A split's projects with six routine sessions after each one's last: what an earlier session settled
 * must still reach the digest behind a week of small work (the dev-3 split is dev-2 read this way).
 */
export function withRoutineSessions(projects: readonly ScenarioProject[]): ScenarioProject[] {
  const day = 86_400_000;
  return projects.map((project) => {
    const last = Math.max(...project.sessions.map((s) => Date.parse(s.startedAt ?? '') || 0));
    const routine = ROUTINE.map(([ask, answer, tools], n): ScenarioSession => {
      const id = `${project.id}-r${n + 1}`;
      const at = (minutes: number) =>
        new Date(last + (n + 1) * day + minutes * 60_000).toISOString();
      return {
        id,
        outcome: 'merged',
        startedAt: at(0),
        turns: [
          { id: `${id}-t1`, role: 'user', text: ask, tools: [], at: at(0) },
          { id: `${id}-t2`, role: 'assistant', text: 'On it.', tools, at: at(1) },
          { id: `${id}-t3`, role: 'assistant', text: answer, tools: [], at: at(3) },
          { id: `${id}-t4`, role: 'user', text: 'thanks', tools: [], at: at(4) },
        ],
      };
    });
    return { ...project, sessions: [...project.sessions, ...routine] };
  });
}
