import type { HttpHandler, HttpMethod, InvocationContext, StorageQueueHandler, TimerHandler } from '@azure/functions';

/**
 * What the Azure registration (`index.ts`) needs to know of the app before its first request: the name,
 * method and route of every HTTP function, the schedule of every timer and the queue of every queue
 * trigger. `functions/build.mjs` writes it beside the bundle (`dist/functions.json`) from `dist/app.js`
 * itself, so it cannot drift from the route table.
 */
export interface FunctionsManifest {
  http: { name: string; method: string; path: string }[];
  timers: { name: string; schedule: string }[];
  queues: { name: string; queueName: string }[];
}

/** The functions of the app (`app.ts`), as the registration calls them. */
export interface AppFunctions {
  httpFunctions: readonly { name: string; method: string; path: string; handler: HttpHandler }[];
  timers: readonly { name: string; schedule: string; handler(context: InvocationContext): Promise<void> }[];
  queues: readonly { name: string; queueName: string; handler(message: unknown, context: InvocationContext): Promise<void> }[];
}

export function manifestOf(app: AppFunctions): FunctionsManifest {
  return {
    http: app.httpFunctions.map(({ name, method, path }) => ({ name, method, path })),
    timers: app.timers.map(({ name, schedule }) => ({ name, schedule })),
    queues: app.queues.map(({ name, queueName }) => ({ name, queueName })),
  };
}

/** The part of the Functions library's `app` the registration uses. */
export interface Registrar {
  http(name: string, options: { methods: HttpMethod[]; route: string; authLevel: 'anonymous'; handler: HttpHandler }): void;
  timer(name: string, options: { schedule: string; handler: TimerHandler }): void;
  storageQueue(name: string, options: { queueName: string; connection: string; handler: StorageQueueHandler }): void;
}

/**
 * Registers every function of the manifest with handlers that load the app (`load`: the route table,
 * the Cosmos SDK and the rest of what every route needs) on the first invocation, once per instance,
 * and then call the app's own function of that name. Importing `index.js` so loads only the Functions
 * library: a new instance registers its functions sooner and in less memory, and its first request pays
 * for loading the app (`npm run bench` prints both).
 */
export function registerFunctions(registrar: Registrar, manifest: FunctionsManifest, queueConnection: string, load: () => Promise<AppFunctions>): void {
  let loading: Promise<AppFunctions> | undefined;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      // A failed load (a chunk that could not be read) is tried again by the next invocation.
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const find = <T extends { name: string }>(list: readonly T[], name: string, kind: string): T => {
    const found = list.find((f) => f.name === name);
    if (!found) throw new Error(`the app has no ${kind} function '${name}' (dist/functions.json is not of this bundle)`);
    return found;
  };
  for (const { name, method, path } of manifest.http) {
    registrar.http(name, {
      methods: [method as HttpMethod],
      route: path,
      authLevel: 'anonymous',
      handler: async (request, context) => find((await loaded()).httpFunctions, name, 'HTTP').handler(request, context),
    });
  }
  for (const { name, schedule } of manifest.timers) {
    registrar.timer(name, { schedule, handler: async (_timer, context) => find((await loaded()).timers, name, 'timer').handler(context) });
  }
  for (const { name, queueName } of manifest.queues) {
    registrar.storageQueue(name, {
      queueName,
      connection: queueConnection,
      handler: async (message, context) => find((await loaded()).queues, name, 'queue').handler(message, context),
    });
  }
}
