import { useCallback, useEffect, useState } from 'react';

/** Seconds left before a code can be sent again; ticks once a second down to zero (spec 000 §4). */
export const useCountdown = () => {
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (secondsLeft <= 0) return undefined;
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft]);
  const start = useCallback((seconds: number) => setSecondsLeft(seconds), []);
  return { secondsLeft, isRunning: secondsLeft > 0, start };
};
