import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { ScreenMove } from './screenMove.ts';
import { throttleServiceWorkers } from './weakNetwork.ts';

/**
 * The move-day and person's screens of the screens bench (issue 56), on the bench's move (screenMove.ts),
 * each from navigation to usable, median of 5, in Chromium:
 *
 * - the move-day board at 4× CPU slowdown (the team's laptop on battery): the arrivals drawn, the busiest
 *   floor's seats on the plan, the not-arrived search answering;
 * - a refresh of the board (10 s later, one person arrived): the main thread's task time from the timer to the
 *   count shown (CDP `TaskDuration`), 4× CPU;
 * - the wall link's first open (a browser that never saw the site), 4× CPU: the count, the floor's seats and
 *   its plan drawn;
 * - who-is-not-here searched as one types (a name of 2,000, 120 ms between keys), 4× CPU: each keystroke's
 *   time from the key to the frame showing its answer (the Event Timing API, as INP measures it);
 * - the person's own page on a mid-range phone (4× CPU, fast 3G), a repeat visit (the site's worker
 *   installed): greeting, 'I'm here' and the seat's plan drawn;
 * - the seat letters of one wave (of 10) queued (`POST /v1/moves/{moveId}/seat-letters`), an API figure.
 *
 * BENCH_SCREENS_TRACE=<folder> writes a Chrome trace (`moveday-<screen>.json`: network, script, style,
 * layout, paint) of one more load of each screen, to open in DevTools' Performance panel.
 */
export const MOVE_DAY_SCREEN_TARGETS = { boardMs: 1500, refreshMs: 100, wallMs: 2000, keystrokeMs: 100, personMs: 1500, waveLettersMs: 1000 } as const;

/** DevTools' 'Fast 3G' (Lighthouse's mobile): 562.5 ms round trips, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };
const CPU_SLOWDOWN = 4;
const ROUNDS = 5;
const TIMEOUT_MS = 60_000;

export interface MoveDayScreenFigures {
  boardMs: number[];
  refreshMs: number[];
  wallMs: number[];
  /** Each round's slowest keystroke, and every keystroke measured. */
  keystrokeMs: number[];
  keystrokes: number[];
  personMs: number[];
  waveLettersMs: number[];
  waveLetters: number;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const traceFolder = process.env.BENCH_SCREENS_TRACE;

/** Records a Chrome trace of `work` into the trace folder, when one is given. */
async function traced(cdp: CDPSession, name: string, work: () => Promise<unknown>) {
  if (!traceFolder) return;
  const events: unknown[] = [];
  const collect = (event: { value: unknown[] }) => events.push(...event.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    categories:
      'devtools.timeline,disabled-by-default-devtools.timeline,disabled-by-default-devtools.timeline.frame,v8.execute,blink,loading,netlog,toplevel,disabled-by-default-v8.cpu_profiler',
    transferMode: 'ReportEvents',
  });
  try {
    await work();
  } finally {
    await cdp.send('Tracing.end');
    await complete;
    cdp.off('Tracing.dataCollected', collect);
    mkdirSync(traceFolder, { recursive: true });
    writeFileSync(join(traceFolder, `moveday-${name}.json`), JSON.stringify({ traceEvents: events }));
  }
}

/**
 * In the page, from its start: the first frame at which `ready` (a function's source, run each frame) holds,
 * in ms since navigation start. Installed before any of the page's scripts run.
 */
function whenUsable(ready: string) {
  return `(() => {
    const ready = ${ready};
    window.__usable = new Promise((resolve) => {
      const check = () => {
        let ok = false;
        try { ok = ready(); } catch {}
        if (ok) requestAnimationFrame(() => resolve(performance.now()));
        else requestAnimationFrame(check);
      };
      requestAnimationFrame(check);
    });
  })();`;
}

const usableAt = (page: Page) =>
  page
    .waitForFunction(() => (window as unknown as { __usable: Promise<number> }).__usable, null, { timeout: TIMEOUT_MS })
    .then((h) => h.jsonValue() as Promise<number>);

/** The board usable: the arrivals counted, the plan's seats drawn, who-is-not-here searchable. */
const BOARD_READY = `() => !!document.querySelector('[data-testid=move-day-arrived]')
  && document.querySelectorAll('[data-testid=move-day-plan] button[data-state]').length > 0
  && !!document.querySelector('section[aria-labelledby=move-day-not-arrived] input')`;
