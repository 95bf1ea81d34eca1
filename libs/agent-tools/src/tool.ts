import { z } from 'zod';
import type { MnemoClient } from '@mnemo/mnemo-client';

export interface ToolContext {
  client: MnemoClient;
  /** The repository the agent works in (stdio); recall looks there first. Over HTTP the caller names it. */
  project?: string;
  /** The agent's current session, when the transport knows it (stdio: set by the session-start hook). */
  sessionId?: () => string | undefined;
  /** Where a result over 50,000 characters is written (stdio); without it, the result is cut. */
  spillDir?: string;
  /**
   * A symbol of a file in the agent's working tree, as a snapshot reads it (stdio, where the files
   * are): its lines and body hash. Null when the file or the symbol is not there.
   */
  symbolAt?: (path: string, symbol: string) => Promise<LocatedSymbol | null>;
}

/** Where a symbol sits now, and a hash of its body (never the body). */
export interface LocatedSymbol {
  startLine: number;
  endLine: number;
  bodyHash: string;
}

export interface MnemoTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  readOnly: boolean;
  run(input: z.infer<S>, context: ToolContext): Promise<string>;
}

export const tool = <S extends z.ZodObject>(definition: MnemoTool<S>): MnemoTool<S> => definition;

export const cursor = z
  .string()
  .max(200)
  .optional()
  .describe('Continue a previous call: the cursor its result ended with. Omit to start.');
export const sessionId = z
  .string()
  .regex(/^[A-Za-z0-9_\-:]{1,128}$/, 'letters, digits, _, - and : only')
  .optional()
  .describe(
    'The Mnemo session id (given at session start as "Mnemo session id"). Omit to use the current session.',
  );

export const day = (iso: string | undefined | null) => (iso ? iso.slice(0, 10) : 'undated');

export function currentSession(
  input: string | undefined,
  context: ToolContext,
  toolName: string,
): string {
  const id = input ?? context.sessionId?.();
  if (!id)
    throw new ToolInputError(
      `sessionId: required here; ${toolName} cannot tell which session you are in`,
    );
  return id;
}

/** A refusal of the tool's own (not Mnemo's), with the field to fix. */
export class ToolInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolInputError';
  }
}
