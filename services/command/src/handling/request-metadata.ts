import type { EventMetadata } from '@oj/events';

/** The parts of a Fastify request that event metadata comes from (structural, so deciders' callers stay IO-free). */
export interface RequestFacts {
  readonly id: string;
  readonly ip: string;
  readonly principal?: { readonly userId: string } | null;
}

/**
 * Event metadata (DESIGN, event store): the HTTP request's id as correlation and causation, the client ip, and
 * who acted — the signed-in user, or `actorId` when the actor is known otherwise (a login before its session).
 */
export function metadataOf(request: RequestFacts, actorId?: string): EventMetadata {
  const actor = actorId ?? request.principal?.userId;
  return {
    correlationId: request.id,
    causationId: request.id,
    clientIp: request.ip,
    ...(actor ? { actorId: actor } : {}),
  };
}
