import type { FieldIssue } from './parse-event';

/** The one base error: a stable `code`, a message a person can act on, optional details. Mapped to HTTP/ack once, at the edge. */
export class MnemoError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details?: unknown,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Bad input: HTTP 400; on a consumer, term and dead-letter (redelivery cannot fix it). */
export class ValidationError extends MnemoError {
  constructor(
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super('validation_failed', message, { issues });
  }
}
export class UnauthorizedError extends MnemoError {
  constructor(message = 'a valid API key is required as "Authorization: Bearer <key>"') {
    super('unauthorized', message);
  }
}
export class ForbiddenError extends MnemoError {
  constructor(message: string) {
    super('forbidden', message);
  }
}
/** The admin API is off on this server (no `MNEMO_ADMIN_KEY`): HTTP 403 with its own code, so a client can tell it from a wrong key. */
export class AdminApiDisabledError extends MnemoError {
  constructor() {
    super('admin_disabled', 'the admin API is disabled: set MNEMO_ADMIN_KEY');
  }
}
export class NotFoundError extends MnemoError {
  constructor(what: string) {
    super('not_found', `${what} was not found`);
  }
}
export class ConflictError extends MnemoError {
  constructor(message: string, details?: unknown) {
    super('conflict', message, details);
  }
}
export class PayloadTooLargeError extends MnemoError {
  constructor(message: string) {
    super('payload_too_large', message);
  }
}
/** A dependency (log, database, cache, model provider) is down: HTTP 503; on a consumer, nak with a growing delay. */
export class DependencyError extends MnemoError {
  constructor(dependency: string, message: string, options?: { cause?: unknown }) {
    super('dependency_unavailable', `${dependency}: ${message}`, { dependency }, options);
  }
}
