import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';

const RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range';

/**
 * The lowest port the system gives outgoing connections. A test stack restarted on its ports (after a
 * crash, in stackDurability) must find them still free: a port of the ephemeral range can be taken in
 * between by any outgoing connection on the machine, a port below it only by a listener.
 */
function ephemeralLow(): number {
  const low = existsSync(RANGE_FILE) ? Number(readFileSync(RANGE_FILE, 'utf8').trim().split(/\s+/)[0]) : Number.NaN;
  return Number.isInteger(low) && low > 12_000 ? low : 32_768;
}

const listenable = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/**
 * Ports this process has handed out: a port is free until the service it is for starts, so two picks in a row
 * (a stack's six services, then the web server's) could name the same one, and the second service to start
 * failed with EADDRINUSE (a CI run's browser tests, 2026-12-06).
 */
const handedOut = new Set<number>();

/**
 * A port that was free a moment ago, below the ephemeral range, for test stacks that must not collide with
 * `npm start`, and never one this process handed out before. `pick` chooses where in the range to try.
 */
export async function freePort(pick: () => number = Math.random): Promise<number> {
  const high = ephemeralLow() - 1;
  const low = high - 10_000;
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = low + Math.floor(pick() * (high - low));
    if (handedOut.has(port) || !(await listenable(port))) continue;
    handedOut.add(port);
    return port;
  }
  throw new Error(`no free port between ${low} and ${high}`);
}

/** Free ports for every service of a local stack (`StackPorts` of stack.ts), for a stack started beside others. */
export async function freeStackPorts() {
  return {
    api: await freePort(),
    cosmos: await freePort(),
    azurite: await freePort(),
    azuriteQueue: await freePort(),
    idp: await freePort(),
    graph: await freePort(),
  };
}
