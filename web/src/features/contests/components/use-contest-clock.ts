import { useEffect, useState } from 'react';

/** The server-aligned clock, ticking every second while the page is open (reference §2.1). */
export const useContestClock = (clockOffsetMs: number): number => {
  const [nowMs, setNow] = useState(() => Date.now() + clockOffsetMs);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + clockOffsetMs), 1000);
    return () => clearInterval(timer);
  }, [clockOffsetMs]);
  return nowMs;
};
