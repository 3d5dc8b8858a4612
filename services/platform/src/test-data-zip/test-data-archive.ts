import { zipSync } from 'fflate';

/** A zip of files at its top level, in the given order, as download-testcase returns (admin §6). */
export function zipFiles(files: readonly { readonly name: string; readonly bytes: Uint8Array }[]): Uint8Array {
  return zipSync(Object.fromEntries(files.map((file) => [file.name, file.bytes])));
}
