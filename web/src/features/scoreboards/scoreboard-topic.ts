/**
 * The live topic of a contest's boards, as the scoreboard projection notifies it
 * (services/projector contest-scoreboards: `contest-scoreboard:<cid>`); switch to the query contract's
 * builder once it exports one.
 */
export const scoreboardTopic = (cid: string): string => `contest-scoreboard:${cid}`;
