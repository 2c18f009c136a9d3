import { type MoveDayMap, type MoveDayReport, openCategoriesOf, type ReportCategory, reportCategories, seatStateOf } from '@movers/contracts';
import { type Browser, chromium, type Page, type Route } from 'playwright-core';
import { floorPlanPng } from '../png.ts';
import { chromiumArgs, chromiumPath } from '../testing/chromium.ts';
import { moveInput } from '../testing/moveInput.ts';

/**
 * Move day on the map (issue 49), in Chromium with the built admin app: a day of 5,000 people on 12 floors
 * (the busiest 600 seats), 2,000 arrived and 300 reports. The map's answers are made here (each read a
 * few more arrivals and a report changed, as a busy morning brings them) and given to the page in place
 * of the API's for a real move of the team's, so that figures about drawing are not figures about the
 * local Cosmos emulator; the board's other reads and the plan's image are the API's own.
 *
 * - the busiest floor's plan drawn: from choosing it to the frame showing its 600 seats, 4× CPU slowdown;
 * - a refresh applied: the main thread's task time (CDP `Performance.getMetrics` TaskDuration) from the
 *   refresh timer firing to the changed seat shown, 4× CPU slowdown, median of 10;
 * - the wall's JS heap after 2 hours of refreshes (720 reads, the page's clock driven by Playwright's
 *   fake clock, floors turning every 15 s), after a garbage collection, against where it started.
 */
export const MOVE_DAY_MAP_TARGETS = { drawMs: 500, refreshMs: 100, heapGrowthMb: 10 } as const;

export interface MoveDayMapFigures {
  seats: number;
  floors: number;
  drawMs: number[];
  refreshMs: number[];
  heapStartMb: number;
  heapEndMb: number;
  refreshes: number;
  simulatedHours: number;
}

const FLOORS = 12;
const PEOPLE = 5000;
const BUSIEST = 600;
const BUSIEST_INDEX = 6;
const ARRIVED = 2000;
const REPORTS = 300;
const REFRESH_MS = 10_000;
/** BENCH_DAYMAP_HOURS: hours of the wall's refreshes (2 by default; 0 skips the wall). */
const WALL_HOURS = Number(process.env.BENCH_DAYMAP_HOURS ?? 2);

interface Person {
  personId: string;
  name: string;
  floor: number;
  seat: number;
  arrivedAt: string | null;
}

/** The day as the API would answer it, changed a little at each read. */
class Day {
  readonly people: Person[] = [];
  readonly reports: MoveDayReport[] = [];
  readonly floorSeats: number[] = [];
  generation = 0;
  private clock = Date.parse('2026-11-28T07:00:00Z');

  constructor(readonly moveId: string) {
    const others = Math.floor((PEOPLE - BUSIEST) / (FLOORS - 1));
    for (let f = 0; f < FLOORS; f++) this.floorSeats.push(f === BUSIEST_INDEX ? BUSIEST : f === FLOORS - 1 ? PEOPLE - BUSIEST - others * (FLOORS - 2) : others);
    for (let f = 0; f < FLOORS; f++)
      for (let s = 0; s < this.floorSeats[f]; s++)
        this.people.push({ personId: `p-${f}-${s}`, name: `Person ${f + 1}-${s + 1}`, floor: f, seat: s, arrivedAt: null });
    // Every other person of each floor's first ones arrived; the busiest floor's later seats still expected.
    for (let i = 0; i < ARRIVED; i++) this.people[(i * 7) % PEOPLE].arrivedAt = this.tick();
    for (let i = 0; i < REPORTS; i++) this.report(this.people[(i * 13 + 5) % PEOPLE]);
  }

  private tick() {
    this.clock += 1000;
    return new Date(this.clock).toISOString();
  }

  private report(person: Person) {
    const at = this.tick();
    const category = reportCategories[this.reports.length % reportCategories.length] as ReportCategory;
    this.reports.unshift({
      id: `r-${this.reports.length}`,
      moveId: this.moveId,
      personId: person.personId,
      personName: person.name,
      seat: {
        floorId: floorId(person.floor),
        floor: String(person.floor + 1),
        space: String(100 + person.seat),
        table: null,
        markerId: markerId(person),
        positionX: 0,
        positionY: 0,
      },
      category,
      text: `Something at seat ${person.seat}`,
      status: 'new',
      assigneeId: null,
      answer: '',
      answeredAt: null,
      photo: null,
      createdAt: at,
      updatedAt: at,
      etag: `"${at}"`,
    });
  }

