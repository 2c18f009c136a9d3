import { expect, inject } from 'vitest';

const stack = () => inject('stack');

type Mail = { to: string[]; subject: string; body: string };
/** What the mail stand-in holds for an address, oldest first. */
export const mailTo = async (address: string) =>
  ((await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as Mail[]).filter((m) => m.to.includes(address));

/** The personal link's token in the last seat letter mailed to an address (waits for the letter, as a person does). */
export async function tokenOf(address: string) {
  for (let end = Date.now() + 30_000; Date.now() < end; await new Promise((r) => setTimeout(r, 250))) {
    const token = /\/me\/([A-Za-z0-9_-]{43})/.exec((await mailTo(address)).at(-1)?.body ?? '')?.[1];
    if (token) return token;
  }
  throw new Error(`no seat letter with a personal link was mailed to ${address}`);
}

/** The person's own calls on a move's site, as their page makes them: signed in with the personal link. */
export async function asPerson(path: string, token: string) {
  const api = `${stack().apiOrigin}/api/v1/visit/${path}`;
  const session = await fetch(`${api}/session`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ personToken: token }),
  });
  expect(session.status).toBe(201);
  const { token: bearer } = (await session.json()) as { token: string };
  return async (method: string, call: string, body?: unknown, headers: Record<string, string> = {}) => {
    const answer = await fetch(`${api}${call}`, {
      method,
      headers: { Authorization: `Bearer ${bearer}`, ...(body ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body ? JSON.stringify(body) : undefined,
    });
    expect(answer.status, `${method} ${call}`).toBeLessThan(300);
    return answer.json() as Promise<Record<string, string>>;
  };
}
