export const LOGGER = 'LOGGER';

/** The slice of pino every service uses; fields first, message second. */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
  /** Whether a line of this level would be written (pino's); a line built at some cost can be skipped. */
  isLevelEnabled?(level: 'debug' | 'info' | 'warn' | 'error'): boolean;
}

/**
 * Set (to true) on a log object whose writer has already put every string that could carry a caller's text
 * through the redactor: the logger writes it as it is instead of walking it again. For lines written on
 * every request (the access log), where the walk cost more than the rest of the line.
 */
export const FIELDS_REDACTED = Symbol.for('mnemo.log.fields-redacted');
