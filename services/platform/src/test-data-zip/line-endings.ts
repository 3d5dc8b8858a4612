const cr = 0x0d;
const lf = 0x0a;

/** CRLF and lone CR become LF, as HOJ rewrites every saved input and output (judging.md §7.2). */
export function normaliseLineEndings(bytes: Uint8Array): Uint8Array {
  if (!bytes.includes(cr)) return bytes;
  const out = new Uint8Array(bytes.length);
  let length = 0;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] ?? 0;
    if (byte === cr) {
      out[length++] = lf;
      if (bytes[i + 1] === lf) i++;
    } else {
      out[length++] = byte;
    }
  }
  return out.subarray(0, length);
}
