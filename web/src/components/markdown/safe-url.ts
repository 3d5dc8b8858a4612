/** http(s), mailto and same-site paths; javascript:, data:, protocol-relative and the rest are dropped. */
export const safeUrl = (url: string): string | null => {
  const trimmed = url.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  return null;
};
