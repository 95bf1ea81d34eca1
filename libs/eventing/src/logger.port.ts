export const LOGGER = 'LOGGER';

/** The slice of pino every service uses; fields first, message second. */
export interface Logger {
  debug(fields: object, message: string): void;
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}
