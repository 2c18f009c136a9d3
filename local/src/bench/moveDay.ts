import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { inBatches } from '@movers/functions/src/platform/cosmos/inBatches.ts';
import { floorPlanPng } from '../png.ts';
import { moveInput } from '../testing/moveInput.ts';
import { storeSentLetter } from './personalLink.ts';

/**
 * Move day (issue 36): `people` arrive and `reports` of them report a problem, sent as phones send them:
 * in bursts, some tapped twice at once, some cut off on the way (the request aborted after a random few
 * milliseconds, so the server may or may not have stored it) and sent again, reports with their
 * Idempotency-Key. Then: nothing lost, nothing doubled, no error; the p95 of an arrival and of a report; the
 * board's answer time with everything stored. The personal links are made as a sent letter makes them
 * (only the hash stored on the letter), in this process, so that 2,000 letters need not go through the mail.
 */
export interface MoveDayFigures {
  people: number;
  reports: number;
  tookMs: number;
  arrivalRequests: number;
  reportRequests: number;
  cutOff: number;
  arrived: number;
  arrivalDocs: number;
  reportsStored: number;
  errors: string[];
  arrivalP95: number;
  reportP95: number;
  boardMs: number;
  reportsPageMs: number;
  /** The day's chart (`.../move-day/timeline`) with everything stored: median answer time and its size. */
  timelineMs: number;
  timelineBytes: number;
  /** A poll with nothing new (If-None-Match with the last ETag): each answer's status and body bytes. */
  unchanged: { what: string; status: number; bytes: number }[];
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureMoveDay(options: {
  apiOrigin: string;
  token: string;
  clientId: string;
  people: number;
  reports: number;
  /** People arriving at once in a burst. */
  burst?: number;
}): Promise<MoveDayFigures> {
  const api = `${options.apiOrigin}/api`;
  const auth = { Authorization: `Bearer ${options.token}` };
  const staff = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${api}${path}`, {
      method,
      headers: { ...auth, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const tag = Date.now().toString(36);
  const location = await (
    await staff('POST', `/v1/clients/${options.clientId}/locations`, {
      name: `Zz Move day ${tag}`,
      address: 'Benkveien 2',
      city: 'Oslo',
      countryId: 'NO',
      isOffice: true,
    })
  ).json();
  const path = `zz-day-${tag}`;
  const move = await (await staff('POST', `/v1/locations/${location.id}/moves`, moveInput(path))).json();
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'large', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(800, 600))], { type: 'image/png' }), 'plan.png');
  const floor = await (await fetch(`${api}/v1/moves/${move.id}/layouts`, { method: 'POST', headers: auth, body: form })).json();
  await staff('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title: '101', coordinates: { positionX: 50, positionY: 50 } });
  const csv = ['Space;Name', ...Array.from({ length: options.people }, (_, i) => `101;Day Person ${i}`)].join('\n');
  const etag = (await staff('GET', `/v1/moves/${move.id}/people`)).headers.get('etag') ?? '*';
  await staff('POST', `/v1/moves/${move.id}/people/import`, { csv }, { 'If-Match': etag });
  const people = (await (await staff('GET', `/v1/moves/${move.id}/people`)).json()) as { id: string }[];

  // Each person's letter with their personal link's hash, as a sent letter leaves it.
  const tokens = new Map<string, string>();
  await inBatches(people, 48, async (person) => {
    tokens.set(person.id, await storeSentLetter(move.id, person.id));
  });
  // Each phone signs in with its link (the page opened from the letter).
  const sessions = new Map<string, string>();
  await inBatches(people, 32, async (person) => {
    const response = await fetch(`${api}/v1/visit/${path}/session`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ personToken: tokens.get(person.id) }),
    });
    if (response.status !== 201) throw new Error(`sign-in: ${response.status} ${await response.text()}`);
    sessions.set(person.id, ((await response.json()) as { token: string }).token);
  });

  const errors: string[] = [];
  let cutOff = 0;
  /** One phone's request until it gets an answer: cut off (aborted) at random now and then, then sent again. */
  const asPhone = async (personId: string, route: string, body: unknown, headers: Record<string, string>, times: number[]) => {
    for (let attempt = 0; ; attempt++) {
      const controller = new AbortController();
      const dropped = attempt < 2 && Math.random() < 0.08;
      if (dropped) setTimeout(() => controller.abort(), Math.random() * 40);
      const started = performance.now();
      try {
        const response = await fetch(`${api}/v1/visit/${path}/${route}`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${sessions.get(personId)}`, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
          body: body ? JSON.stringify(body) : undefined,
          signal: controller.signal,
        });
        const text = await response.text();
        times.push(performance.now() - started);
        if (response.status !== 201) errors.push(`${route}: ${response.status} ${text.slice(0, 200)}`);
        return;
      } catch (error) {
        if (!controller.signal.aborted) throw error;
        cutOff += 1;
        // The phone sees no answer: it tries again a moment later.
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  };

  const arrivalTimes: number[] = [];
  const reportTimes: number[] = [];
  let arrivalRequests = 0;
  let reportRequests = 0;
  const burst = options.burst ?? 100;
  const reporters = new Set(
    people
      .filter((_, i) => i % Math.max(1, Math.floor(people.length / options.reports)) === 0)
      .slice(0, options.reports)
      .map((p) => p.id),
  );
  const started = performance.now();
  for (let i = 0; i < people.length; i += burst) {
    const wave = people.slice(i, i + burst);
    await Promise.all(
      wave.map(async (person, j) => {
        // Some tap twice, at once.
        const taps = j % 10 === 0 ? 2 : 1;
        arrivalRequests += taps;
        await Promise.all(Array.from({ length: taps }, () => asPhone(person.id, 'arrival', undefined, {}, arrivalTimes)));
        if (reporters.has(person.id)) {
          const key = `bench-${tag}-${person.id}`;
          const body = { category: 'furniture', text: `The chair at the seat of ${person.id} is broken` };
          // Some phones send the report again later with the same key (an outbox that did not hear back).
          const sends = j % 7 === 0 ? 2 : 1;
          for (let s = 0; s < sends; s++) {
            reportRequests += 1;
            await asPhone(person.id, 'reports', body, { 'Idempotency-Key': key }, reportTimes);
          }
        }
      }),
    );
  }
  const tookMs = performance.now() - started;

  const boardTimes: number[] = [];
  const pageTimes: number[] = [];
  let board: { arrived: number } = { arrived: 0 };
  let reportsStored = 0;
  for (let i = 0; i < 5; i++) {
    let t = performance.now();
    board = await (await staff('GET', `/v1/moves/${move.id}/move-day`)).json();
    boardTimes.push(performance.now() - t);
    t = performance.now();
    reportsStored = ((await (await staff('GET', `/v1/moves/${move.id}/reports`)).json()) as { total: number }).total;
    pageTimes.push(performance.now() - t);
  }
  const timelineTimes: number[] = [];
  let timelineBytes = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    timelineBytes = (await (await staff('GET', `/v1/moves/${move.id}/move-day/timeline?by=floor`)).arrayBuffer()).byteLength;
    timelineTimes.push(performance.now() - t);
  }
  // What the board does every 10 s once nothing changes: each read again with the ETag it was answered with.
  const unchanged: MoveDayFigures['unchanged'] = [];
  for (const [what, route] of [
    ['board', `/v1/moves/${move.id}/move-day`],
    ['chart', `/v1/moves/${move.id}/move-day/timeline?by=floor`],
    ['reports', `/v1/moves/${move.id}/reports`],
  ]) {
    const etag = (await staff('GET', route)).headers.get('etag') ?? '';
    const again = await fetch(`${api}${route}`, { headers: { ...auth, 'If-None-Match': etag } });
    unchanged.push({ what, status: again.status, bytes: (await again.arrayBuffer()).byteLength });
  }
  const { resources } = await container('moveDay')
    .items.query<{ id: string }>({ query: "SELECT c.id FROM c WHERE c.moveId = @m AND c.type = 'arrival'", parameters: [{ name: '@m', value: move.id }] })
    .fetchAll();
  return {
    people: people.length,
    reports: reporters.size,
    tookMs,
    arrivalRequests,
    reportRequests,
    cutOff,
    arrived: board.arrived,
    arrivalDocs: resources.length,
    reportsStored,
    errors,
    arrivalP95: p95(arrivalTimes),
    reportP95: p95(reportTimes),
    boardMs: median(boardTimes),
    reportsPageMs: median(pageTimes),
    timelineMs: median(timelineTimes),
    timelineBytes,
    unchanged,
  };
}
