/** One test case as found in an upload: its input, and the output that goes with it (maybe absent). */
export interface PairedCase {
  readonly inputName: string;
  readonly outputName: string;
  /** False when no output file came with the input: an empty one is created (judging.md §7.1). */
  readonly hasOutput: boolean;
}

/**
 * HOJ's pairing rules (judging.md §7.1): `X.in` with `X.out` or `X.ans` (`.out` wins when both exist, where
 * HOJ picks one silently), and `…input….txt` with the same name with `input` replaced by `output`. Outputs
 * without inputs and other files are ignored. Only top-level names are considered.
 */
export function pairTestCaseFiles(fileNames: readonly string[]): PairedCase[] {
  const names = new Set(fileNames.filter((name) => !name.includes('/') && name !== ''));
  const cases: PairedCase[] = [];
  for (const name of names) {
    const paired = pairInput(name, names);
    if (paired) cases.push(paired);
  }
  return cases.sort(compareInputNames);
}

function pairInput(name: string, names: ReadonlySet<string>): PairedCase | null {
  if (name.endsWith('.in') && name.length > '.in'.length) {
    const stem = name.slice(0, -'.in'.length);
    const output = [`${stem}.out`, `${stem}.ans`].find((candidate) => names.has(candidate));
    return { inputName: name, outputName: output ?? `${stem}.out`, hasOutput: output !== undefined };
  }
  if (name.endsWith('.txt') && name.includes('input')) {
    const outputName = name.replaceAll('input', 'output');
    return { inputName: name, outputName, hasOutput: names.has(outputName) };
  }
  return null;
}

/** By the name before its first dot, shorter first, then lexicographic: `2.in` before `10.in`. */
function compareInputNames(a: PairedCase, b: PairedCase): number {
  const stemA = a.inputName.split('.')[0] ?? '';
  const stemB = b.inputName.split('.')[0] ?? '';
  if (stemA.length !== stemB.length) return stemA.length - stemB.length;
  if (stemA !== stemB) return stemA < stemB ? -1 : 1;
  return a.inputName < b.inputName ? -1 : a.inputName > b.inputName ? 1 : 0;
}
