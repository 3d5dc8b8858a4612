/**
 * The first `maxUnits` UTF-16 units of `text` (HOJ measures lengths as Java does), never ending inside a
 * surrogate pair: a lone half would come out as an unpaired surrogate, which Postgres refuses in jsonb and
 * clients show as garbage (F18).
 */
export function cutText(text: string, maxUnits: number): string {
  if (text.length <= maxUnits) return text;
  const cut = Math.max(0, maxUnits);
  const last = text.charCodeAt(cut - 1);
  const endsInHighSurrogate = cut > 0 && last >= 0xd800 && last <= 0xdbff;
  return text.slice(0, endsInHighSurrogate ? cut - 1 : cut);
}
