/** A LIKE/ILIKE pattern matching text that contains `fragment` literally: its `%`, `_` and `\` match only themselves. */
export const containsPattern = (fragment: string): string =>
  `%${fragment.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
