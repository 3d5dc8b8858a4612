import { scoreboardProjection } from './scoreboard.projection';

/** The four boards of §2.7–2.10: live (with and without after-contest records) and sealed, per contest type. */
export const acmScoreboardProjection = scoreboardProjection({
  name: 'acm-scoreboard',
  tablePrefix: 'acm_scoreboard',
  contestType: 'ACM',
  views: ['live', 'liveWithEnd'],
});

export const sealedAcmScoreboardProjection = scoreboardProjection({
  name: 'sealed-acm-scoreboard',
  tablePrefix: 'sealed_acm_scoreboard',
  contestType: 'ACM',
  views: ['sealed'],
});

export const oiScoreboardProjection = scoreboardProjection({
  name: 'oi-scoreboard',
  tablePrefix: 'oi_scoreboard',
  contestType: 'OI',
  views: ['live', 'liveWithEnd'],
});

export const sealedOiScoreboardProjection = scoreboardProjection({
  name: 'sealed-oi-scoreboard',
  tablePrefix: 'sealed_oi_scoreboard',
  contestType: 'OI',
  views: ['sealed'],
});
