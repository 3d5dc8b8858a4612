/**
 * The browser specs' setup in one call: a test stack and the browsers that drive it, opened before the first test
 * of the file (or describe) that calls it and closed after its last one, browsers first, then the stack.
 *
 *   const { stack, browser } = useStackAndBrowser({ stack: { judgeWorkers: 0 } });
 *   beforeAll(() => registerThroughApi(stack, alice));   // a later beforeAll: stack and browser are up by then
 *   it('…', async () => void (await browser.page.goto('/home')));
 *
 *   const { stack, browsers: [admin, phone] } = useStackAndBrowsers({ browsers: [{}, { viewport: phoneViewport }] });
 *
 * What it hands back stands in for the stack and browsers to come (as useProjectionTestbed does), so a spec can
 * destructure it at once and use the names unchanged in its hooks and tests; reading one outside them throws.
 * A browser's locale defaults to en-US here, since the specs read the English strings (launchBrowser's own
 * default is the app's zh-CN).
 */
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser, type BrowserOptions, type BrowserSession } from './browser';
import { startTestStack, type TestStack, type TestStackOptions } from './stack';

/** A browser of the stack: launchBrowser's options but the baseUrl, which is the stack's. */
export type StackBrowserOptions = Omit<BrowserOptions, 'baseUrl'>;

export interface StackAndBrowsers<Browsers extends readonly StackBrowserOptions[]> {
  readonly stack: TestStack;
  /** One session a launch option, in the same order, so a spec can name each: `browsers: [admin, alice]`. */
  readonly browsers: { readonly [Index in keyof Browsers]: BrowserSession };
}

export function useStackAndBrowsers<const Browsers extends readonly StackBrowserOptions[]>(options: {
  readonly stack?: TestStackOptions;
  readonly browsers: Browsers;
}): StackAndBrowsers<Browsers> {
  let stack: TestStack | undefined;
  let opened: BrowserSession[] = [];
  let ready = false;
  const unavailable = () => new Error('the stack and its browsers exist only while the tests that opened them run');
  const currentStack = () => {
    if (!stack || !ready) throw unavailable();
    return stack;
  };
  const currentBrowser = (index: number) => () => {
    const session = opened[index];
    if (!session || !ready) throw unavailable();
    return session;
  };
  beforeAll(async () => {
    stack = await startTestStack(options.stack);
    const { baseUrl } = stack;
    // Settled, not Promise.all: every launch has ended before a failure is thrown, so afterAll closes each one
    // that did open.
    const launches = await Promise.allSettled(
      options.browsers.map((browser) => launchBrowser({ locale: 'en-US', ...browser, baseUrl })),
    );
    opened = launches.flatMap((launch) => (launch.status === 'fulfilled' ? [launch.value] : []));
    throwFirstFailure(launches);
    ready = true;
  });
  afterAll(async () => {
    ready = false;
    const closed = await Promise.allSettled(opened.map((session) => session.close()));
    await stack?.stop();
    throwFirstFailure(closed);
  });
  return {
    stack: standIn(currentStack),
    browsers: options.browsers.map((_, index) =>
      standIn(currentBrowser(index)),
    ) as StackAndBrowsers<Browsers>['browsers'],
  };
}

/** The common case: one stack and one browser (desktop, en-US unless `browser` says otherwise). */
export function useStackAndBrowser(
  options: { readonly stack?: TestStackOptions; readonly browser?: StackBrowserOptions } = {},
): { readonly stack: TestStack; readonly browser: BrowserSession } {
  const {
    stack,
    browsers: [browser],
  } = useStackAndBrowsers({ stack: options.stack, browsers: [options.browser ?? {}] });
  return { stack, browser };
}

function throwFirstFailure(results: readonly PromiseSettledResult<unknown>[]): void {
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
}

/**
 * Forwards every property read to the object `current()` returns at that moment (methods bound to it), so the
 * stand-in follows the stack or session whatever fields they gain.
 */
function standIn<Target extends object>(current: () => Target): Target {
  return new Proxy({} as Target, {
    get(_placeholder, key) {
      const target = current();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