  /**
   * The next read: one more arrival on the busiest floor (the seat the page is watched for) and two
   * elsewhere, one report moved on a status; a new report every 6th read. Answers the seat to watch.
   */
  next(): string | null {
    this.generation += 1;
    let watched: string | null = null;
    const waiting = this.people.filter((p) => !p.arrivedAt);
    const busy = waiting.find((p) => p.floor === BUSIEST_INDEX);
    if (busy) {
      busy.arrivedAt = this.tick();
      if (!this.reports.some((r) => r.personId === busy.personId)) watched = markerId(busy);
    }
    for (const p of waiting.filter((p) => p.floor !== BUSIEST_INDEX).slice(0, 2)) p.arrivedAt = this.tick();
    const moved = this.reports[this.generation % this.reports.length];
    moved.status = moved.status === 'new' ? 'inProgress' : moved.status === 'inProgress' ? 'resolved' : 'new';
    moved.updatedAt = this.tick();
    if (this.generation % 6 === 0) this.report(this.people[(this.generation * 31) % PEOPLE]);
    return watched;
  }

  /** The clock at each version answered: a `since` read answers what is newer, as the API does (nothing is taken back here). */
  private readonly versions = new Map<string, number>();

  /** The whole map, or, for a version it answered, only the seats and reports changed since (the API's `changesSince`). */
  answer(since: string | null): MoveDayMap {
    const map = this.map();
    const upTo = since === null ? undefined : this.versions.get(since);
    if (upTo === undefined) return map;
    const newer = (at: string | null) => at !== null && Date.parse(at) > upTo;
    const changedReports = new Set(map.reports.filter((r) => newer(r.updatedAt)).map((r) => r.id));
    const changedPeople = new Set([
      ...this.people.filter((p) => newer(p.arrivedAt)).map((p) => p.personId),
      ...map.reports.filter((r) => changedReports.has(r.id)).map((r) => r.personId),
    ]);
    return {
      ...map,
      floors: map.floors.map((floor) => ({ ...floor, seats: floor.seats.filter((seat) => seat.people.some((p) => changedPeople.has(p.personId))) })),
      reports: map.reports.filter((r) => changedReports.has(r.id)),
      changesOnly: true,
    };
  }

  map(): MoveDayMap {
    const version = `${Buffer.from(String(this.clock)).toString('base64url')}.g${this.generation}`;
    this.versions.set(version, this.clock);
    const reportsOf = new Map<string, MoveDayReport[]>();
    for (const r of this.reports) reportsOf.set(r.personId, [...(reportsOf.get(r.personId) ?? []), r]);
    const columns = 30;
    return {
      floors: this.floorSeats.map((count, f) => {
        const people = this.people.filter((p) => p.floor === f);
        return {
          floorId: floorId(f),
          floor: String(f + 1),
          image: { version: 'bench', width: 1600, height: 1000 },
          expected: count,
          arrived: people.filter((p) => p.arrivedAt).length,
          seats: people.map((p) => {
            const reports = reportsOf.get(p.personId) ?? [];
            return {
              markerId: markerId(p),
              space: String(100 + p.seat),
              table: null,
              positionX: 3 + ((p.seat % columns) / columns) * 94,
              positionY: 4 + (Math.floor(p.seat / columns) / Math.ceil(count / columns)) * 92,
              state: seatStateOf([p], reports),
              categories: openCategoriesOf(reports, reportCategories),
              people: [{ personId: p.personId, name: p.name, arrivedAt: p.arrivedAt }],
            };
          }),
        };
      }),
      reports: this.reports,
      lastChange: new Date(this.clock).toISOString(),
      version,
      changesOnly: false,
    };
  }
}

