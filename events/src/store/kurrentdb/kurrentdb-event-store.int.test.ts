import { describeEventStoreConformance } from '../conformance/event-store-conformance';
import { createKurrentDbEventStore } from './kurrentdb-event-store';

// A real KurrentDB/EventStoreDB only when the run names one; none can run on the build machines.
const eventStoreUrl = process.env.EVENTSTORE_URL ?? '';
const isKurrent = /^(?:kurrentdb|kurrent|kdb|esdb)(?:\+discover)?:\/\//i.test(eventStoreUrl);

describeEventStoreConformance('kurrentdb', {
  create: async () => createKurrentDbEventStore(eventStoreUrl),
  hasStoreWideEventIds: false,
  ...(isKurrent ? {} : { skipReason: 'EVENTSTORE_URL does not name a KurrentDB server (kurrentdb://… or esdb://…)' }),
});
