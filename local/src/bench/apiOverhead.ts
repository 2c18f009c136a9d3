import type { HttpRequest } from '@azure/functions';
import { Agent, createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { verifyAccessToken } from '@movers/functions/src/platform/auth/jwt.ts';
import { principalFrom } from '@movers/functions/src/platform/auth/principal.ts';
import type { BoundRoute } from '@movers/functions/src/platform/http/route.ts';
import { type FunctionsApp, loadFunctionsApp } from '../functionsApp.ts';

// The API's overhead, three ways, in this process (which also runs the Cosmos emulator, as the dev host
// does), against the same data, in rounds that take the three in turn so that all see the same load:
// - bare: the route's handler (of the app the dev host serves: the shipped package in the bench) on a
//   bare Node http server, with an already-verified caller, its JSON written as it is;
// - library: the same through the Functions library's HttpRequest and HttpResponse (@azure/functions),
//   built and read as the Functions worker does in Azure: Azure's request model, not the project's cost;
// - route: the route through the dev host and the pipeline (token, access, contract checks, CORS and
//   security headers, compression), as served.
// The client asks as a browser does (Accept-Encoding: gzip, deflate, br), through node:http, which takes
// the bytes as they come: decoding them is the browser's work, not the API's.

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

const BROWSER_ENCODINGS = 'gzip, deflate, br';

/** Asks for `url` `requests` times, `concurrency` at a time over kept-alive connections; each body read, not decoded. */
export async function load(url: string, requests: number, concurrency: number, headers: Record<string, string> = {}): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const target = new URL(url);
  const sent = { 'Accept-Encoding': BROWSER_ENCODINGS, ...headers };
  const once = () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers: sent }, (res) => {
        res.on('data', () => {});
        res.on('error', reject);
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${res.statusCode}`))));
      });
      req.on('error', reject);
      req.end();
    });
  const times: number[] = [];
  let next = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < requests) {
          next++;
          const t = performance.now();
          await once();
          times.push(performance.now() - t);
        }
      }),
    );
  } finally {
    agent.destroy();
  }
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

/**
 * The route's handler on a bare Node http server, with an already-verified caller and no pipeline.
 * With `library`, the handler gets the Functions library's HttpRequest and its answer goes out through
 * the library's HttpResponse, as the Functions worker does in Azure; without, it gets no request at all
 * (the measured GET handlers read none; one that did would fail here loudly) and its JSON is written as
 * it is.
 */
export async function startBareHandler(
  app: FunctionsApp,
  route: BoundRoute,
  params: Record<string, string>,
  token: string,
  library: boolean,
): Promise<{ origin: string; server: Server }> {
  const claims = await verifyAccessToken(`Bearer ${token}`);
  const context = new app.InvocationContext({ functionName: route.contract.name });
  const noClient = async () => null;
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    const principal = principalFrom(claims, noClient);
    const request = library
      ? new app.HttpRequest({
          method: req.method ?? 'GET',
          url: `http://${req.headers.host}${req.url}`,
          headers: Object.fromEntries(Object.entries(req.headers).filter((e): e is [string, string] => typeof e[1] === 'string')),
          params,
        })
      : (undefined as unknown as HttpRequest);
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
    if (!library) {
      res.writeHead(init.status ?? 200, init.headers as Record<string, string>).end(JSON.stringify(init.jsonBody));
      return;
    }
    const response = new app.HttpResponse(init);
    const headers: Record<string, string> = {};
    for (const [key, value] of response.headers) headers[key] = value;
    res.writeHead(response.status, headers).end(Buffer.from(await response.arrayBuffer()));
  };
  const server = createServer((req, res) => {
    serve(req, res).catch((error: unknown) => {
      console.error(error);
      res.writeHead(500).end();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export interface ApiOverheadFigures {
  label: string;
  /** Medians over the rounds. */
  bare: LoadResult;
  library: LoadResult;
  route: LoadResult;
  /** Medians of each round's ratio to bare: of requests per second, and per CPU second. */
  libraryRatio: number;
  libraryCpuRatio: number;
  routeRatio: number;
  routeCpuRatio: number;
}

const WAYS = ['bare', 'library', 'route'] as const;
/** Each way's part of a round lasts at least about this long (seconds of the bare handler's rate). */
const ROUND_SECONDS = 1;
type Way = (typeof WAYS)[number];

export async function measureApiOverhead(options: {
  apiOrigin: string;
  token: string;
  clientId: string;
  requests: number;
  concurrency: number;
  rounds: number;
}): Promise<ApiOverheadFigures[]> {
  // The app the dev host serves (the shipped package in the bench): its handlers and its copy of the
  // Functions library, so that the three ways run the same code below the pipeline.
  const { app } = await loadFunctionsApp();
  const targets: { label: string; name: string; path: string; params: Record<string, string> }[] = [
    { label: 'GET /v1/clients/{id}', name: 'clients-get', path: `v1/clients/${options.clientId}`, params: { clientId: options.clientId } },
    { label: 'GET /v1/countries', name: 'countries-list', path: 'v1/countries', params: {} },
    { label: 'GET /v1/clients', name: 'clients-list', path: 'v1/clients', params: {} },
  ];
  const auth = { Authorization: `Bearer ${options.token}` };
  console.log(
    `\nAPI overhead, three ways in this process (with the Cosmos emulator), same data, same requests (a browser's Accept-Encoding):\n` +
      `  bare: the route's handler on a bare Node http server, caller already verified; library: the same through @azure/functions'\n` +
      `  HttpRequest/HttpResponse (what Azure's worker adds, apart from the project's share); route: the dev host and the pipeline.\n` +
      `  ${options.rounds} rounds, each taking the three in turn from a rotating first, of ${options.requests} requests or a second's worth of\n` +
      `  the bare handler's, whichever is more, ${options.concurrency} at a time;\n` +
      `  medians (target: route >= 80 % of bare):`,
  );
  const figures: ApiOverheadFigures[] = [];
  for (const target of targets) {
    const route = app.routes.find((r) => r.contract.name === target.name);
    if (!route) throw new Error(`no route ${target.name}`);
    const bare = await startBareHandler(app, route, target.params, options.token, false);
    const library = await startBareHandler(app, route, target.params, options.token, true);
    // The same request on the wire (path, token) to each: only what the server does with it differs.
    const urls: Record<Way, string> = {
      bare: `${bare.origin}/api/${target.path}`,
      library: `${library.origin}/api/${target.path}`,
      route: `${options.apiOrigin}/api/${target.path}`,
    };
    // Warmed up (the route's longer path has more to compile), and each round long enough to be more than
    // noise: a cheap route answers thousands a second, and 400 of them were a tenth of a second.
    for (const way of WAYS) await load(urls[way], 1000, options.concurrency, auth);
    const warm = await load(urls.bare, 500, options.concurrency, auth);
    const requests = Math.max(options.requests, Math.round(warm.perSecond * ROUND_SECONDS));
    const results: Record<Way, LoadResult[]> = { bare: [], library: [], route: [] };
    const ratios = { library: [] as number[], libraryCpu: [] as number[], route: [] as number[], routeCpu: [] as number[] };
    for (let round = 0; round < options.rounds; round++) {
      const got = {} as Record<Way, LoadResult>;
      for (let i = 0; i < WAYS.length; i++) {
        const way = WAYS[(round + i) % WAYS.length];
        got[way] = await load(urls[way], requests, options.concurrency, auth);
      }
      for (const way of WAYS) results[way].push(got[way]);
      ratios.library.push(got.library.perSecond / got.bare.perSecond);
      ratios.libraryCpu.push(got.library.perCpuSecond / got.bare.perCpuSecond);
      ratios.route.push(got.route.perSecond / got.bare.perSecond);
      ratios.routeCpu.push(got.route.perCpuSecond / got.bare.perCpuSecond);
    }
    for (const server of [bare.server, library.server]) {
      server.closeAllConnections();
      server.close();
    }
    const med = (rs: LoadResult[]): LoadResult => ({
      perSecond: median(rs.map((r) => r.perSecond)),
      perCpuSecond: median(rs.map((r) => r.perCpuSecond)),
      p50: median(rs.map((r) => r.p50)),
      p95: median(rs.map((r) => r.p95)),
    });
    const f: ApiOverheadFigures = {
      label: target.label,
      bare: med(results.bare),
      library: med(results.library),
      route: med(results.route),
      libraryRatio: median(ratios.library),
      libraryCpuRatio: median(ratios.libraryCpu),
      routeRatio: median(ratios.route),
      routeCpuRatio: median(ratios.routeCpu),
    };
    figures.push(f);
    const rate = (r: LoadResult) =>
      `${r.perSecond.toFixed(0).padStart(5)} req/s, ${(1e6 / r.perCpuSecond).toFixed(0).padStart(5)} µs CPU a request, p50 ${r.p50.toFixed(1).padStart(5)} ms`;
    const pct = (x: number) => `${(x * 100).toFixed(0).padStart(3)} %`;
    console.log(
      `  ${target.label}\n` +
        `    bare     ${rate(f.bare)}\n` +
        `    library  ${rate(f.library)}   library/bare ${pct(f.libraryRatio)} (per CPU second ${pct(f.libraryCpuRatio)})\n` +
        `    route    ${rate(f.route)}   route/bare   ${pct(f.routeRatio)} (per CPU second ${pct(f.routeCpuRatio)})`,
    );
  }
  return figures;
}
