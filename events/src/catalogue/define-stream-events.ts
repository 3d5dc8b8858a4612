import type { z } from 'zod';

/** A stream's events as the record form writes them: event type → data schema. */
export type EventDataSchemas = Readonly<Record<string, z.ZodType>>;

/** The union of `{type, data}` objects a record of data schemas describes. */
export type StreamEventOf<Schemas extends EventDataSchemas> = {
  [Type in keyof Schemas & string]: { readonly type: Type; readonly data: z.infer<Schemas[Type]> };
}[keyof Schemas & string];

export interface StreamEvents<Schemas extends EventDataSchemas> {
  /** Type → data schema: what `catalogue.ts` merges into the one lookup. */
  readonly schemas: Schemas;
  readonly types: readonly (keyof Schemas & string)[];
  /** Parses a stored event of the stream; null for a type the stream does not know, a throw for bad data. */
  parse(event: { readonly type: string; readonly data: unknown }): StreamEventOf<Schemas> | null;
  /** Never throws: a type the stream does not know and bad data are both a failure (zod's safeParse shape). */
  safeParse(event: {
    readonly type: string;
    readonly data: unknown;
  }): { readonly success: true; readonly data: StreamEventOf<Schemas> } | { readonly success: false };
}

/**
 * The catalogue's one idiom for a stream file: data schemas keyed by event type, from which the event types, the
 * union and the parser follow, so a stream file never writes its parser or union by hand.
 */
export function defineStreamEvents<const Schemas extends EventDataSchemas>(schemas: Schemas): StreamEvents<Schemas> {
  const types = Object.keys(schemas) as (keyof Schemas & string)[];
  return {
    schemas,
    types,
    parse(event) {
      if (!Object.hasOwn(schemas, event.type)) return null;
      const type = event.type as keyof Schemas & string;
      return { type, data: schemas[type]?.parse(event.data) } as StreamEventOf<Schemas>;
    },
    safeParse(event) {
      if (!Object.hasOwn(schemas, event.type)) return { success: false };
      const type = event.type as keyof Schemas & string;
      const result = schemas[type]?.safeParse(event.data);
      return result?.success
        ? { success: true, data: { type, data: result.data } as StreamEventOf<Schemas> }
        : { success: false };
    },
  };
}
