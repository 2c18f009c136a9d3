import { randomUUID } from 'node:crypto';
import type { PersonDoc } from '@movers/functions/src/features/planner/planner.data.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { inBatches } from '@movers/functions/src/platform/cosmos/inBatches.ts';
import { moveInput } from '../testing/moveInput.ts';
import { storeSentLetter } from './personalLink.ts';

/**
 * Waves (issue 48), through the API against the stack's Cosmos (the local emulator): a move of 5,000
 * people in 20 waves (the people written straight to the store, 250 a wave, as an import would leave
 * them); then 1,000 of them put in one wave in one request, each with a history entry, and the wave
 * list with every wave's load.
 */
export interface WaveFigures {
  people: number;
  waves: number;
  assigned: number;
  /** Each round's assignment of `assigned` people (they alternate between two waves, so each changes them all). */
  assignMs: number[];
  historyEntries: number;
  listMs: number;
  /** For comparison: the planner's people list of the same move, the same partition read once more. */
  peopleListMs: number;
  /** With `others` documents of other moves in the planner container: the wave list and a person's page, medians of 15. */
  withOthers: { others: number; containerDocs: number; listMs: number; pageMs: number }[];
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export async function measureWaves(options: {
  apiOrigin: string;
  token: string;
  clientId: string;
  people: number;
  waves: number;
  assign: number;
  rounds?: number;
  /** Other moves' documents in the planner container, for each figure of `withOthers` (ascending). */
  others?: number[];
}): Promise<WaveFigures> {
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
      name: `Zz Waves ${tag}`,
      address: 'Bølgeveien 1',
      city: 'Oslo',
      countryId: 'NO',
      isOffice: true,
    })
  ).json();
  const path = `zz-waves-${tag}`;
  const move = await (await staff('POST', `/v1/locations/${location.id}/moves`, moveInput(path))).json();
  const moveId = move.id as string;
  const day = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const waveIds: string[] = [];
  for (let i = 0; i < options.waves; i++) {
    const wave = await (
      await staff('POST', `/v1/moves/${moveId}/waves`, {
        name: `Wave ${i + 1}`,
        day,
        packBy: `${day}T08:00`,
        arrival: { start: `${day}T12:00`, end: `${day}T14:00` },
        capacity: { people: 250, crates: 1000 },
      })
    ).json();
    waveIds.push(wave.id);
  }
  const now = new Date().toISOString();
  const people: PersonDoc[] = Array.from({ length: options.people }, (_, n) => ({
    id: `${moveId}_${randomUUID()}`,
    moveId,
    type: 'person',
    name: `Wave Person ${String(n).padStart(5, '0')}`,
    markerId: null,
    stickersCount: null,
    email: null,
    waveId: waveIds[n % waveIds.length],
    createdAt: now,
    createdBy: 'bench',
    updatedAt: now,
    updatedBy: 'bench',
  }));
  await inBatches(people, 50, (doc) => container('planner').items.create(doc));

  // The chosen people go to the first wave, then the second, and so on: every round changes each of them.
  const chosen = people.slice(0, options.assign).map((p) => p.id);
  const assignMs: number[] = [];
  for (let round = 0; round < (options.rounds ?? 3); round++) {
    const etag = (await staff('GET', `/v1/moves/${moveId}/people`)).headers.get('etag')!;
    const started = performance.now();
    const answer = await (
      await staff('POST', `/v1/moves/${moveId}/people/wave`, { personIds: chosen, waveId: waveIds[round % 2] }, { 'If-Match': etag })
    ).json();
    assignMs.push(performance.now() - started);
    if (answer.changed < options.assign * 0.7) throw new Error(`waves: only ${answer.changed} of ${options.assign} changed`);
  }
  const [{ count }] = await (
    await container('planner').items.query<{ count: number }>({
      query: "SELECT COUNT(1) AS count FROM c WHERE c.moveId = @m AND c.type = 'history' AND c.kind = 'person'",
      parameters: [{ name: '@m', value: moveId }],
    })
  )
    .fetchAll()
    .then((r) => r.resources);

  const listTimes: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const list = await (await staff('GET', `/v1/moves/${moveId}/waves`)).json();
    listTimes.push(performance.now() - started);
    if (list.waves.length !== options.waves) throw new Error('waves: the list lacks waves');
  }
  const peopleTimes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await staff('GET', `/v1/moves/${moveId}/people`)).arrayBuffer();
    peopleTimes.push(performance.now() - started);
  }

  // A person of the move signs in on the visitor site with their letter's personal link (made here, as in
  // the move day bench: only its hash stored on the letter).
  const person = people[0];
  const token = await storeSentLetter(moveId, person.id);
  const visit = `${api}/v1/visit/${path}`;
  const session = await fetch(`${visit}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ personToken: token }),
  });
  if (session.status !== 201) throw new Error(`waves: the person's sign-in: ${session.status} ${await session.text()}`);
  const visitor = { Authorization: `Bearer ${((await session.json()) as { token: string }).token}` };

  // Other moves' people, 100 to a move, in the same container (deleted again at the end, so that the benches
  // after this one see the store as before).
  const others: { id: string; moveId: string }[] = [];
  const withOthers: WaveFigures['withOthers'] = [];
  for (const wanted of options.others ?? []) {
    const more = Array.from({ length: wanted - others.length }, (_, i) => {
      const n = others.length + i;
      const otherMove = `${moveId}-other-${String(Math.floor(n / 100)).padStart(4, '0')}`;
      return { ...people[n % people.length], id: `${otherMove}_${randomUUID()}`, moveId: otherMove, waveId: null };
    });
    await inBatches(more, 50, (doc) => container('planner').items.create(doc));
    others.push(...more);
    const [containerDocs] = (await container('planner').items.query<number>('SELECT VALUE COUNT(1) FROM c').fetchAll()).resources;
    const list: number[] = [];
    const page: number[] = [];
    for (let i = 0; i < 15; i++) {
      let started = performance.now();
      await (await staff('GET', `/v1/moves/${moveId}/waves`)).arrayBuffer();
      list.push(performance.now() - started);
      started = performance.now();
      const me = await fetch(`${visit}/me`, { headers: visitor });
      if (!me.ok) throw new Error(`waves: the person's page: ${me.status} ${await me.text()}`);
      await me.arrayBuffer();
      page.push(performance.now() - started);
    }
    withOthers.push({ others: others.length, containerDocs, listMs: median(list), pageMs: median(page) });
  }
  await inBatches(others, 50, (doc) => container('planner').item(doc.id, doc.moveId).delete());

  return {
    people: options.people,
    waves: options.waves,
    assigned: options.assign,
    assignMs,
    historyEntries: count,
    listMs: median(listTimes),
    peopleListMs: median(peopleTimes),
    withOthers,
  };
}
