import { useEffect, useState } from 'react';
import { getAdminContest } from '../api/admin-contests';
import {
  defaultAwards,
  emptyContestForm,
  parseAccountRule,
  sealOptionOf,
  type ContestForm,
} from '../contest-form-state';

/** Loads the contest being edited into the form (or starts an empty one), reporting a failed load. */
export const useContestForm = (cid: string | null, uid: string, author: string) => {
  const [form, setForm] = useState<ContestForm | null>(cid ? null : emptyContestForm(uid, author));
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => {
    if (!cid) return undefined;
    let isActive = true;
    getAdminContest(cid)
      .then((row) => {
        if (!isActive) return;
        const base = emptyContestForm(row.uid ?? uid, row.author ?? author);
        setForm({
          ...base,
          id: row.id,
          title: row.title,
          description: row.description ?? '',
          source: row.source ? String(row.source) : '',
          type: row.type,
          auth: row.auth,
          pwd: row.pwd ?? '',
          startTime: row.startTime,
          endTime: row.endTime,
          sealRank: !!row.sealRank,
          sealOption: sealOptionOf(row.startTime, row.endTime, row.sealRankTime),
          autoRealRank: row.autoRealRank ?? true,
          visible: row.visible ?? true,
          openPrint: !!row.openPrint,
          openRank: !!row.openRank,
          rankShowName: (row.rankShowName as ContestForm['rankShowName'] | null) ?? 'username',
          openAccountLimit: !!row.openAccountLimit,
          accountRule: parseAccountRule(row.accountLimitRule),
          allowEndSubmit: !!row.allowEndSubmit,
          starAccount: row.starAccount ?? [],
          oiRankScoreType: row.oiRankScoreType === 'Highest' ? 'Highest' : 'Recent',
          awardType: (row.awardType ?? 0) as ContestForm['awardType'],
          awardConfigList: row.awardConfigList?.length ? row.awardConfigList : defaultAwards(),
        });
      })
      .catch(() => isActive && setFailed(true));
    return () => {
      isActive = false;
    };
  }, [cid, uid, author]);
  const patch = (change: Partial<ContestForm>) => setForm((current) => (current ? { ...current, ...change } : current));
  return { form, patch, hasFailed };
};
