/** The back-office contest form (reference §1.3, HOJ's Contest.vue): defaults, derived fields and checks. */
export type AwardConfig = { priority: number; name: string; background: string; color: string; num: number };

export type ContestForm = {
  id: string | null;
  uid: string;
  author: string;
  title: string;
  description: string;
  source: string;
  type: number;
  auth: number;
  pwd: string;
  startTime: string;
  endTime: string;
  sealRank: boolean;
  /** 0 last half hour, 1 last hour, 2 whole contest (reference §1.3). */
  sealOption: 0 | 1 | 2;
  autoRealRank: boolean;
  visible: boolean;
  openPrint: boolean;
  openRank: boolean;
  rankShowName: 'username' | 'nickname' | 'realname';
  openAccountLimit: boolean;
  accountRule: { prefix: string; suffix: string; from: number; to: number; extra: string };
  allowEndSubmit: boolean;
  starAccount: string[];
  oiRankScoreType: 'Recent' | 'Highest';
  awardType: 0 | 1 | 2;
  awardConfigList: AwardConfig[];
};

export const defaultAwards = (): AwardConfig[] => [
  { priority: 1, name: '金牌', background: '#e6bf25', color: '#fff', num: 10 },
  { priority: 2, name: '银牌', background: '#b4c0c7', color: '#fff', num: 20 },
  { priority: 3, name: '铜牌', background: '#CD7F32', color: '#fff', num: 30 },
];

export const emptyContestForm = (uid: string, author: string): ContestForm => ({
  id: null,
  uid,
  author,
  title: '',
  description: '',
  source: '',
  type: 0,
  auth: 0,
  pwd: '',
  startTime: '',
  endTime: '',
  sealRank: false,
  sealOption: 1,
  autoRealRank: true,
  visible: true,
  openPrint: false,
  openRank: false,
  rankShowName: 'username',
  openAccountLimit: false,
  accountRule: { prefix: '', suffix: '', from: 0, to: 10, extra: '' },
  allowEndSubmit: false,
  starAccount: [],
  oiRankScoreType: 'Recent',
  awardType: 0,
  awardConfigList: defaultAwards(),
});

const ms = (iso: string) => new Date(iso).getTime();

export const durationSeconds = (form: Pick<ContestForm, 'startTime' | 'endTime'>): number =>
  Math.floor((ms(form.endTime) - ms(form.startTime)) / 1000);

/** When sealing is switched on: the whole contest for OI or an ACM contest under an hour, else the last hour. */
export const defaultSealOption = (form: Pick<ContestForm, 'type' | 'startTime' | 'endTime'>): 0 | 1 | 2 =>
  form.type === 1 || durationSeconds(form) < 3600 ? 2 : 1;

export const sealRankTimeOf = (form: Pick<ContestForm, 'sealOption' | 'startTime' | 'endTime'>): string => {
  if (form.sealOption === 2) return new Date(ms(form.startTime)).toISOString();
  const before = form.sealOption === 0 ? 1800 : 3600;
  return new Date(ms(form.endTime) - before * 1000).toISOString();
};

/** Seal option back from a stored sealRankTime (anything else reads as the whole contest). */
export const sealOptionOf = (
  startTime: string,
  endTime: string,
  sealRankTime: string | null | undefined,
): 0 | 1 | 2 => {
  if (!sealRankTime) return 1;
  const gap = (ms(endTime) - ms(sealRankTime)) / 1000;
  return gap === 1800 ? 0 : gap === 3600 ? 1 : 2;
};

export const buildAccountRule = (rule: ContestForm['accountRule']): string =>
  `<prefix>${rule.prefix}</prefix><suffix>${rule.suffix}</suffix><start>${rule.from}</start><end>${rule.to}</end><extra>${rule.extra}</extra>`;

export const parseAccountRule = (text: string | null | undefined): ContestForm['accountRule'] => {
  const part = (tag: string) => new RegExp(`<${tag}>([\\s\\S]*?)</${tag}>`).exec(text ?? '')?.[1] ?? '';
  return {
    prefix: part('prefix'),
    suffix: part('suffix'),
    from: Number(part('start') || 0),
    to: Number(part('end') || 10),
    extra: part('extra'),
  };
};

export type FormProblem = { key: string; values?: Record<string, string | number> };

/** The client checks of reference §1.3, first failure wins. */
export const validateContestForm = (form: ContestForm): FormProblem | null => {
  if (!form.title.trim()) return { key: 'form.titleRequired' };
  if (!form.description.trim()) return { key: 'form.descriptionRequired' };
  if (!form.startTime) return { key: 'form.startRequired' };
  if (!form.endTime) return { key: 'form.endRequired' };
  if (ms(form.endTime) < ms(form.startTime)) return { key: 'form.timeOrder' };
  if (durationSeconds(form) <= 0) return { key: 'form.durationPositive' };
  if (form.auth !== 0 && !form.pwd) return { key: 'form.passwordRequired' };
  if (new Set(form.starAccount).size !== form.starAccount.length) return { key: 'form.duplicateStar' };
  return null;
};

/** AdminContestVO for POST/PUT; the client puts its own uid and author in on create, as HOJ's does. */
export const buildContestBody = (form: ContestForm) => ({
  ...(form.id ? { id: Number(form.id) } : {}),
  uid: form.uid,
  author: form.author,
  title: form.title.trim(),
  description: form.description,
  source: form.source,
  type: form.type,
  auth: form.auth,
  pwd: form.auth === 0 ? '' : form.pwd,
  startTime: new Date(form.startTime).toISOString(),
  endTime: new Date(form.endTime).toISOString(),
  duration: durationSeconds(form),
  sealRank: form.sealRank,
  sealRankTime: form.sealRank ? sealRankTimeOf(form) : null,
  autoRealRank: form.autoRealRank,
  visible: form.visible,
  openPrint: form.openPrint,
  openRank: form.openRank,
  rankShowName: form.rankShowName,
  openAccountLimit: form.openAccountLimit,
  accountLimitRule: form.openAccountLimit ? buildAccountRule(form.accountRule) : '',
  allowEndSubmit: form.allowEndSubmit,
  starAccount: form.starAccount,
  oiRankScoreType: form.oiRankScoreType,
  awardType: form.awardType,
  awardConfigList: [...form.awardConfigList].sort((a, b) => a.priority - b.priority),
});
