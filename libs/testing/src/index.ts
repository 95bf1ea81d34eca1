export * from './fake-anthropic.server';
export * from './eventually';
