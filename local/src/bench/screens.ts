import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type CDPSession, chromium, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../testing/chromium.ts';
import { makeScreenMove, type ScreenMove, screenPeople } from './screenMove.ts';

/**
 * The screens a team waits for (issue 56), in Chromium with the built app, on the bench's own move
 * (`screenMove.ts`: 2,000 people by default, BENCH_SCREEN_PEOPLE). Each measure opens its screen from
 * navigation (or an action, where it says so) until the screen is usable: its main content drawn and the
 * main thread answering (a task posted after it ran, then a frame). Median of 5 (BENCH_SCREENS_ROUNDS),
 * each figure printed on one line beside its target with ✓ or ✗.
 *
 * Profiles: 'admin' is a team laptop on battery (1366×768, 4× CPU slowdown through CDP
 * `Emulation.setCPUThrottlingRate`), signed in as staff; 'phone' a mid-range phone (390×844, 4× CPU,
 * DevTools' fast 3G), not signed in; 'wall' the admin's laptop, not signed in (a wall link's browser).
 *
 * BENCH_SCREENS_TRACE=<folder>: for each screen with a figure over its target, one more round traced:
 * `<folder>/<screen>.json` (a Chrome trace: open it in DevTools' Performance panel or ui.perfetto.dev) and
 * `<folder>/<screen>.cpuprofile` (the main thread's JavaScript, sampled).
 *
 * BENCH_SCREENS_COMPARE=<another build's web/dist>: each measure runs its rounds twice over, this build's
 * and the other's in turn (A B B A …, on one stack, in one page: the host serves the other build to the
 * cookie `build=b`), and prints the other's median under each figure. Two runs one after the other move
 * 20–40 % on the shared machine; rounds side by side tell a change of 10 % apart.
 */

export type ScreenProfile = 'admin' | 'phone' | 'wall';

export interface ScreenFigure {
  key: string;
  label: string;
  targetMs: number;
  /** What the figure is of, after the median ('from navigation', 'longest task while scrolling'). */
  note: string;
}

export interface ScreenContext {
  move: ScreenMove;
  browser: Browser;
  webOrigin: string;
  apiOrigin: string;
  token: string;
  /** The measure's page in its profile (one page for all its rounds), and its CDP session. */
  page: Page;
  cdp: CDPSession;
}

/** One screen: its figures, and a round that measures each of them (milliseconds by figure key). */
export interface ScreenMeasure {
  /** File-safe: names the trace. */
  name: string;
  title: string;
  profile: ScreenProfile;
  figures: ScreenFigure[];
  round(context: ScreenContext): Promise<Record<string, number>>;
}

