import type { HttpHandler, HttpRequest, InvocationContext, StorageQueueHandler, TimerHandler } from '@azure/functions';
import { describe, expect, it, vi } from 'vitest';
import { functionsManifest, httpFunctions, queues, timers } from '../../src/app.ts';
import { type AppFunctions, type FunctionsManifest, manifestOf, type Registrar, registerFunctions } from '../../src/registration.ts';

// The Azure registration (index.ts) registers the functions from dist/functions.json and loads the app
// on their first invocation. Here with a stand-in for the Functions library's `app`.

interface Registered {
  http: Map<string, { methods: string[]; route: string; handler: HttpHandler }>;
  timers: Map<string, { schedule: string; handler: TimerHandler }>;
  queues: Map<string, { queueName: string; connection: string; handler: StorageQueueHandler }>;
}

function registrar(): Registrar & { registered: Registered } {
  const registered: Registered = { http: new Map(), timers: new Map(), queues: new Map() };
  return {
    registered,
    http: (name, options) => registered.http.set(name, options),
    timer: (name, options) => registered.timers.set(name, options),
    storageQueue: (name, options) => registered.queues.set(name, options),
  };
}

/** An app of one function of each kind that records what it was called with. */
function fakeApp() {
  const calls: unknown[][] = [];
  const answer = (call: unknown[], status: number) => {
    calls.push(call);
    return { status };
  };
  const app: AppFunctions = {
    httpFunctions: [
      { name: 'a-get', method: 'GET', path: 'v1/a', handler: async (...args) => answer(['a-get', ...args], 200) },
      { name: 'a-put', method: 'PUT', path: 'v1/a/{id}', handler: async (...args) => answer(['a-put', ...args], 204) },
    ],
    timers: [{ name: 'tick', schedule: '0 */5 * * * *', handler: async (...args) => void calls.push(['tick', ...args]) }],
    queues: [{ name: 'letter', queueName: 'letters', handler: async (...args) => void calls.push(['letter', ...args]) }],
  };
  return { app, calls };
}

const request = {} as HttpRequest;
const context = {} as InvocationContext;

describe('the Azure registration', () => {
  it('registers every function of the manifest without loading the app', () => {
    const { app } = fakeApp();
    const load = vi.fn(async () => app);
    const host = registrar();
    registerFunctions(host, manifestOf(app), 'QueueStorage', load);
    expect([...host.registered.http].map(([name, o]) => [name, o.methods, o.route])).toEqual([
      ['a-get', ['GET'], 'v1/a'],
      ['a-put', ['PUT'], 'v1/a/{id}'],
    ]);
    expect(host.registered.timers.get('tick')?.schedule).toBe('0 */5 * * * *');
    expect(host.registered.queues.get('letter')).toMatchObject({ queueName: 'letters', connection: 'QueueStorage' });
    expect(load).not.toHaveBeenCalled();
  });

  it('loads the app once, on the first invocation, and calls its function of that name', async () => {
    const { app, calls } = fakeApp();
    const load = vi.fn(async () => app);
    const host = registrar();
    registerFunctions(host, manifestOf(app), 'QueueStorage', load);
    const [first, second] = await Promise.all([
      host.registered.http.get('a-put')!.handler(request, context),
      host.registered.http.get('a-get')!.handler(request, context),
    ]);
    expect(first).toEqual({ status: 204 });
    expect(second).toEqual({ status: 200 });
    await host.registered.timers.get('tick')!.handler({} as never, context);
    await host.registered.queues.get('letter')!.handler('message', context);
    expect(load).toHaveBeenCalledTimes(1);
    expect(calls).toEqual([
      ['a-put', request, context],
      ['a-get', request, context],
      ['tick', context],
      ['letter', 'message', context],
    ]);
  });

  it('tries a failed load again on the next invocation', async () => {
    const { app } = fakeApp();
    const load = vi.fn<() => Promise<AppFunctions>>().mockRejectedValueOnce(new Error('chunk unreadable')).mockResolvedValue(app);
    const host = registrar();
    registerFunctions(host, manifestOf(app), 'QueueStorage', load);
    const handler = host.registered.http.get('a-get')!.handler;
    await expect(handler(request, context)).rejects.toThrow('chunk unreadable');
    await expect(handler(request, context)).resolves.toEqual({ status: 200 });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('fails loudly when the manifest names a function the app lacks', async () => {
    const { app } = fakeApp();
    const manifest: FunctionsManifest = { ...manifestOf(app), http: [{ name: 'gone', method: 'GET', path: 'v1/gone' }] };
    const host = registrar();
    registerFunctions(host, manifest, 'QueueStorage', async () => app);
    await expect(host.registered.http.get('gone')!.handler(request, context)).rejects.toThrow("the app has no HTTP function 'gone'");
  });

  it('is given every function of the app by its manifest (what build.mjs writes to dist/functions.json)', () => {
    const manifest = functionsManifest();
    expect(manifest.http.map((f) => f.name)).toEqual(httpFunctions.map((f) => f.name));
    expect(new Set(manifest.http.map((f) => f.name)).size).toBe(manifest.http.length);
    expect(manifest.timers.map((t) => t.name)).toEqual(timers.map((t) => t.name));
    expect(manifest.queues.map((q) => q.name)).toEqual(queues.map((q) => q.name));
    expect(JSON.parse(JSON.stringify(manifest))).toEqual(manifest);
  });
});
