/** Spec 000 §2.1 and §9: the message badge shows the count up to 99 and hides at 0. */
export const unreadBadgeLabel = (count: number): string | null => {
  if (count <= 0) return null;
  return count > 99 ? '99+' : String(count);
};
