import type { EventMetadata } from '@oj/events';
import { pickLocale, renderText, type Locale, type LocalizedText, type TextParameters } from '@oj/platform';
import { handleCommand, type CataloguedDomainEvent, type Handled } from '../../handling/handle-command';
import type { Decide, StreamModel } from '../../handling/decider';
import type { UsersDependencies } from './users-dependencies';

/** The parts of a Fastify request the users routes pass down (kept structural so this file has no IO imports). */
export interface RequestFacts {
  readonly id: string;
  readonly ip: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly principal: { readonly userId: string } | null;
}

/** Event metadata: who acted, the correlation id of the HTTP request, the client ip (DESIGN, event store). */
export function metadataOf(request: RequestFacts, actorId?: string): EventMetadata {
  return {
    correlationId: request.id,
    causationId: request.id,
    clientIp: request.ip,
    ...((actorId ?? request.principal?.userId) ? { actorId: actorId ?? request.principal?.userId ?? '' } : {}),
  };
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
