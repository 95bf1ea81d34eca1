/** The fields of Claude Code's hook stdin that Mnemo reads (CLAUDE-CODE.md B.2); anything else is ignored. */
export interface HookInput {
  session_id: string;
  transcript_path?: string;
  cwd: string;
  hook_event_name?: string;
  source?: string;
  prompt?: string;
  trigger?: string;
  reason?: string;
  tool_name?: string;
  /** The file a tool wrote (`tool_input.file_path` of Edit, Write and MultiEdit). */
  file_path?: string;
}

/** Checks the fields a hook depends on; a payload without them is not one to act on. */
export function asHookInput(value: Record<string, unknown>): HookInput {
  const text = (key: string) => (typeof value[key] === 'string' ? value[key] : undefined);
  const sessionId = text('session_id');
  if (!sessionId) throw new Error('hook input has no session_id');
  return {
    session_id: sessionId,
    cwd: text('cwd') ?? process.cwd(),
    transcript_path: text('transcript_path'),
    hook_event_name: text('hook_event_name'),
    source: text('source'),
    prompt: text('prompt'),
    trigger: text('trigger'),
    reason: text('reason'),
    tool_name: text('tool_name'),
    file_path: filePathOf(value.tool_input),
  };
}

function filePathOf(toolInput: unknown): string | undefined {
  if (!toolInput || typeof toolInput !== 'object') return undefined;
  const file = (toolInput as Record<string, unknown>).file_path;
  return typeof file === 'string' && file !== '' ? file : undefined;
}

/** Claude Code's session id as a Mnemo session id (a subject token), as the transcript reader names it. */
export const mnemoSessionId = (sessionId: string) =>
  sessionId.replace(/[^A-Za-z0-9_\-:]/g, '_').slice(0, 100) || '_';
