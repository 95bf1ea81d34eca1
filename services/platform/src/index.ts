export * from './platform.config';
export * from './platform';
export * from './infra';
export * from './service-registry';
export * from './logger';
export * from './local-account';
export { createPlatformLlm } from './llm-wiring';
