import { type AnyRouteContract, allRoutes } from '@movers/contracts';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

/*
 * Holds every JSON answer the API tests receive to the schema its route declares, so a handler that
 * answers a field the contract does not name, or leaves out one it promises, fails the test that
 * called it, whichever test that is.
 */

const ajv = new Ajv2020({ allErrors: true, strict: false });
const validators = new Map<string, ValidateFunction>();

// Literal segments first: `v1/moves/export` must win over `v1/moves/{moveId}`.
const byMethod = [...allRoutes].sort((a, b) => Object.keys(a.params).length - Object.keys(b.params).length);
const patternOf = (route: AnyRouteContract) => new RegExp(`^/${route.path.replace(/\{\w+\}/g, '[^/]+')}$`);
const patterns = new Map(byMethod.map((route) => [route, patternOf(route)]));

/** The contract a call reaches, by method and path (under /api, query string ignored). */
export function routeOf(method: string, path: string): AnyRouteContract | undefined {
  const bare = path.split('?')[0];
  return byMethod.find((route) => route.method === method.toUpperCase() && patterns.get(route)?.test(bare));
}

/** Throws when a 2xx JSON answer does not fit its route's declared schema. */
export function checkAnswer(method: string, path: string, status: number, body: unknown): void {
  if (status < 200 || status > 299) return;
  const route = routeOf(method, path);
  const schema = route?.response.kind === 'json' ? route.response.schema : undefined;
  if (!route || !schema) return;
  let validate = validators.get(route.name);
  if (!validate) {
    validate = ajv.compile(schema);
    validators.set(route.name, validate);
  }
  if (!validate(body)) {
    // Each error with its detail (the extra field's name, the missing one's), not only "must NOT have…".
    const errors = (validate.errors ?? []).map((e) => `answer${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`).join('; ');
    throw new Error(`${method} ${path} (${route.name}) answered ${status} outside its declared schema: ${errors}`);
  }
}