const floorId = (f: number) => `bench-floor-${String(f + 1).padStart(2, '0')}`;
const markerId = (p: Person) => `bench-seat-${p.floor}-${p.seat}`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The map's answers from `day`, with the real answer's headers (CORS among them); the plans from the real floor's image. */
async function serveDay(page: Page, day: Day, realFloorImage: string) {
  let served = 0;
  // The query (`since`, `wave`) is part of the address: matched on the path.
  await page.route(/\/api\/v1\/moves\/[^/]+\/move-day\/map(\?|$)/, async (route: Route) => {
    const body = JSON.stringify(day.answer(new URL(route.request().url()).searchParams.get('since')));
    const headers = { ...route.request().headers() };
    delete headers['if-none-match'];
    const response = await route.fetch({ headers });
    const answer: Record<string, string> = {
      ...response.headers(),
      'content-type': 'application/json; charset=utf-8',
      etag: `"bench-${day.generation}-${served}"`,
    };
    delete answer['content-length'];
    delete answer['content-encoding'];
    served += 1;
    await route.fulfill({ status: 200, headers: answer, body });
  });
  await page.route('**/api/v1/layouts/*/image*', async (route: Route) => {
    const response = await route.fetch({ url: realFloorImage });
    await route.fulfill({ response });
  });
  return {
    advance: () => {
      return day.next();
    },
    served: () => served,
  };
}

async function signedInPage(browser: Browser, webOrigin: string) {
  const context = await browser.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1920, height: 1080 } });
  // tsx keeps function names with a helper that the functions handed to page.evaluate call.
  await context.addInitScript('globalThis.__name = (f) => f');
  const page = await context.newPage();
  await page.goto(`${webOrigin}/`);
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await (await popupOpened).getByRole('button', { name: /staff@movers\.test/ }).click();
  await page.waitForURL((u) => u.pathname === '/admin');
  return page;
}

/** In the page: from the click on the floor's option to the frame that shows all its seats. */
async function drawFloor({ option, seats }: { option: string; seats: number }) {
  const started = performance.now();
  const element = [...document.querySelectorAll<HTMLElement>('[role=option]')].find((o) => o.textContent?.trim() === option);
  if (!element) throw new Error(`no option ${option}`);
  element.click();
  while (document.querySelectorAll('[data-testid=move-day-plan] button[data-state]').length !== seats) {
    if (performance.now() - started > 60_000) throw new Error('the floor was not drawn');
    await new Promise(requestAnimationFrame);
  }
  await new Promise(requestAnimationFrame);
  return performance.now() - started;
}

