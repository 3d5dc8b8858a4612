import { pickLocale, renderText, type Locale, type LocalizedText, type TextParameters } from '@oj/platform';
import { handleCommand, type CataloguedDomainEvent, type Handled } from '../../handling/handle-command';
import type { Decide, StreamModel } from '../../handling/decider';
import type { UsersDependencies } from './users-dependencies';
import { metadataOf, type RequestFacts as MetadataFacts } from '../../handling/request-metadata';

/** The parts of a Fastify request the users routes pass down (kept structural so this file has no IO imports). */
export interface RequestFacts extends MetadataFacts {
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
}

export function localeOf(request: RequestFacts): Locale {
  const header = request.headers['accept-language'];
  return pickLocale(Array.isArray(header) ? header[0] : header);
}

export function say(request: RequestFacts, text: LocalizedText, parameters: TextParameters = {}): string {
  return renderText(text, localeOf(request), parameters);
}

/** handleCommand with this request's metadata. */
export function handlerFor(
  dependencies: Pick<UsersDependencies, 'store' | 'newId'>,
  request: RequestFacts,
  actorId?: string,
) {
  return <State, Event extends CataloguedDomainEvent>(
    stream: string,
    model: StreamModel<State, Event>,
    decide: Decide<State, Event>,
  ): Promise<Handled<State, Event>> =>
    handleCommand(
      { store: dependencies.store, newEventId: dependencies.newId },
      stream,
      model,
      decide,
      metadataOf(request, actorId),
    );
}

/** HOJ's lock message parts: minutes, seconds and the unlock instant as "yyyy-MM-dd HH:mm:ss" (UTC here). */
export function lockParameters(now: Date, secondsLeft: number): TextParameters {
  const until = new Date(now.getTime() + secondsLeft * 1000).toISOString().replace('T', ' ').slice(0, 19);
  return { minutes: Math.floor(secondsLeft / 60), seconds: secondsLeft % 60, until: `${until} UTC` };
}
