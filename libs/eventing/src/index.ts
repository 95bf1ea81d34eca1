export * from './event-log.port';
export * from './settlement';
export * from './metrics';
export * from './consumer-runtime';
export * from './rpc-envelope';
export * from './jetstream/jetstream-event-log';
export * from './nest/jetstream.transport';