export async function measureMoveDayMap(options: { apiOrigin: string; webOrigin: string; token: string; clientId: string }): Promise<MoveDayMapFigures> {
  const api = `${options.apiOrigin}/api`;
  const auth = { Authorization: `Bearer ${options.token}` };
  const staff = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const tag = Date.now().toString(36);
  const location = await staff('POST', `/v1/clients/${options.clientId}/locations`, {
    name: `Zz Day map ${tag}`,
    address: 'Benkveien 3',
    city: 'Oslo',
    countryId: 'NO',
    isOffice: true,
  });
  const move = await staff('POST', `/v1/locations/${location.id}/moves`, moveInput(`zz-daymap-${tag}`));
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'large', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(1600, 1000))], { type: 'image/png' }), 'plan.png');
  const floorResponse = await fetch(`${api}/v1/moves/${move.id}/layouts`, { method: 'POST', headers: auth, body: form });
  const floor = (await floorResponse.json()) as { id: string; image: { version: string } };
  const realImage = `${api}/v1/layouts/${floor.id}/image?v=${encodeURIComponent(floor.image.version)}`;

  const day = new Day(move.id);
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...chromiumArgs, '--ignore-certificate-errors'] });
  try {
    const page = await signedInPage(browser, options.webOrigin);
    const serving = await serveDay(page, day, realImage);
    // The page's timers from here on are Playwright's: a refresh comes when the bench moves the clock.
    await page.clock.install();
    await page.goto(`${options.webOrigin}/admin/clients/${options.clientId}/${location.id}/${move.id}/move-day`);
    await page.getByRole('heading', { name: 'on the plan' }).waitFor({ timeout: 60_000 });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });

    // The busiest floor drawn, three times (from another floor each time).
    const drawMs: number[] = [];
    for (let round = 0; round < 3; round++) {
      await page.getByRole('combobox', { name: 'floor shown' }).click();
      await page.getByRole('option', { name: String(round + 1), exact: true }).click();
      await page.locator('[data-testid=move-day-plan] button[data-state]').first().waitFor();
      await page.getByRole('combobox', { name: 'floor shown' }).click();
      await page.getByRole('option', { name: String(BUSIEST_INDEX + 1), exact: true }).waitFor();
      drawMs.push(await page.evaluate(drawFloor, { option: String(BUSIEST_INDEX + 1), seats: BUSIEST }));
    }

    // Refreshes on the busiest floor: main-thread time from the timer to the watched seat turned.
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration')?.value ?? 0;
    const refreshMs: number[] = [];
    // Where a refresh's time goes: BENCH_DAYMAP_PROFILE=file writes a CPU profile (.cpuprofile) of the ten
    // refreshes, BENCH_DAYMAP_TRACE=file their Chrome trace (style, layout, paint beside the script).
    const profilePath = process.env.BENCH_DAYMAP_PROFILE;
    if (profilePath) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
    }
    const tracePath = process.env.BENCH_DAYMAP_TRACE;
    const traceEvents: unknown[] = [];
    const traced = new Promise<void>((resolve) => cdp.on('Tracing.tracingComplete', () => resolve()));
    if (tracePath) {
      cdp.on('Tracing.dataCollected', (event: { value: unknown[] }) => traceEvents.push(...event.value));
      await cdp.send('Tracing.start', {
        categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink,toplevel',
        transferMode: 'ReportEvents',
      });
    }
    while (refreshMs.length < 10) {
      const watched = serving.advance();
      if (!watched) continue;
      // Watched from inside the page by a MutationObserver: no polling of the page's own adds to what is measured.
      const turned = page.evaluate(
        (id) =>
          new Promise<void>((resolve) => {
            const arrived = () => document.getElementById(`move-day-seat-${id}`)?.getAttribute('data-state') === 'arrived';
            const observer = new MutationObserver(() => {
              if (!arrived()) return;
              observer.disconnect();
              resolve();
            });
            observer.observe(document.querySelector('[data-testid=move-day-plan]')!, { attributes: true, subtree: true, attributeFilter: ['data-state'] });
          }),
        watched,
      );
      const before = await taskSeconds();
      await page.clock.fastForward(REFRESH_MS);
      await Promise.race([turned, new Promise((_, reject) => setTimeout(() => reject(new Error('a refresh was not shown within 60 s')), 60_000).unref())]);
      refreshMs.push(((await taskSeconds()) - before) * 1000);
    }
    if (tracePath) {
      await cdp.send('Tracing.end');
      await traced;
      (await import('node:fs')).writeFileSync(tracePath, JSON.stringify(traceEvents));
    }
    if (profilePath) {
      const { profile } = await cdp.send('Profiler.stop');
      (await import('node:fs')).writeFileSync(profilePath, JSON.stringify(profile));
    }
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    // The wall, for two hours of refreshes.
    await page.getByRole('button', { name: 'Wall mode' }).click();
    await page.getByTestId('wall-arrived').waitFor();
    const arrivedText = async () => page.getByTestId('wall-arrived').textContent();
    const refreshOnce = async () => {
      serving.advance();
      const served = serving.served();
      await page.clock.fastForward(REFRESH_MS);
      const wanted = day.map();
      const arrived = wanted.floors.reduce((n, f) => n + f.arrived, 0);
      for (let i = 0; i < 600 && (serving.served() === served || (await arrivedText()) !== `arrived ${arrived} of ${PEOPLE}`); i++)
        await page.waitForTimeout(25);
    };
    for (let i = 0; i < 5; i++) await refreshOnce();
    const heap = async () => {
      await cdp.send('HeapProfiler.collectGarbage');
      return (await cdp.send('Runtime.getHeapUsage')).usedSize / 1024 / 1024;
    };
    const heapStartMb = await heap();
    const refreshes = (WALL_HOURS * 3600_000) / REFRESH_MS;
    for (let i = 0; i < refreshes; i++) await refreshOnce();
    const heapEndMb = await heap();
    return { seats: BUSIEST, floors: FLOORS, drawMs, refreshMs, heapStartMb, heapEndMb, refreshes, simulatedHours: WALL_HOURS };
  } finally {
    await browser.close();
  }
}

export const moveDayMapMedian = median;
