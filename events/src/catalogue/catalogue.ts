import { z } from 'zod';
import { AnnouncementEvent } from './announcement';
import { CarouselEvent, UserAvatarChanged } from './carousel';
import { contestEventSchemas } from './contest';
import { ProblemEvent, ProblemIdClaimEvent } from './problem';
import { CheckerIncludeEvent, SiteConfigEvent } from './site';
import { submissionEventSchemas } from './submission';
import { TagEvent } from './tag';
import { testRunEventSchemas } from './test-run';
import { rejudgingEventSchemas } from './rejudging';
import { EmailClaimEvent, UserEvent, UsernameClaimEvent } from './user';

/** One `{type: literal, data}` object of a stream's discriminated union. */
type EventObjectSchema = z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }>;

type DataSchemasOf<Options extends readonly EventObjectSchema[]> = {
  [Option in Options[number] as Option['shape']['type']['value']]: Option['shape']['data'];
};

/** The stream files that export a union of `{type, data}` objects, as a type → data schema record. */
function dataSchemasOf<const Options extends readonly EventObjectSchema[]>(options: Options): DataSchemasOf<Options> {
  return Object.fromEntries(
    options.map((option) => [option.shape.type.value, option.shape.data]),
  ) as DataSchemasOf<Options>;
}

/**
 * The parts of the catalogue, one per stream file, each kept in the idiom that file already uses (a
 * discriminated union or a type → data record). Listed apart so a test can see that no two parts name the
 * same event type (a spread would let the later one win silently).
 */
export const cataloguePartsByStream = {
  user: dataSchemasOf(UserEvent.options),
  usernameClaim: dataSchemasOf(UsernameClaimEvent.options),
  emailClaim: dataSchemasOf(EmailClaimEvent.options),
  userAvatar: dataSchemasOf([UserAvatarChanged]),
  siteConfig: dataSchemasOf(SiteConfigEvent.options),
  checkerInclude: dataSchemasOf(CheckerIncludeEvent.options),
  announcement: dataSchemasOf(AnnouncementEvent.options),
  carousel: dataSchemasOf(CarouselEvent.options),
  tag: dataSchemasOf(TagEvent.options),
  problem: dataSchemasOf(ProblemEvent.options),
  problemIdClaim: dataSchemasOf(ProblemIdClaimEvent.options),
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
