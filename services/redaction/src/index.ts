export * from './redaction.module';
export { RedactingEventLog } from './write-path/redacting-event-log';
export { logRedactions, type RedactionReport } from './write-path/redacted-event';
