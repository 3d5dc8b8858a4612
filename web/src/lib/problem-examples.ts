/** HOJ keeps a problem's examples as one string of repeated <input>…</input><output>…</output> pairs (api-core §3). */
export type Example = { input: string; output: string };

const pairPattern = /<input>([\s\S]*?)<\/input>\s*<output>([\s\S]*?)<\/output>/g;

export const parseExamples = (text: string | null | undefined): Example[] =>
  [...(text ?? '').matchAll(pairPattern)].map((match) => ({ input: match[1] ?? '', output: match[2] ?? '' }));

export const serializeExamples = (examples: readonly Example[]): string =>
  examples.map((example) => `<input>${example.input}</input><output>${example.output}</output>`).join('');
