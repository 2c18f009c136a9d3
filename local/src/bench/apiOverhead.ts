import type { HttpRequest } from '@azure/functions';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { InvocationContext } from '@movers/functions/src/platform/azureFunctions.ts';
import { verifyAccessToken } from '@movers/functions/src/platform/auth/jwt.ts';
import { principalFrom } from '@movers/functions/src/platform/auth/principal.ts';
import type { BoundRoute } from '@movers/functions/src/platform/http/route.ts';
import { pipelineDeps, routes } from '@movers/functions/src/routes.ts';

// The API's overhead: each route through the dev host (token, pipeline, HttpRequest/HttpResponse)
// against the same handler served by a bare Node http server with an already-verified caller, in this
// process (which also runs the Cosmos emulator, as the dev host does), against the same data, in
// alternating rounds so that both see the same load on the machine.

export interface LoadResult {
  perSecond: number;
  /** Requests per second of this process's CPU time: steadier than wall time on a shared machine. */
  perCpuSecond: number;
  p50: number;
  p95: number;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function load(url: string, requests: number, concurrency: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const times: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests) {
        next++;
        const t = performance.now();
        const response = await fetch(url, { headers });
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url}: ${response.status}`);
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  times.sort((a, b) => a - b);
  return {
    perSecond: times.length / seconds,
    perCpuSecond: times.length / ((used.user + used.system) / 1e6),
    p50: percentile(times, 50),
    p95: percentile(times, 95),
  };
}

/** The route's handler alone: no token check, no HttpRequest, the handler's JSON written as it is. */
export async function startBareHandler(route: BoundRoute, params: Record<string, string>, token: string): Promise<{ origin: string; server: Server }> {
  const claims = await verifyAccessToken(`Bearer ${token}`);
  const context = new InvocationContext({ functionName: route.contract.name });
  // The measured GET handlers read no request; one that did would fail here loudly.
  const request = undefined as unknown as HttpRequest;
  const server = createServer(async (_req, res) => {
    try {
      const principal = principalFrom(claims, pipelineDeps.loadClientId);
      const init = await route.handler({
        request,
        context,
        principal,
        visit: undefined,
        params,
        body: undefined as never,
        query: undefined,
        ifMatch: () => undefined,
      });
      res.writeHead(init.status ?? 200, init.headers as Record<string, string>).end(JSON.stringify(init.jsonBody));
    } catch (error) {
      console.error(error);
      res.writeHead(500).end();
    }
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function measureApiOverhead(options: {
  apiOrigin: string;
  token: string;
  clientId: string;
  requests: number;
  concurrency: number;
  rounds: number;
}) {
  const targets: { label: string; name: string; path: string; params: Record<string, string> }[] = [
    { label: 'GET /v1/clients/{id}', name: 'clients-get', path: `v1/clients/${options.clientId}`, params: { clientId: options.clientId } },
    { label: 'GET /v1/countries', name: 'countries-list', path: 'v1/countries', params: {} },
    { label: 'GET /v1/clients', name: 'clients-list', path: 'v1/clients', params: {} },
  ];
  const auth = { Authorization: `Bearer ${options.token}` };
  console.log(
    `\nAPI overhead: each route through the dev host beside its handler on a bare Node http server (verified caller, same process, same data);\n` +
      `${options.rounds} alternating rounds of ${options.requests} requests, ${options.concurrency} at a time; medians (target: route >= 80 % of bare):`,
  );
  for (const target of targets) {
    const route = routes.find((r) => r.contract.name === target.name);
    if (!route) throw new Error(`no route ${target.name}`);
    const bare = await startBareHandler(route, target.params, options.token);
    const routeUrl = `${options.apiOrigin}/api/${target.path}`;
    // The same request on the wire (path, token) to both: only what the server does with it differs.
    const bareUrl = `${bare.origin}/api/${target.path}`;
    await load(bareUrl, 100, options.concurrency, auth);
    await load(routeUrl, 100, options.concurrency, auth);
    const full: LoadResult[] = [];
    const handler: LoadResult[] = [];
    const ratios: number[] = [];
    const cpuRatios: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      // Alternate which goes first, so a change in the machine's load hits both alike.
      const measureBare = () => load(bareUrl, options.requests, options.concurrency, auth);
      const measureRoute = () => load(routeUrl, options.requests, options.concurrency, auth);
      const [b, f] = round % 2 === 0 ? [await measureBare(), await measureRoute()] : [undefined, await measureRoute()];
      const bareResult = b ?? (await measureBare());
      handler.push(bareResult);
      full.push(f);
      ratios.push(f.perSecond / bareResult.perSecond);
      cpuRatios.push(f.perCpuSecond / bareResult.perCpuSecond);
    }
    bare.server.closeAllConnections();
    bare.server.close();
    const rate = (results: LoadResult[]) =>
      median(results.map((r) => r.perSecond))
        .toFixed(0)
        .padStart(5);
    const ms = (results: LoadResult[], key: 'p50' | 'p95') =>
      median(results.map((r) => r[key]))
        .toFixed(1)
        .padStart(5);
    console.log(
      `  ${target.label.padEnd(22)} route ${rate(full)} req/s (p50 ${ms(full, 'p50')} ms, p95 ${ms(full, 'p95')} ms)   bare handler ${rate(handler)} req/s (p50 ${ms(handler, 'p50')} ms)   route/bare ${(median(ratios) * 100).toFixed(0).padStart(3)} % (per CPU second ${(median(cpuRatios) * 100).toFixed(0).padStart(3)} %)`,
    );
  }
}
