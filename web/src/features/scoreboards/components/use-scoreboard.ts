import { useCallback, useEffect, useRef, useState } from 'react';
import { subscribeTopic } from '@/lib/live-socket';
import { getContestRank, getOutsideScoreboard, type RankRequest } from '../api/get-contest-rank';
import type { RankRow } from '../api/rank-schemas';
import { scoreboardTopic } from '../scoreboard-topic';

type Options = { request: RankRequest; type: number; isOutside: boolean; refreshMs: number; isAutoRefresh: boolean };

/**
 * One board page, re-read on every request change, on each auto-refresh tick and whenever /api/ws says the
 * contest's boards changed. A failed outside load stops the auto refresh (reference §1.1).
 */
export const useScoreboard = ({ request, type, isOutside, refreshMs, isAutoRefresh }: Options) => {
  const [page, setPage] = useState<{ records: RankRow[]; total: number } | null>(null);
  const [hasFailed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);
  const key = JSON.stringify(request);
  const inFlight = useRef(false);
  useEffect(() => {
    let isActive = true;
    inFlight.current = true;
    const load = isOutside ? getOutsideScoreboard : getContestRank;
    load(JSON.parse(key) as RankRequest, type)
      .then((reply) => {
        if (!isActive) return;
        setPage(reply as { records: RankRow[]; total: number });
        setFailed(false);
      })
      .catch(() => isActive && setFailed(true))
      .finally(() => {
        inFlight.current = false;
      });
    return () => {
      isActive = false;
    };
  }, [key, type, isOutside, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  const isRefreshing = isAutoRefresh && !(isOutside && hasFailed);
  useEffect(() => {
    if (!isRefreshing) return undefined;
    const timer = setInterval(() => !inFlight.current && reload(), refreshMs);
    return () => clearInterval(timer);
  }, [isRefreshing, refreshMs, reload]);
  const cid = request.cid;
  useEffect(() => subscribeTopic(scoreboardTopic(cid), reload), [cid, reload]);
  return { page, hasFailed, reload };
};
