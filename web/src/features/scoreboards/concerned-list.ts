/** Reference §1.1: the concerned users of a contest are kept in local storage, per contest. */
const storageKey = (cid: string) => `concernedList:${cid}`;

export const readConcerned = (cid: string): string[] => {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(cid)) ?? '[]');
    return Array.isArray(parsed) ? parsed.map(String) : [];
  } catch {
    return [];
  }
};

export const toggleConcerned = (cid: string, uid: string): string[] => {
  const current = readConcerned(cid);
  const next = current.includes(uid) ? current.filter((id) => id !== uid) : [...current, uid];
  localStorage.setItem(storageKey(cid), JSON.stringify(next));
  return next;
};
