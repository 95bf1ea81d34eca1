export * from './fake-anthropic.server';
export * from './eventually';
export * from './given-when-then';
export * from './item-at';
