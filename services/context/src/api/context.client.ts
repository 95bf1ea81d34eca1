import { Inject, Injectable } from '@nestjs/common';
import {
  ClaudeMdReply,
  type ClaudeMdRequest,
  CONTEXT_RPC,
  DependencyError,
  MemoryBlockReply,
  type MemoryBlockRequest,
  MnemoError,
  subjects,
  ValidationError,
} from '@mnemo/contracts';
import { EVENT_LOG, RemoteError, type EventLog } from '@mnemo/eventing';

export const CONTEXT_RPC_TIMEOUT_MS = 5_000;

/** The gateway's side of the context request/reply: remote errors keep their code, so the edge maps them once. */
@Injectable()
export class ContextClient {
  constructor(@Inject(EVENT_LOG) private readonly log: EventLog) {}

  async claudeMd(request: ClaudeMdRequest): Promise<ClaudeMdReply> {
    return ClaudeMdReply.parse(await this.ask(CONTEXT_RPC.claudeMd, request));
  }

  async memoryBlock(request: MemoryBlockRequest): Promise<MemoryBlockReply> {
    return MemoryBlockReply.parse(await this.ask(CONTEXT_RPC.memoryBlock, request));
  }

  private async ask(verb: string, body: unknown): Promise<unknown> {
    try {
      return await this.log.request(subjects.rpc('context', verb), body, { timeoutMs: CONTEXT_RPC_TIMEOUT_MS });
    } catch (error) {
      if (error instanceof RemoteError) {
        if (error.code === 'validation_failed') {
          throw new ValidationError(error.message, (error.details as { issues?: [] } | undefined)?.issues ?? []);
        }
        throw new MnemoError(error.code, error.message);
      }
      throw new DependencyError('context service', String((error as Error)?.message ?? error), { cause: error });
    }
  }
}
