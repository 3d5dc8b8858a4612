import { type RecordedEvent, checkerIncludeEvents } from '@oj/events';

/** Name → blob hash of the site-wide checker includes, folded from the `site` stream (other events skipped). */
export function foldCheckerIncludes(events: readonly Pick<RecordedEvent, 'type' | 'data'>[]): Record<string, string> {
  const includes = new Map<string, string>();
  for (const event of events) {
    const parsed = checkerIncludeEvents.safeParse({ type: event.type, data: event.data });
    if (!parsed.success) continue;
    if (parsed.data.type === 'CheckerIncludeUploaded') includes.set(parsed.data.data.name, parsed.data.data.sha256);
    else includes.delete(parsed.data.data.name);
  }
  return Object.fromEntries([...includes].sort(([a], [b]) => a.localeCompare(b)));
}
