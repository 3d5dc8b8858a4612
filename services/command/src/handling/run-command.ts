import type { Decide, StreamModel } from './decider';
import type { CommandContext } from '../command-context';
import { awaitWrites } from './await-projection';
import { handleCommand, type CataloguedDomainEvent, type Handled } from './handle-command';
import { metadataOf, type RequestFacts } from './request-metadata';

/**
 * The command routes' one prologue: decide and append on `stream` with the request's metadata, then wait until
 * the projections of the appended event types have caught up (read-your-writes), so the reply reads its write.
 */
export async function runCommand<State, Event extends CataloguedDomainEvent>(
  context: Pick<CommandContext, 'store' | 'newId' | 'awaitProjections'>,
  request: RequestFacts,
  stream: string,
  model: StreamModel<State, Event>,
  decide: Decide<State, Event>,
): Promise<Handled<State, Event>> {
  const handled = await handleCommand(
    { store: context.store, newEventId: context.newId },
    stream,
    model,
    decide,
    metadataOf(request),
  );
  await awaitWrites(context.awaitProjections, handled);
  return handled;
}
