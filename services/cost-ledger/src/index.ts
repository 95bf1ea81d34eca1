export * from './domain/utc-day';
export * from './domain/cost-pools';
export * from './domain/reservation';
export * from './domain/ledger-state';
