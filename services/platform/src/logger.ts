import pino from 'pino';
import { redact, redactDeep } from '@mnemo/redaction';
import { FIELDS_REDACTED, type Logger } from '@mnemo/eventing';

/**
 * JSON logs through pino, with every field and message passed through the redactor first: a secret
 * that reaches a log call never reaches the log. An object marked FIELDS_REDACTED was redacted by its writer.
 */
export function createLogger(
  level: string,
  name = 'mnemo',
  destination?: pino.DestinationStream,
): Logger & pino.Logger {
  return pino(
    {
      name,
      level,
      formatters: {
        log: (object) =>
          (object as { [FIELDS_REDACTED]?: boolean })[FIELDS_REDACTED] === true
            ? object
            : redactDeep(object).value,
      },
      hooks: {
        logMethod(args, method) {
          const redacted = args.map((arg) => (typeof arg === 'string' ? redact(arg).text : arg));
          return method.apply(this, redacted as Parameters<typeof method>);
        },
      },
    },
    destination,
  );
}
