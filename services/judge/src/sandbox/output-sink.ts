import { createWriteStream, type WriteStream } from 'node:fs';
import { once } from 'node:events';
import type { StdioSpec } from './sandbox';

/** Where the judge puts what a program writes to stdout or stderr, with a byte cap. */
export interface OutputSink {
  /** Returns false once the cap is passed (the caller decides whether that kills the run). */
  write(chunk: Buffer): boolean;
  /** Bytes accepted so far (never more than the cap). */
  readonly bytes: number;
  finish(): Promise<Uint8Array | undefined>;
}

export function createOutputSink(spec: StdioSpec, capBytes: number): OutputSink {
  const chunks: Buffer[] = [];
  let file: WriteStream | undefined;
  let bytes = 0;
  let fileError: Error | undefined;
  if (spec.kind === 'file') {
    file = createWriteStream(spec.path);
    file.on('error', (error) => (fileError = error));
  }
  const target = (chunk: Buffer) => {
    if (spec.kind === 'capture') chunks.push(chunk);
    else if (spec.kind === 'pipe') spec.pipe.stream.write(chunk);
    else file?.write(chunk);
  };
  return {
    get bytes() {
      return bytes;
    },
    write(chunk) {
      const room = capBytes - bytes;
      if (room <= 0) return chunk.length === 0;
      const kept = chunk.length > room ? chunk.subarray(0, room) : chunk;
      bytes += kept.length;
      target(kept);
      return chunk.length <= room;
    },
    async finish() {
      if (spec.kind === 'pipe') spec.pipe.stream.end();
      if (file) {
        file.end();
        if (!fileError) await once(file, 'close');
        if (fileError) throw fileError;
      }
      return spec.kind === 'capture' ? new Uint8Array(Buffer.concat(chunks)) : undefined;
    },
  };
}
