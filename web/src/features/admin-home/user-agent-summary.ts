/** Browser and system of a login, as HOJ's dashboard shows them; unknown parts stay null. */
export type UserAgentSummary = { browser: string | null; system: string | null };

/** Checked in order: Edge and Opera also say "Chrome", Chrome also says "Safari", Android also says "Linux". */
const browsers: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Edge', /Edg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /OPR\/(\d+)/],
  ['Firefox', /(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /(?:Chrome|CriOS)\/(\d+)/],
  ['Safari', /Version\/(\d+)[^ ]* (?:Mobile\/\S+ )?Safari/],
];

const systems: readonly (readonly [name: string, pattern: RegExp])[] = [
  ['Windows', /Windows/],
  ['Android', /Android/],
  ['iOS', /iPhone|iPad|iPod/],
  ['macOS', /Mac OS X|Macintosh/],
  ['Linux', /Linux|X11/],
];

export const summarizeUserAgent = (userAgent: string): UserAgentSummary => {
  let browser: string | null = null;
  for (const [name, pattern] of browsers) {
    const version = pattern.exec(userAgent)?.[1];
    if (version) {
      browser = `${name} ${version}`;
      break;
    }
  }
  const system = systems.find(([, pattern]) => pattern.test(userAgent))?.[0] ?? null;
  return { browser, system };
};
