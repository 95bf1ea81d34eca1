export * from './envelope';
export * from './events';
export * from './upcasting';
export * from './parse-event';
export * from './api';
export * from './subjects';
export * from './errors';
export * from './context.rpc';
