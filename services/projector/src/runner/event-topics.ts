import type { RecordedEvent } from '@oj/events';

/**
 * The live topic of the id an event's data carries under `field` (`liveTopics` builds it), or none when the
 * event names no such id: the common `topicsFor` of a read model keyed by one id.
 */
export function topicsOfNumberId(
  field: string,
  topicOf: (id: number) => string,
): (event: RecordedEvent) => readonly string[] {
  return (event) => {
    const id = (event.data as Record<string, unknown>)[field];
    return typeof id === 'number' ? [topicOf(id)] : [];
  };
}

export function topicsOfStringId(
  field: string,
  topicOf: (id: string) => string,
): (event: RecordedEvent) => readonly string[] {
  return (event) => {
    const id = (event.data as Record<string, unknown>)[field];
    return typeof id === 'string' ? [topicOf(id)] : [];
  };
}
