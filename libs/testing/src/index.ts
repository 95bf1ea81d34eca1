export * from './fake-anthropic.server';
