import { floorPlanPng } from '../png.ts';
import { moveInput } from '../testing/moveInput.ts';

/** The API as staff; anything but a 2xx throws. */
function staffSender(options: { apiOrigin: string; token: string }) {
  const auth = { Authorization: `Bearer ${options.token}` };
  return async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const isForm = body instanceof FormData;
    const response = await fetch(`${options.apiOrigin}/api${path}`, {
      method,
      headers: { ...auth, ...(body && !isForm ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: isForm ? body : body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
}

/** A move of its own with a published floor and its space 101, where the bench's people are imported. */
async function moveWithSpace(send: ReturnType<typeof staffSender>, clientId: string, label: string, path: string) {
  const location = await (
    await send('POST', `/v1/clients/${clientId}/locations`, { name: `Zz ${label}`, address: 'Benkveien 1', city: 'Oslo', countryId: 'NO', isOffice: true })
  ).json();
  const move = await (await send('POST', `/v1/locations/${location.id}/moves`, moveInput(path))).json();
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'large', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(800, 600))], { type: 'image/png' }), 'plan.png');
  const floor = await (await send('POST', `/v1/moves/${move.id}/layouts`, form)).json();
  await send('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title: '101', coordinates: { positionX: 50, positionY: 50 } });
  return move as { id: string };
}

/**
 * Seat letters (issue 27): 2,000 people with addresses on a published floor; how long queuing their
 * letters takes (one request, target < 10 s), and how fast the queue function mails them through the Graph
 * stand-in (letters per second, and the time until the last is sent). The queue runner is the caller's:
 * the bench's stack runs without one, so that no other figure carries its polling.
 */
export interface SeatLetterFigures {
  letters: number;
  queueMs: number;
  allSentMs: number;
  perSecond: number;
}

export async function measureSeatLetters(options: {
  apiOrigin: string;
  token: string;
  clientId: string;
  graphBaseUrl: string;
  letters: number;
  /** Starts the queue function's runner; resolves to its stop. */
  startRunner: () => Promise<() => Promise<void>>;
}): Promise<SeatLetterFigures> {
  const send = staffSender(options);
  const tag = Date.now().toString(36);
  const move = await moveWithSpace(send, options.clientId, `Letters ${tag}`, `zz-letters-${tag}`);
  const csv = ['Space;Name;E-mail', ...Array.from({ length: options.letters }, (_, i) => `101;Letter Person ${i};letter.${tag}.${i}@client-a.test`)].join('\n');
  const etag = (await send('GET', `/v1/moves/${move.id}/people`)).headers.get('etag') ?? '*';
  await send('POST', `/v1/moves/${move.id}/people/import`, { csv }, { 'If-Match': etag });

  const mailed = async () => {
    const mail = (await (await fetch(`${options.graphBaseUrl}_local/mail`)).json()) as { to: string[] }[];
    return mail.filter((m) => m.to[0]?.startsWith(`letter.${tag}.`)).length;
  };
  const stop = await options.startRunner();
  try {
    const started = performance.now();
    await send('POST', `/v1/moves/${move.id}/seat-letters`, { scope: 'all' });
    const queueMs = performance.now() - started;
    while ((await mailed()) < options.letters) {
      if (performance.now() - started > 600_000) throw new Error('seat letters: not all sent within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const allSentMs = performance.now() - started;
    return { letters: options.letters, queueMs, allSentMs, perSecond: options.letters / (allSentMs / 1000) };
  } finally {
    await stop();
  }
}

/**
 * Waves (issue 48): a move of `people` people in `waves` waves, imported with a wave column; how long
 * queuing the letters of one wave of `waveSize` takes (one request). The runner then mails them, so that
 * no message is left for the figures after.
 */
export async function measureWaveLetters(options: {
  apiOrigin: string;
  token: string;
  clientId: string;
  graphBaseUrl: string;
  people: number;
  waves: number;
  waveSize: number;
  startRunner: () => Promise<() => Promise<void>>;
}): Promise<{ queueMs: number; queued: number; allSentMs: number }> {
  const send = staffSender(options);
  const tag = Date.now().toString(36);
  const move = await moveWithSpace(send, options.clientId, `Wave letters ${tag}`, `zz-wave-letters-${tag}`);
  const day = new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10);
  const waveIds: string[] = [];
  for (let w = 1; w <= options.waves; w++)
    waveIds.push((await (await send('POST', `/v1/moves/${move.id}/waves`, { name: `Wave ${w}`, day, packBy: `${day}T08:00` })).json()).id);
  // The first wave has `waveSize` people; the others share the rest.
  const waveOf = (i: number) => (i < options.waveSize ? 1 : 2 + ((i - options.waveSize) % (options.waves - 1)));
  const csv = [
    'Space;Name;E-mail;Wave',
    ...Array.from({ length: options.people }, (_, i) => `101;Wave Person ${i};wave.${tag}.${i}@client-a.test;Wave ${waveOf(i)}`),
  ].join('\n');
  const etag = (await send('GET', `/v1/moves/${move.id}/people`)).headers.get('etag') ?? '*';
  await send('POST', `/v1/moves/${move.id}/people/import`, { csv }, { 'If-Match': etag });

  const started = performance.now();
  const queued = (await (await send('POST', `/v1/moves/${move.id}/seat-letters`, { scope: 'all', waveId: waveIds[0] })).json()).queued as number;
  const queueMs = performance.now() - started;
  const stop = await options.startRunner();
  try {
    const mailed = async () =>
      ((await (await fetch(`${options.graphBaseUrl}_local/mail`)).json()) as { to: string[] }[]).filter((m) => m.to[0]?.startsWith(`wave.${tag}.`)).length;
    while ((await mailed()) < queued) {
      if (performance.now() - started > 600_000) throw new Error('wave letters: not all sent within 10 minutes');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { queueMs, queued, allSentMs: performance.now() - started };
  } finally {
    await stop();
  }
}
