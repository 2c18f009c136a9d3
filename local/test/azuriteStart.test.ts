import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startAzuriteQueue } from '../src/azurite.ts';
import { freePort } from '../src/testing/freePort.ts';

const location = mkdtempSync(join(tmpdir(), 'movers-azurite-'));
afterAll(() => rmSync(location, { recursive: true, force: true }));

const opens = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('starting Azurite', () => {
  // A stack that gives up on Azurite (a machine too busy to start it in time) must not leave it running:
  // the test run waited on the orphan for ever ('something prevents the main process from exiting').
  it('stops the service it gave up waiting for', async () => {
    const port = await freePort();
    await expect(startAzuriteQueue({ port, location, readyTimeoutMs: 0 })).rejects.toThrow(`Azurite did not open port ${port}`);
    // Long enough for an Azurite left running to open its port.
    await new Promise((resolve) => setTimeout(resolve, 8_000));
    expect(await opens(port)).toBe(false);
  }, 30_000);
});
