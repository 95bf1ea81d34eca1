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
