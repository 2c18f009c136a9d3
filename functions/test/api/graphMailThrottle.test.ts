import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { graphAppToken } from '@movers/functions/src/platform/graph/appToken.ts';
import { sendTextMail } from '@movers/functions/src/platform/graph/mail.ts';

// Exchange throttles mail on its own (per mailbox and app) while the rest of Graph answers: the stand-in
// answers the next N sendMail calls 429 on request, so the seat letters' queue handler can be tested
// against it. POST /_local/control { sendMailThrottle: { count, retryAfterSeconds } }.
const graph = () => inject('stack').settings.GRAPH_BASE_URL!;

const control = async (settings: Record<string, unknown>) => {
  const answer = await fetch(`${graph()}_local/control`, { method: 'POST', body: JSON.stringify(settings) });
  expect(answer.status).toBe(200);
};

const mailbox = async () => (await (await fetch(`${graph()}_local/mail`)).json()) as { subject: string }[];

beforeAll(() => {
  // This worker calls Graph as the Functions app does, with the app's own settings.
  const { settings } = inject('stack');
  for (const name of [
    'GRAPH_BASE_URL',
    'GRAPH_AUTHORITY',
    'GRAPH_CLIENT_ID',
    'GRAPH_MANAGED_IDENTITY_CLIENT_ID',
    'GRAPH_SCOPE',
    'IDENTITY_ENDPOINT',
    'IDENTITY_HEADER',
  ])
    process.env[name] = settings[name];
});

afterEach(async () => {
  await control({});
});

async function rawSendMail(subject: string, to = 'a@client-a.test'): Promise<Response> {
  return fetch(`${graph()}v1.0/users/${encodeURIComponent('visit@movers.test')}/sendMail`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await graphAppToken()}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      message: { subject, body: { contentType: 'Text', content: 'x' }, toRecipients: [{ emailAddress: { address: to } }] },
    }),
  });
}

describe('Graph stand-in: sendMail throttled on request', () => {
  it('answers the next N sendMail calls 429 with Retry-After and Graph’s error body, keeps none of them, then sends', async () => {
    await control({ sendMailThrottle: { count: 2, retryAfterSeconds: 7 } });
    const subject = `throttled ${randomUUID()}`;
    for (let i = 0; i < 2; i++) {
      const answer = await rawSendMail(subject);
      expect(answer.status).toBe(429);
      expect(answer.headers.get('retry-after')).toBe('7');
      expect(await answer.json()).toEqual({ error: { code: 'ApplicationThrottled', message: expect.any(String) } });
    }
    expect((await mailbox()).filter((m) => m.subject === subject)).toHaveLength(0);
    const sent = await rawSendMail(subject);
    expect(sent.status).toBe(202);
    expect((await mailbox()).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('throttles only sendMail: other Graph calls go on answering', async () => {
    await control({ sendMailThrottle: { count: 1 } });
    const users = await fetch(`${graph()}v1.0/users?$top=1`, { headers: { Authorization: `Bearer ${await graphAppToken()}` } });
    expect(users.status).toBe(200);
    const throttled = await rawSendMail(`only mail ${randomUUID()}`);
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get('retry-after')).toBe('1');
  });

  it('the app’s mail client waits the Retry-After and sends the mail once', async () => {
    await control({ sendMailThrottle: { count: 1, retryAfterSeconds: 1 } });
    const subject = `retried ${randomUUID()}`;
    const started = Date.now();
    await sendTextMail({ from: 'visit@movers.test', to: 'a@client-a.test', subject, lines: ['x'] });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect((await mailbox()).filter((m) => m.subject === subject)).toHaveLength(1);
  });

  it('fails only the mail aimed at with sendMailFailures.to: the stack’s other mail meanwhile goes out and uses none', async () => {
    await control({ sendMailFailures: { count: 1, to: ['b@client-a.test'] } });
    expect((await rawSendMail(`other ${randomUUID()}`)).status).toBe(202);
    const failed = await rawSendMail(`aimed ${randomUUID()}`, 'b@client-a.test');
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ error: { code: 'ErrorInternalServerError' } });
    expect((await rawSendMail(`aimed again ${randomUUID()}`, 'b@client-a.test')).status).toBe(202);
  });
});
