import { z } from 'zod';
import { announcementEventSchemas } from './announcement';
import { carouselEventSchemas, userAvatarEventSchemas } from './carousel';
import { contestEventSchemas } from './contest';
import { problemEventSchemas, problemIdClaimEventSchemas } from './problem';
import { checkerIncludeEventSchemas, siteConfigEventSchemas } from './site';
import { submissionEventSchemas } from './submission';
import { tagEventSchemas } from './tag';
import { testRunEventSchemas } from './test-run';
import { rejudgingEventSchemas } from './rejudging';
import { emailClaimEventSchemas, userEventSchemas, usernameClaimEventSchemas } from './user';

/**
 * The parts of the catalogue, one per stream file (each a type → data schema record from `defineStreamEvents`).
 * Listed apart so a test can see that no two parts name the same event type (a spread would let the later one win
 * silently).
 */
export const cataloguePartsByStream = {
  user: userEventSchemas,
  usernameClaim: usernameClaimEventSchemas,
  emailClaim: emailClaimEventSchemas,
  userAvatar: userAvatarEventSchemas,
  siteConfig: siteConfigEventSchemas,
  checkerInclude: checkerIncludeEventSchemas,
  announcement: announcementEventSchemas,
  carousel: carouselEventSchemas,
  tag: tagEventSchemas,
  problem: problemEventSchemas,
  problemIdClaim: problemIdClaimEventSchemas,
  contest: contestEventSchemas,
  submission: submissionEventSchemas,
  testRun: testRunEventSchemas,
  rejudging: rejudgingEventSchemas,
} as const;

type Parts = typeof cataloguePartsByStream;
type MergedParts = UnionToIntersection<Parts[keyof Parts]>;
type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/**
 * Every event type the system appends, with the schema of its data: the one lookup the command side checks
 * before appending and the projector checks before applying. Built from the stream files' own schemas.
 */
export const eventDataSchemas: Readonly<MergedParts> = Object.assign(
  {},
  ...Object.values(cataloguePartsByStream),
) as MergedParts;

export type CataloguedEventType = keyof MergedParts & string;

export function isCataloguedEventType(type: string): type is CataloguedEventType {
  return Object.hasOwn(eventDataSchemas, type);
}

/** The data schema of an event type; null for a type the catalogue does not know. */
export function eventDataSchemaOf(type: string): z.ZodType | null {
  return isCataloguedEventType(type) ? (eventDataSchemas[type] as z.ZodType) : null;
}

export type CatalogueCheck =
  | { readonly success: true }
  | { readonly success: false; readonly reason: 'unknown-type' | 'invalid-data'; readonly message: string };

/** Checks an event against the catalogue without throwing; the message names the type and the first fields. */
export function checkCataloguedEvent(event: { readonly type: string; readonly data: unknown }): CatalogueCheck {
  const schema = eventDataSchemaOf(event.type);
  if (!schema) {
    return { success: false, reason: 'unknown-type', message: `${event.type} is not in the event catalogue` };
  }
  const result = schema.safeParse(event.data);
  if (result.success) return { success: true };
  return { success: false, reason: 'invalid-data', message: `${event.type}: ${z.prettifyError(result.error)}` };
}
