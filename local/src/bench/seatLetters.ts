import { floorPlanPng } from '../png.ts';
import { moveInput } from '../testing/moveInput.ts';

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
  const auth = { Authorization: `Bearer ${options.token}` };
  const send = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${options.apiOrigin}/api${path}`, {
      method,
      headers: { ...auth, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  const tag = Date.now().toString(36);
  const location = await (
    await send('POST', `/v1/clients/${options.clientId}/locations`, {
      name: `Zz Letters ${tag}`,
      address: 'Benkveien 1',
      city: 'Oslo',
      countryId: 'NO',
      isOffice: true,
    })
  ).json();
  const move = await (await send('POST', `/v1/locations/${location.id}/moves`, moveInput(`zz-letters-${tag}`))).json();
  const form = new FormData();
  for (const [k, v] of Object.entries({ floor_name: '1', floor_size: 'large', published: 'true' })) form.append(k, v);
  form.append('layout', new Blob([new Uint8Array(floorPlanPng(800, 600))], { type: 'image/png' }), 'plan.png');
  const floor = await (await fetch(`${options.apiOrigin}/api/v1/moves/${move.id}/layouts`, { method: 'POST', headers: auth, body: form })).json();
  await send('POST', `/v1/layouts/${floor.id}/markers`, { marker_type: 'room', title: '101', coordinates: { positionX: 50, positionY: 50 } });
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