/** The wall usable: the count, a floor's seats and its plan drawn. */
const WALL_READY = `() => !!document.querySelector('[data-testid=wall-arrived]')
  && document.querySelectorAll('[data-testid=wall-floor] [data-state]').length > 0
  && [...document.querySelectorAll('[data-testid=wall-floor] img')].some((i) => i.complete && i.naturalWidth > 0)`;
/** The person's page usable: 'I'm here' to press and the seat's plan drawn. */
const PERSON_READY = `() => [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === "I'm here" && !b.disabled)
  && [...document.querySelectorAll('.v-plan-content img')].some((i) => i.complete && i.naturalWidth > 0)`;

async function slowed(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/** The board, opened five times in a signed-in tab (the app's own scripts cached after the first). */
export async function measureBoard(browser: Browser, move: ScreenMove) {
  const page = await move.signIn(browser);
  await page.context().addInitScript(whenUsable(BOARD_READY));
  const cdp = await slowed(page.context(), page);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await page.goto(move.urls.moveDay, { waitUntil: 'commit' });
    times.push(await usableAt(page));
  }
  await traced(cdp, 'board', async () => {
    await page.goto(move.urls.moveDay, { waitUntil: 'commit' });
    await usableAt(page);
  });
  return { page, cdp, times };
}

/**
 * Who-is-not-here searched as one types: `query` typed key by key (120 ms apart), five times; each keystroke's
 * time is the longest Event Timing entry of its interaction (key down to the next frame painted).
 */
export async function measureNotHereSearch(page: Page, cdp: CDPSession, query: string) {
  const box = page.locator('section[aria-labelledby=move-day-not-arrived]').getByRole('searchbox');
  const rounds: number[][] = [];
  const work = async () => {
    await box.fill('');
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      const w = window as unknown as { __keys: Map<number, number>; __observer?: PerformanceObserver };
      w.__keys = new Map();
      w.__observer?.disconnect();
      w.__observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[]) {
          if (!entry.interactionId) continue;
          w.__keys.set(entry.interactionId, Math.max(w.__keys.get(entry.interactionId) ?? 0, entry.duration));
        }
      });
      w.__observer.observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit);
    });
    await box.focus();
    await page.keyboard.type(query, { delay: 120 });
    await page.waitForTimeout(1000);
    const measured = await page.evaluate(() => [...(window as unknown as { __keys: Map<number, number> }).__keys.values()]);
    // A keystroke under 16 ms leaves no entry: counted as 16.
    return [...measured, ...Array(Math.max(0, query.length - measured.length)).fill(16)] as number[];
  };
  for (let round = 0; round < ROUNDS; round++) rounds.push(await work());
  await traced(cdp, 'search', work);
  await box.fill('');
  return { slowest: rounds.map((r) => Math.max(...r)), all: rounds.flat() };
}

/**
 * A refresh of the open board: one person arrives (`arrive(i)`), then the page's refresh timer is moved on
 * 10 s; the main thread's task time until the board's count says so. The page's clock is Playwright's.
 */
export async function measureBoardRefresh(browser: Browser, move: ScreenMove, arrive: (round: number) => Promise<void>) {
  const page = await move.signIn(browser);
  await page.clock.install();
  await page.goto(move.urls.moveDay);
  const counted = page.getByTestId('move-day-arrived');
  await counted.waitFor({ timeout: TIMEOUT_MS });
  await page.locator('[data-testid=move-day-plan] button[data-state]').first().waitFor({ timeout: TIMEOUT_MS });
  const cdp = await slowed(page.context(), page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
  const times: number[] = [];
  const once = async (round: number) => {
    const before = (await counted.textContent()) ?? '';
    await arrive(round);
    await page.clock.runFor(1000);
    const started = await taskSeconds();
    await page.clock.fastForward(10_000);
    await page.waitForFunction((text) => document.querySelector('[data-testid=move-day-arrived]')?.textContent !== text, before, { timeout: TIMEOUT_MS });
    // The rest of the refresh (the map, the chart, who is not here) drawn: the main thread quiet for a moment.
    await page.waitForTimeout(1500);
    return ((await taskSeconds()) - started) * 1000;
  };
  for (let round = 0; round < ROUNDS; round++) times.push(await once(round));
  await traced(cdp, 'refresh', () => once(ROUNDS));
  await page.context().close();
  return times;
}

/** The wall link's first open: each time in a new browser context (nothing cached, no worker), 1920 × 1080. */
export async function measureWallFirstOpen(browser: Browser, move: ScreenMove) {
  const open = async (trace?: string) => {
    const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1920, height: 1080 } });
    await context.addInitScript(whenUsable(WALL_READY));
    const page = await context.newPage();
    const cdp = await slowed(context, page);
    let at = 0;
    const go = async () => {
      await page.goto(move.urls.wall, { waitUntil: 'commit' });
      at = await usableAt(page);
    };
    if (trace) await traced(cdp, trace, go);
    else await go();
    await context.close();
    return at;
  };
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) times.push(await open());
  if (traceFolder) await open('wall');
  return times;
}

