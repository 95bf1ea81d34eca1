import type { LoggerService } from '@nestjs/common';
import type { Logger } from '@mnemo/eventing';

/** Nest's own messages, into the same JSON log. */
export class NestLogger implements LoggerService {
  constructor(private readonly logger: Logger) {}
  log(message: unknown, context?: string) {
    this.logger.debug({ context }, String(message));
  }
  error(message: unknown, trace?: string, context?: string) {
    this.logger.error({ context, trace }, String(message));
  }
  warn(message: unknown, context?: string) {
    this.logger.warn({ context }, String(message));
  }
}
