export * from './redaction.module';
export * from './domain/redact-event';