/**
 * The person's own page on a mid-range phone (412 × 915, 4× CPU, fast 3G for the page and its worker), a
 * repeat visit: the personal link opened once (signed in, the site's worker installed and its saved
 * copies made), then `/{path}/me` opened again five times.
 */
export async function measurePersonPage(browser: Browser, move: ScreenMove) {
  const workers = await throttleServiceWorkers(browser, FAST_3G);
  const keepThrottled = setInterval(() => void workers.set().catch(() => undefined), 100);
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true, locale: 'en-GB' });
  try {
    await context.addInitScript(whenUsable(PERSON_READY));
    const page = await context.newPage();
    await page.goto(move.urls.personal);
    await usableAt(page);
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: TIMEOUT_MS });
    // The worker's saved copies (the page, the floors, the plan's image) made: the first visit's answers kept.
    await page.reload();
    await usableAt(page);
    await page.waitForTimeout(2000);
    const cdp = await slowed(context, page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', FAST_3G);
    const url = `${new URL(move.urls.personal).origin}/${move.path}/me`;
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await page.goto(url, { waitUntil: 'commit' });
      times.push(await usableAt(page));
      await page.waitForTimeout(500);
    }
    await traced(cdp, 'person', async () => {
      await page.goto(url, { waitUntil: 'commit' });
      await usableAt(page);
    });
    return times;
  } finally {
    clearInterval(keepThrottled);
    await context.close();
    await workers.stop();
  }
}

/** The seat letters of the first wave queued, five times (each queues the wave's letters again). */
export async function measureWaveLettersQueued(options: { apiOrigin: string; token: string; move: ScreenMove }) {
  const times: number[] = [];
  let queued = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    const answer = await fetch(`${options.apiOrigin}/api/v1/moves/${options.move.moveId}/seat-letters`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ scope: 'all', waveId: options.move.waves[0]!.id }),
    });
    if (!answer.ok) throw new Error(`seat letters: ${answer.status} ${await answer.text()}`);
    queued = ((await answer.json()) as { queued: number }).queued;
    times.push(performance.now() - started);
  }
  return { times, queued };
}

/** One line a figure: what, the median, its target, ✓ or ✗, and the five. */
export function moveDayScreenLines(f: MoveDayScreenFigures, move: Pick<ScreenMove, 'people'>): string[] {
  const t = MOVE_DAY_SCREEN_TARGETS;
  const line = (label: string, values: number[], target: number, note = '') => {
    const m = median(values);
    return `  ${label.padEnd(58)} ${String(Math.round(m)).padStart(6)} ms (target ≤ ${target} ms) ${m <= target ? '✓' : '✗'}  [${values.map((v) => Math.round(v)).join(', ')}]${note}`;
  };
  return [
    line('move day: the board usable (4× CPU)', f.boardMs, t.boardMs),
    line('move day: a refresh, main-thread time (4× CPU)', f.refreshMs, t.refreshMs),
    line('move day: the wall link, first open (4× CPU)', f.wallMs, t.wallMs),
    line(
      `who-is-not-here searched as one types, slowest key (${move.people.toLocaleString('en')})`,
      f.keystrokeMs,
      t.keystrokeMs,
      `; every key: median ${Math.round(median(f.keystrokes))} ms`,
    ),
    line("the person's own page, repeat visit (4× CPU, fast 3G)", f.personMs, t.personMs),
    line(`seat letters: one wave's ${f.waveLetters} queued (API)`, f.waveLettersMs, t.waveLettersMs),
  ];
}
