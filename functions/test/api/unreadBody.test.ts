import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';

/** How long the host may take to answer; a host that waits for the whole announced body never does. */
const ANSWER_WITHIN_MS = 5_000;

interface Outcome {
  /** The answer's status line, or what happened instead. */
  status: string;
  /** Whether the host closed the connection after answering instead of reading on (draining the body). */
  closed: boolean;
}

/**
 * Sends a request's head and only the first bytes of the body it announces, then waits for the answer's
 * status line and for the host to close the connection.
 */
function sendUnfinished(path: string, headers: Record<string, string>, firstBytes: string): Promise<Outcome> {
  const origin = new URL(inject('stack').apiOrigin);
  const head = [`POST /api${path} HTTP/1.1`, `Host: ${origin.host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`), '', ''].join('\r\n');
  return new Promise((resolve, reject) => {
    let received = '';
    let status: string | undefined;
    const socket = connect(Number(origin.port), origin.hostname, () => socket.write(head + firstBytes));
    const finish = (closed: boolean) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: status ?? (closed ? 'closed without an answer' : `no answer within ${ANSWER_WITHIN_MS} ms`), closed });
    };
    const timer = setTimeout(() => finish(false), ANSWER_WITHIN_MS);
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (status === undefined && received.includes('\r\n')) status = received.slice(0, received.indexOf('\r\n'));
    });
    socket.on('error', reject);
    socket.on('close', () => finish(true));
  });
}

const json100MB = { 'Content-Type': 'application/json', 'Content-Length': String(100 * 1024 * 1024) };

describe('the token is checked before a body is read', () => {
  it('answers 401 to an unauthenticated POST announcing 100 MB after only a few bytes of it, and reads no more', async () => {
    expect(await sendUnfinished('/v1/clients', json100MB, '{"name":"')).toEqual({ status: 'HTTP/1.1 401 Unauthorized', closed: true });
  });

  it('does the same for a bad token and for a body sent in chunks of unknown length', async () => {
    expect(await sendUnfinished('/v1/clients', { ...json100MB, Authorization: 'Bearer not-a-token' }, '{')).toEqual({
      status: 'HTTP/1.1 401 Unauthorized',
      closed: true,
    });
    const chunked = { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' };
    expect(await sendUnfinished('/v1/clients', chunked, '10000\r\n{"name":"')).toEqual({ status: 'HTTP/1.1 401 Unauthorized', closed: true });
  });

  it('answers 403 to a caller without the role, and 413 to a signed-in caller announcing more than the limit, unread', async () => {
    const { tokens } = inject('stack');
    expect(await sendUnfinished('/v1/clients', { ...json100MB, Authorization: `Bearer ${tokens.extA}` }, '{')).toEqual({
      status: 'HTTP/1.1 403 Forbidden',
      closed: true,
    });
    expect(await sendUnfinished('/v1/clients', { ...json100MB, Authorization: `Bearer ${tokens.staff}` }, '{')).toEqual({
      status: 'HTTP/1.1 413 Payload Too Large',
      closed: true,
    });
  });
});
