import { fromPoints, type CheckerOutcome } from './checker-outcome';

/** HOJ reads only the start of a testlib message (judging.md §5.2). */
const parsedPrefixLength = 1024;

/**
 * A testlib result line on stderr, as testlib's quit() writes it. "wrong output format" (testlib's _pe) is PE
 * here: HOJ turns it into WA with a hint (§12.1), but the checker did say presentation error.
 */
export function parseTestlibMessage(stderr: string): CheckerOutcome {
  const text = stderr.slice(0, parsedPrefixLength);
  const rest = (prefix: string) => text.slice(prefix.length).trim();
  if (/^ok(\s|$)/.test(text)) return { verdict: 'AC', percentage: null, message: rest('ok') };
  if (text.startsWith('wrong answer')) return { verdict: 'WA', percentage: null, message: rest('wrong answer') };
  if (text.startsWith('wrong output format')) {
    return { verdict: 'PE', percentage: null, message: rest('wrong output format') };
  }
  const partially = /^partially correct \((-?\d+)\)/.exec(text);
  if (partially?.[1] !== undefined) return fromPoints(Number(partially[1]), rest(partially[0]));
  const points = /^points\s+([+-]?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text);
  if (points?.[1] !== undefined) return fromPoints(Number(points[1]), rest(points[0]));
  if (text.startsWith('FAIL')) return { verdict: 'SE', percentage: null, message: rest('FAIL') };
  return { verdict: 'SE', percentage: null, message: text };
}
