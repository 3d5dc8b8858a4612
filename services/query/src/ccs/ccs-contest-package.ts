import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** A file of the archive: its path and its bytes as they come (a feed page by page, a JSON list at once). */
export interface ZipEntry {
  readonly path: string;
  /** Already compressed (a nested zip): stored as it is instead of deflated again. */
  readonly isCompressed?: boolean;
  readonly data: AsyncIterable<Uint8Array> | Iterable<Uint8Array>;
}

/**
 * A zip written as its entries come (fflate's streaming Zip): one entry at a time, each chunk handed on as soon as
 * the compressor gives it, so a contest package of any size is never held whole. `modifiedAt` is every entry's
 * time (the contest's, so one contest's package is the same bytes each time it is made).
 */
export async function* zipEntries(entries: AsyncIterable<ZipEntry>, modifiedAt: Date): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length > 0) {
      const chunk = out.shift();
      if (chunk) yield chunk;
    }
  };
  for await (const entry of entries) {
    const file = entry.isCompressed ? new ZipPassThrough(entry.path) : new ZipDeflate(entry.path, { level: 6 });
    file.mtime = modifiedAt;
    zip.add(file);
    let previous: Uint8Array | null = null;
    for await (const chunk of entry.data) {
      if (previous) file.push(previous);
      previous = chunk;
      yield* drain();
    }
    file.push(previous ?? new Uint8Array(0), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

const encoder = new TextEncoder();

/** Text chunks as bytes. */
export async function* utf8(chunks: AsyncIterable<string> | Iterable<string>): AsyncGenerator<Uint8Array> {
  for await (const chunk of chunks) yield encoder.encode(chunk);
}
