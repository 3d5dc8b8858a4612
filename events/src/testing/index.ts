export { createTestDatabase, type TestDatabase } from './test-database';
export * from './user-builders';
export * from './site-builders';
export * from './submission-builders';
export * from './problem-builders';
export * from './home-builders';
export * from './contest-builders';
export * from './rejudging-builders';
export * from './bench-contest-builders';
/** The store's bench, run against a server the caller starts (testbed/src/event-store.bench.ts). */
export { measureEventStore, type StoreFigure } from '../store/postgres/event-store.bench';
export { measureSettledHorizon, type HorizonFigure } from '../store/postgres/settled-horizon.bench';
export { settledHeadAfterCommits } from './settled-head';