/** A whole number from the environment, at least `min`: a malformed one stops the bench (NaN rounds printed 0 ms ✓). */
function countFrom(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name}=${raw}: a whole number of at least ${min} is wanted`);
  return value;
}

const ROUNDS = countFrom('BENCH_SCREENS_ROUNDS', 5, 1);
/**
 * Rounds run before the measured ones and printed apart: a team opens these screens every day, in a browser
 * that holds the app's scripts and V8's code for them. A measure's page is a fresh profile, whose first round
 * fetches every chunk and whose second compiles them again without a code cache (traced, issue 56); the
 * wall link's measure clears the cache itself each round, a first open every time.
 */
const WARMUP = countFrom('BENCH_SCREENS_WARMUP', 2, 0);

/** The other build's folder to compare this one with (BENCH_SCREENS_COMPARE), if any. */
export function compareBuild(): string | undefined {
  const raw = process.env.BENCH_SCREENS_COMPARE;
  if (!raw) return undefined;
  const dir = resolve(raw);
  if (!existsSync(join(dir, 'index.html'))) throw new Error(`BENCH_SCREENS_COMPARE=${raw}: not a web build (no index.html in it)`);
  return dir;
}
/** Round i of a comparison runs the other build: A B B A, so that neither always goes first. */
const otherBuildsRound = (i: number) => i % 4 === 1 || i % 4 === 2;
const CPU_SLOWDOWN = 4;
const READY_TIMEOUT_MS = countFrom('BENCH_SCREENS_TIMEOUT_MS', 120_000, 1);
/** DevTools' 'Fast 3G' preset. */
const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.6 * 1024 * 1024 * 0.9) / 8, uploadThroughput: (750 * 1024 * 0.9) / 8 };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** A condition on the page: `selector` matches `count` elements (or at least `min`), each shown when `visible`. */
export interface Wanted {
  selector: string;
  count?: number;
  min?: number;
  /** Every match an <img> that has loaded. */
  loaded?: boolean;
  /**
   * A windowed table's rows (only those in view are drawn): the matches reach the window's bottom edge, or
   * the last of them is its table's last row (its aria-rowindex is the table's aria-rowcount).
   */
  fillsWindow?: boolean;
}

/**
 * In the page: resolves with performance.now() once every wanted condition holds and the page answers
 * (a task posted then, and the frame after it), or a reason after `timeout` ms from `since`. From
 * navigation start when `since` is 0.
 */
export function untilUsable({ wanted, timeout, since }: { wanted: Wanted[]; timeout: number; since: number }): Promise<{ at: number } | { reason: string }> {
  return new Promise((resolve) => {
    const unmet = () =>
      wanted.find((w) => {
        const found = [...document.querySelectorAll(w.selector)];
        if (w.count !== undefined && found.length !== w.count) return true;
        if (w.min !== undefined && found.length < w.min) return true;
        if (w.loaded && found.some((e) => !(e instanceof HTMLImageElement) || !e.complete || e.naturalWidth === 0)) return true;
        if (w.fillsWindow) {
          const last = found.at(-1);
          if (!last) return true;
          const isLast =
            last.getAttribute('aria-rowindex') !== null && last.getAttribute('aria-rowindex') === last.closest('table')?.getAttribute('aria-rowcount');
          if (!isLast && last.getBoundingClientRect().bottom < window.innerHeight) return true;
        }
        return false;
      });
    const check = () => {
      const missing = unmet();
      if (!missing) {
        // Answering input: a task queued now runs once the main thread is free, then a frame shows.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => requestAnimationFrame(() => resolve({ at: performance.now() }));
        channel.port2.postMessage(null);
        return;
      }
      if (performance.now() - since > timeout) {
        const n = document.querySelectorAll(missing.selector).length;
        resolve({
          reason: `${missing.selector}: ${n} found (wanted ${missing.count ?? `≥ ${missing.min ?? 1}`}${missing.loaded ? ', loaded' : ''}${missing.fillsWindow ? ', to the window’s bottom' : ''}) after ${timeout / 1000} s`,
        });
        return;
      }
      setTimeout(check, 16);
    };
    check();
  });
}

/** Navigates and waits for the screen to be usable: milliseconds from navigation start. */
export async function openScreen(page: Page, url: string, wanted: Wanted[]): Promise<number> {
  await page.goto(url, { waitUntil: 'commit' });
  const ready = await page.evaluate(untilUsable, { wanted, timeout: READY_TIMEOUT_MS, since: 0 });
  if ('reason' in ready) throw new Error(`${new URL(url).pathname}${new URL(url).search}: ${ready.reason}`);
  if (process.env.BENCH_SCREENS_PHASES === '1') console.log(`    ${new URL(url).pathname.split('/').at(-1)}: ${await page.evaluate(phasesUntil, ready.at)}`);
  return ready.at;
}

/**
 * In the page (BENCH_SCREENS_PHASES=1): each of the API's reads begun before `usable`, when it left and
 * when it was answered (ms from navigation), to tell a round's wait on the API from its drawing.
 */
function phasesUntil(usable: number): string {
  const reads = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).filter((r) => r.name.includes('/api/v1/') && r.startTime < usable);
  const name = (r: PerformanceResourceTiming) => {
    const { pathname, search } = new URL(r.name);
    return (pathname.split('/').at(-1)!.slice(0, 12) + search).slice(0, 24);
  };
  return `${reads.map((r) => `${name(r)} ${Math.round(r.startTime)}–${Math.round(r.responseEnd)}`).join(', ')}; usable ${Math.round(usable)}`;
}

// ---- The planner's screens and the waves (the planner's engineer) ----------------------------------

/** In the page: the longest task (PerformanceObserver 'longtask') while `scroll` runs. */
async function longestTaskWhile(page: Page, scroll: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { benchLongest: number; benchObserver: PerformanceObserver };
    w.benchLongest = 0;
    w.benchObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.benchLongest = Math.max(w.benchLongest, entry.duration);
    });
    w.benchObserver.observe({ type: 'longtask' });
  });
  await scroll();
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        // The last frame's task reported, then the figure.
        requestAnimationFrame(() =>
          setTimeout(() => {
            const w = window as unknown as { benchLongest: number; benchObserver: PerformanceObserver };
            w.benchObserver.disconnect();
            resolve(w.benchLongest);
          }, 100),
        ),
      ),
  );
}

const peopleStep: ScreenMeasure = {
  name: 'planner-people',
  title: 'planner: people step',
  profile: 'admin',
  figures: [
    { key: 'open', label: 'planner: people step', targetMs: 1500, note: 'from navigation' },
    { key: 'scroll', label: 'planner: people step, scrolling the list', targetMs: 200, note: 'longest task while scrolling to the end' },
  ],
  async round({ page, move }) {
    // Every person is in the table (aria-rowcount), the rows in view drawn (the rest are drawn as they scroll into it).
    const open = await openScreen(page, `${move.urls.planner}?step=people`, [
      { selector: `table[aria-label="People"][aria-rowcount="${move.people + 1}"]`, count: 1 },
      { selector: 'table[aria-label="People"] tbody tr[data-person-id]', fillsWindow: true },
      { selector: 'input[aria-label="Search people"]:not([disabled])', count: 1 },
    ]);
    // Scrolled by 1,000 px a frame until the list's last person is drawn (a quick flick, in the page: a round
    // trip of the bench's a turn took longer than the drawing it measures).
    const scroll = await longestTaskWhile(page, async () => {
      const reached = await page.evaluate(
        ({ selector, turns }) =>
          new Promise<boolean>((resolve) => {
            let turn = 0;
            let at = -1;
            const step = () => {
              if (document.querySelector(selector)) return resolve(true);
              // The page's end reached (or too many turns) without the last person: stop, and say so.
              if (turn++ > turns || window.scrollY === at) return resolve(false);
              at = window.scrollY;
              window.scrollBy(0, 1000);
              requestAnimationFrame(() => setTimeout(step, 0));
            };
            step();
          }),
        { selector: `table[aria-label="People"] tr[aria-rowindex="${move.people + 1}"]`, turns: Math.ceil(move.people / 10) },
      );
      if (!reached) throw new Error('the people step: the last person not drawn after scrolling to the end');
    });
    return { open, scroll };
  },
};

/** The labels step's order sheet (one row a person): the rows in view drawn. */
const labelRowsWanted: Wanted[] = [
  { selector: 'table[aria-label="Label order sheet"] tbody tr[aria-rowindex]', fillsWindow: true },
  { selector: 'button:not([disabled])', min: 1 },
];

const labelsStep: ScreenMeasure = {
  name: 'planner-labels',
  title: 'planner: labels step',
  profile: 'admin',
  figures: [{ key: 'open', label: 'planner: labels step', targetMs: 1500, note: 'from navigation' }],
  async round({ page, move }) {
    return { open: await openScreen(page, `${move.urls.planner}?step=labels`, labelRowsWanted) };
  },
};

/** In the page: from the click on 'Show sticker sheet' until its first page, then all stickers, are ready to print. */
function stickerSheetTimes({ stickers, perPage, timeout }: { stickers: number; perPage: number; timeout: number }) {
  return new Promise<{ first: number; all: number } | { reason: string }>((resolve) => {
    const button = [...document.querySelectorAll('button')].find((b) => b.textContent?.trim() === 'Show sticker sheet');
    if (!button) return resolve({ reason: "no 'Show sticker sheet' button" });
    const started = performance.now();
    let first = 0;
    // A sticker's code is drawn once it is an inline SVG with its path (issue 56; before, an <img> loaded).
    const drawn = (code: Element) => code instanceof SVGSVGElement && Boolean(code.querySelector('path')?.getAttribute('d'));
    const pageReady = (page: Element, wanted: number) => {
      const labels = page.querySelectorAll('.sticker');
      const codes = [...page.querySelectorAll('.sticker-qr')];
      return labels.length === wanted && codes.length === wanted && codes.every(drawn);
    };
    const answered = (then: (at: number) => void) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => requestAnimationFrame(() => then(performance.now()));
      channel.port2.postMessage(null);
    };
    const check = () => {
      const pages = [...document.querySelectorAll('.sticker-sheet .sticker-page')];
      if (!first && pages[0] && pageReady(pages[0], Math.min(perPage, stickers))) {
        answered((at) => {
          first = at - started;
          check();
        });
        return;
      }
      if (first && pages.length === Math.ceil(stickers / perPage) && pages.every((p, i) => pageReady(p, Math.min(perPage, stickers - i * perPage)))) {
        answered((at) => resolve({ first, all: at - started }));
        return;
      }
      if (performance.now() - started > timeout) {
        const shown = document.querySelectorAll('.sticker-sheet .sticker').length;
        const codes = [...document.querySelectorAll('.sticker-sheet .sticker-qr')].filter(drawn).length;
        return resolve({ reason: `${shown} stickers, ${codes} QR codes shown after ${timeout / 1000} s` });
      }
      setTimeout(check, 50);
    };
    button.click();
    check();
  });
}

const stickerSheet: ScreenMeasure = {
  name: 'planner-stickers',
  title: 'planner: sticker sheet',
  profile: 'admin',
  figures: [
    { key: 'first', label: "planner: sticker sheet's first page", targetMs: 2000, note: "from the click on 'Show sticker sheet'" },
    { key: 'all', label: 'planner: every sticker ready to print', targetMs: 10_000, note: 'from the same click' },
  ],
  async round({ page, move }) {
    await openScreen(page, `${move.urls.planner}?step=labels`, labelRowsWanted);
    // The default layout, 3 × 8. The QR codes are made in a Web Worker, which CDP's CPU throttling does
    // not reach (Chromium 156: 'only supported for pages, not workers'): their ≈ 1 ms each run at full speed.
    const times = await page.evaluate(stickerSheetTimes, { stickers: move.stickers, perPage: 24, timeout: READY_TIMEOUT_MS });
    if ('reason' in times) throw new Error(`sticker sheet: ${times.reason}`);
    return times;
  },
};

const wavesScreen: ScreenMeasure = {
  name: 'waves',
  title: 'waves screen',
  profile: 'admin',
  figures: [{ key: 'open', label: 'waves screen', targetMs: 1000, note: 'from navigation' }],
  async round({ page, move }) {
    return { open: await openScreen(page, move.urls.waves, [{ selector: 'tr[data-wave]', count: move.waves.length }]) };
  },
};

/** The planner's and the waves' screens. */
export const plannerScreens: ScreenMeasure[] = [peopleStep, labelsStep, stickerSheet, wavesScreen];

// ---- Move day and the person's page: screensMoveDay.ts (it imports this harness; the bench hands its
// measures to `benchScreens` after these) ------------------------------------------------------------

/** Every screen of this file measured by `BENCH_ONLY=screens`, in this order. */
export const screenMeasures: ScreenMeasure[] = [...plannerScreens];

// ---- The harness -------------------------------------------------------------------------------------

async function pageFor(profile: ScreenProfile, browser: Browser, move: ScreenMove): Promise<{ page: Page; cdp: CDPSession }> {
  let page: Page;
  if (profile === 'admin') page = await move.signIn(browser);
  else {
    const context = await browser.newContext(
      profile === 'phone'
        ? { ignoreHTTPSErrors: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }
        : { ignoreHTTPSErrors: true, viewport: { width: 1366, height: 768 } },
    );
    // tsx keeps function names with a helper that the functions handed to page.evaluate call.
    await context.addInitScript('globalThis.__name = (f) => f');
    page = await context.newPage();
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  if (profile === 'phone') {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
  }
  return { page, cdp };
}

/** Runs `work` with a Chrome trace and a CPU profile of the page, written into `folder` as `name`.json and .cpuprofile. */
async function traced<T>(cdp: CDPSession, folder: string, name: string, work: () => Promise<T>): Promise<T> {
  const events: unknown[] = [];
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  const collect = (event: { value: unknown[] }) => events.push(...event.value);
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
  await cdp.send('Profiler.start');
  await cdp.send('Tracing.start', {
    categories: 'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,blink,toplevel,loading',
    transferMode: 'ReportEvents',
  });
  try {
    return await work();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `${name}.json`), JSON.stringify({ traceEvents: events }));
    writeFileSync(join(folder, `${name}.cpuprofile`), JSON.stringify(profile));
  }
}

export interface ScreenResult {
  measure: ScreenMeasure;
  values: Record<string, number[]>;
  /** The unmeasured rounds' figures, by figure key. */
  warmup: Record<string, number[]>;
  /** The other build's figures, by figure key (BENCH_SCREENS_COMPARE). */
  other?: Record<string, number[]>;
  failed?: string;
  trace?: string;
}

/** Each measure's rounds in its own page; a screen over its target traced once more when BENCH_SCREENS_TRACE names a folder. */
export async function measureScreens(options: {
  apiOrigin: string;
  webOrigin: string;
  token: string;
  move: ScreenMove;
  measures?: ScreenMeasure[];
  /** The host serves another build to the cookie `build=b` (BENCH_SCREENS_COMPARE): its rounds run between these. */
  compare?: boolean;
  onResult?: (result: ScreenResult) => void;
}): Promise<ScreenResult[]> {
  const traceFolder = process.env.BENCH_SCREENS_TRACE;
  const only = process.env.BENCH_SCREENS_ONLY?.split(',');
  const measures = (options.measures ?? screenMeasures).filter((m) => !only || only.includes(m.name));
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--ignore-certificate-errors'] });
  const results: ScreenResult[] = [];
  try {
    for (const measure of measures) {
      const values: Record<string, number[]> = Object.fromEntries(measure.figures.map((f) => [f.key, []]));
      const warmup: Record<string, number[]> = Object.fromEntries(measure.figures.map((f) => [f.key, []]));
      const other = options.compare ? Object.fromEntries(measure.figures.map((f) => [f.key, [] as number[]])) : undefined;
      const result: ScreenResult = { measure, values, warmup, other };
      const { page, cdp } = await pageFor(measure.profile, browser, options.move);
      const context: ScreenContext = { ...options, browser, page, cdp };
      try {
        for (let i = 0; i < WARMUP + ROUNDS * (other ? 2 : 1); i++) {
          const otherBuild = other !== undefined && otherBuildsRound(i);
          if (other) await page.context().addCookies([{ name: 'build', value: otherBuild ? 'b' : 'a', url: options.webOrigin }]);
          const round = await measure.round(context);
          const into = i < WARMUP ? warmup : otherBuild ? other! : values;
          for (const figure of measure.figures) into[figure.key]!.push(round[figure.key] ?? Number.NaN);
        }
        if (other) await page.context().clearCookies({ name: 'build' });
        const over = measure.figures.some((f) => median(values[f.key]!) > f.targetMs);
        if (traceFolder && over) {
          await traced(cdp, traceFolder, measure.name, () => measure.round(context));
          result.trace = join(traceFolder, `${measure.name}.json`);
        }
      } catch (error) {
        result.failed = (error as Error).message.split('\n')[0]!;
      } finally {
        await page.context().close();
      }
      results.push(result);
      options.onResult?.(result);
    }
  } finally {
    await browser.close();
  }
  return results;
}

/** One line a figure: its median and rounds, its target, ✓ or ✗. */
export function printScreenResult(result: ScreenResult) {
  for (const figure of result.measure.figures) {
    const values = result.values[figure.key] ?? [];
    if (result.failed && values.length === 0) {
      console.log(`  ${figure.label.padEnd(44)}     — not measured (${result.failed}); target ≤ ${figure.targetMs} ms ✗`);
      continue;
    }
    const m = median(values);
    const mark = m <= figure.targetMs ? '✓' : '✗';
    const notCounted = result.warmup[figure.key] ?? [];
    console.log(
      `  ${figure.label.padEnd(44)} ${m.toFixed(0).padStart(6)} ms ${mark} target ≤ ${figure.targetMs} ms; ${figure.note}, median of ${values.length} (${values.map((v) => v.toFixed(0)).join(', ')})` +
        (notCounted.length ? `, after ${notCounted.length} not counted (${notCounted.map((v) => v.toFixed(0)).join(', ')})` : ''),
    );
    const other = result.other?.[figure.key];
    if (other?.length)
      console.log(
        `  ${'  the other build (BENCH_SCREENS_COMPARE)'.padEnd(44)} ${median(other).toFixed(0).padStart(6)} ms   ${((median(other) / m - 1) * 100).toFixed(0)} % against this build, in rounds between its own (${other.map((v) => v.toFixed(0)).join(', ')})`,
      );
  }
  if (result.failed && Object.values(result.values).some((v) => v.length > 0)) console.log(`    stopped: ${result.failed}`);
  if (result.trace) console.log(`    trace: ${result.trace} (and .cpuprofile)`);
}

/** Makes the move, measures every screen, prints. */
export async function benchScreens(options: {
  apiOrigin: string;
  webOrigin: string;
  token: string;
  clientId: string;
  measures?: ScreenMeasure[];
  compare?: boolean;
}) {
  const move = await makeScreenMove({ ...options, people: screenPeople() });
  const [load1, load5] = (await import('node:os')).loadavg();
  console.log(
    `\nScreens a team waits for: a move of ${move.people.toLocaleString('en')} people on ${move.floors.length} floors (${move.seats.toLocaleString('en')} seats), ` +
      `${move.waves.length} waves, ${move.crates} crates each (${move.stickers.toLocaleString('en')} stickers), ${move.arrived} arrived; made in ${move.setupSeconds.toFixed(0)} s. ` +
      `Chromium, 4× CPU slowdown; load average ${load1!.toFixed(1)} (5 min ${load5!.toFixed(1)}):`,
  );
  await measureScreens({ ...options, move, onResult: printScreenResult });
}
