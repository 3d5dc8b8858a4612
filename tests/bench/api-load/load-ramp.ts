import autocannon from 'autocannon';

/** One endpoint under load: the requests each connection sends in turn (different pages, so OFFSETs vary). */
export interface LoadTarget {
  readonly name: string;
  readonly requests: readonly autocannon.Request[];
}

export interface LoadStep {
  readonly connections: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Socket errors, timeouts and non-2xx answers: a step with any does not count. */
  readonly failures: number;
}

export interface RampOptions {
  readonly baseUrl: string;
  readonly stepSeconds: number;
  readonly p99TargetMs: number;
  readonly maxConnections: number;
}

/**
 * The highest rate an endpoint sustains with p99 under the target: closed-loop load (each connection sends its
 * next request when the answer came) at 1, 2, 4 … connections until two steps in a row miss the target (p99 or
 * a failed request) or the cap, then one step halfway between the best passing and the missing count above it.
 * The best passing step is the figure.
 * autocannon runs in a worker thread (`workers: 1`), so load generation does not share the event loop of the
 * API server, which the stack runs in this process.
 */
export async function sustainedRate(target: LoadTarget, options: RampOptions) {
  const steps: LoadStep[] = [];
  let passing = 0;
  let failing = 0;
  // The machine is shared: one step can miss by another process's burst, so the ramp ends at the second miss in
  // a row, and halves back once between the best passing count and the miss above it.
  for (let connections = 1; connections <= options.maxConnections; connections *= 2) {
    const step = await loadStep(target, connections, options);
    steps.push(step);
    if (isWithin(step, options)) {
      passing = connections;
      failing = 0;
    } else if (failing > 0) {
      break;
    } else {
      failing = connections;
    }
  }
  if (passing > 0 && failing > passing + 1) {
    steps.push(await loadStep(target, Math.round((passing + failing) / 2), options));
  }
  const best = steps
    .filter((step) => isWithin(step, options))
    .reduce<LoadStep | null>(
      (top, step) => (!top || step.requestsPerSecond > top.requestsPerSecond ? step : top),
      null,
    );
  return { best, steps };
}

const isWithin = (step: LoadStep, options: RampOptions) => step.failures === 0 && step.p99Ms < options.p99TargetMs;

async function loadStep(target: LoadTarget, connections: number, options: RampOptions): Promise<LoadStep> {
  const result = await autocannon({
    url: options.baseUrl,
    connections,
    duration: options.stepSeconds,
    workers: 1,
    timeout: 10,
    requests: [...target.requests],
  });
  return {
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}
