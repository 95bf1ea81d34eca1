import type { PayloadOf } from '@mnemo/contracts';

type ToolCall = NonNullable<PayloadOf<'TurnRecorded'>['toolCalls']>[number];

/** One tool call as the learning corpus keeps it: the tool, the file or command it acted on, and its error. */
export interface ToolStep {
  name: string;
  file?: string;
  command?: string;
  error?: string;
}

/** Characters of a command or an error kept: enough for its template, not its whole output. */
const COMMAND_CHARS = 300;
const ERROR_CHARS = 300;

function inputOf(call: ToolCall): Record<string, unknown> {
  if (!call.input) return {};
  try {
    const parsed: unknown = JSON.parse(call.input);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** The first line of an error that says something (not blank, not a bare exit code line), cut. */
export function errorLine(result: string): string {
  const lines = result
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const telling = lines.find((line) => !/^exit code \d+$/i.test(line)) ?? lines[0] ?? '';
  return telling.slice(0, ERROR_CHARS);
}

/** A Claude Code tool call (its JSON input, its result) as a step: Read/Edit/Write name a file, Bash a command. */
export function toolStep(call: ToolCall): ToolStep {
  const input = inputOf(call);
  const file = text(input.file_path) ?? text(input.notebook_path) ?? text(input.path);
  const command = text(input.command)?.slice(0, COMMAND_CHARS);
  const error = call.isError && call.result ? errorLine(call.result) : undefined;
  return {
    name: call.name,
    ...(file ? { file } : {}),
    ...(command ? { command } : {}),
    ...(error ? { error } : {}),
  };
}
