import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../src/testing/freePort.ts';

// A test stack that is stopped and started again on its ports (stackDurability) lost them when they came
// from the ephemeral range: an outgoing connection of another test took the port in between (EADDRINUSE).
const rangeFile = '/proc/sys/net/ipv4/ip_local_port_range';
const ephemeralLow = existsSync(rangeFile) ? Number(readFileSync(rangeFile, 'utf8').trim().split(/\s+/)[0]) : 32768;

describe('freePort', () => {
  it('gives ports below the ephemeral range, which outgoing connections never take', async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const port of ports) expect(port).toBeLessThan(ephemeralLow);
    expect(new Set(ports).size).toBe(20);
  });

  it('never hands out the same port twice, though it is still free until its service starts', async () => {
    // Two picks in a row named the same port, and the second service to start failed with EADDRINUSE.
    const sameSpot = () => 0.5;
    const first = await freePort(sameSpot);
    await expect(freePort(sameSpot)).rejects.toThrow('no free port');
    expect(await freePort()).not.toBe(first);
  });

  it('gives a port that can be listened on', async () => {
    const port = await freePort();
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
    await new Promise((resolve) => server.close(resolve));
  });
});
