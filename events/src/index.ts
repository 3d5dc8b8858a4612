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
export * from './streams';
export * from './catalogue/user';
export * from './catalogue/site';
export * from './catalogue/submission';
