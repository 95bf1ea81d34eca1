export * from './redaction.module';
