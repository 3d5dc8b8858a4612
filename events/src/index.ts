export type {
  EventStore,
  NewEvent,
  RecordedEvent,
  EventMetadata,
  ExpectedRevision,
  AppendResult,
  ReadAllOptions,
  SubscribeAllOptions,
  Subscription,
} from './store/event-store';
export { WrongExpectedRevisionError, PartialDuplicateAppendError } from './store/errors';
export {
  createEventStore,
  chooseEventStore,
  type EventStoreSettings,
  type EventStoreChoice,
} from './store/create-event-store';
export { createPostgresEventStore, type PostgresEventStoreOptions } from './store/postgres/postgres-event-store';
export { ensureEventStoreSchema } from './store/postgres/event-store-schema';
export { toRecordedEvent, type StoredEventRow } from './store/postgres/read-events';
export * from './streams';
export { defineStreamEvents, type StreamEventOf, type StreamEvents } from './catalogue/define-stream-events';
export * from './catalogue/user';
export * from './catalogue/site';
export * from './catalogue/submission';
export * from './catalogue/test-run';
export * from './catalogue/rejudging';
export * from './catalogue/problem';
export * from './catalogue/tag';
export * from './catalogue/announcement';
export * from './catalogue/carousel';
export * from './catalogue/contest';
export * from './catalogue/catalogue';
