import type { HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { type AnyRouteContract, type BodyOf, clientNamedBy, type IdShape, type ParamsOf, type QueryOf, type ResponseOf, validate } from '@movers/contracts';
import { verifyAccessToken } from '../auth/jwt.ts';
import { assertAccess, assertClientAccess } from '../auth/policies.ts';
import { type Principal, principalFrom } from '../auth/principal.ts';
import type { Visit, VisitorGate } from '../auth/visit.ts';
import { readValid } from './body.ts';
import { readUpload, streamedUpload } from './upload.ts';
import { badRequest, notFound, preconditionRequired } from './errors.ts';
import { callerAddress } from './callerAddress.ts';
import { runOnce } from './idempotency.ts';
import { compressed } from './compression.ts';
import { corsHeaders } from './cors.ts';
import { errorResponse, type Result } from './responses.ts';
import { type Actor, actingAs } from '../history/actor.ts';

/** What a handler gets: the caller and the request's parts, already checked against the route's contract. */
export interface RouteContext<C extends AnyRouteContract> {
  request: HttpRequest;
  context: InvocationContext;
  /** Who is calling; absent on public and visitor routes. */
  principal: C['access'] extends 'public' | VisitorAccess ? undefined : Principal;
  /** On visitor routes: the enabled move of the path, and the visitor's session when there is one. */
  visit: C['access'] extends VisitorAccess ? Visit : undefined;
  params: ParamsOf<C>;
  body: BodyOf<C>;
  query: QueryOf<C>;
  /**
   * The ETag the caller read (If-Match). Required on every update and delete, and on a `conditional`
   * POST: asked for without one, it throws 428. A handler asks for it once it has settled the caller's
   * access to the record, so that a caller who may not touch the record gets 403/404, never 428.
   */
  ifMatch: () => C['method'] extends ChangeMethod ? string : C extends { conditional: true } ? string : string | undefined;
}

type ChangeMethod = 'PUT' | 'PATCH' | 'DELETE';
type VisitorAccess = 'visitor' | 'visitorEntry';
const isVisitorAccess = (access: string): access is VisitorAccess => access === 'visitor' || access === 'visitorEntry';
const changes = (method: string) => method === 'PUT' || method === 'PATCH' || method === 'DELETE';

export type Handler<C extends AnyRouteContract> = (ctx: RouteContext<C>) => Promise<Result<ResponseOf<C>>>;

/**
 * A route's access to the record its path names (the move's client, the item's move), settled before
 * If-Match, the query and the body are looked at: a caller who may not touch the record gets its 403/404,
 * never a 400 for a body they should not have been able to send, nor a 428. It throws to refuse; the
 * handler may check again (a point read).
 */
export type Authorize<C extends AnyRouteContract> = (ctx: {
  principal: RouteContext<C>['principal'];
  /** On a visitor route: the move and session the gate opened (a feature may need more of the session than the gate checks). */
  visit: RouteContext<C>['visit'];
  params: ParamsOf<C>;
  request: HttpRequest;
}) => Promise<unknown>;

/** A contract with its handler: the unit of the route table. */
export interface BoundRoute {
  contract: AnyRouteContract;
  // biome-ignore lint/suspicious/noExplicitAny: the table holds handlers of every contract
  handler: Handler<any>;
  // biome-ignore lint/suspicious/noExplicitAny: as the handler
  authorize?: Authorize<any>;
}

/**
 * Binds a handler to its contract; the handler's types come from the contract. A route whose caller's
 * access depends on the record (External users: their client's only) and that reads a body passes
 * `authorize`, so the record's access is settled before the body is read.
 */
export const bind = <C extends AnyRouteContract>(contract: C, handler: Handler<C>, options: { authorize?: Authorize<C> } = {}): BoundRoute => ({
  contract,
  handler,
  ...(options.authorize ? { authorize: options.authorize } : {}),
});

export interface PipelineDeps {
  /** Reads an External user's client from the portal's profile. */
  loadClientId: (userId: string) => Promise<string | null>;
  /** Opens the move of a visitor route's `{path}` (the moves feature supplies it). */
  visitorGate?: VisitorGate;
}

const hasBody = (request: HttpRequest) => Boolean(request.headers.get('content-type')) || Number(request.headers.get('content-length') ?? '0') > 0;

/** Path ids of a shape the API never issues are simply not found: no store sees them. */
function checkedParams(contract: AnyRouteContract, raw: Record<string, string>): Record<string, string> {
  for (const [name, shape] of Object.entries(contract.params as Record<string, { pattern: RegExp }>)) {
    if (typeof raw[name] !== 'string' || !shape.pattern.test(raw[name])) throw notFound('not found');
  }
  return raw;
}

/**
 * A route without its own `authorize`: an External user is refused (403) a path that names another
 * client's record (a move, its items, a lease...) before the query, the body or the media type is read;
 * whether the record exists is the handler's (404). Internal users reach every client.
 */
async function assertPathClients(contract: AnyRouteContract, params: Record<string, string>, principal: Principal): Promise<void> {
  if (principal.isInternal) return;
  for (const [name, shape] of Object.entries(contract.params as Record<string, IdShape>)) {
    const clientId = clientNamedBy(name, shape, params[name]!);
    if (clientId !== undefined) await assertClientAccess(principal, clientId);
  }
}

/**
 * The parameters a query reads when it names others as ignored (an image's cache-buster of the caller's
 * own), else null; read from the schema once per route, not on every request.
 */
const ownParameters = new WeakMap<AnyRouteContract, ReadonlySet<string> | null>();
function ownParametersOf(contract: AnyRouteContract): ReadonlySet<string> | null {
  if (!ownParameters.has(contract)) {
    const { meta, fields } = contract.query!.describe() as { meta?: { otherParameters?: 'ignored' }; fields?: Record<string, unknown> };
    ownParameters.set(contract, meta?.otherParameters === 'ignored' && fields ? new Set(Object.keys(fields)) : null);
  }
  return ownParameters.get(contract)!;
}

async function checkedQuery(contract: AnyRouteContract, request: HttpRequest): Promise<unknown> {
  if (!contract.query) return undefined;
  const given = Object.fromEntries(request.query.entries());
  const own = ownParametersOf(contract);
  const result = await validate(contract.query, own ? Object.fromEntries(Object.entries(given).filter(([key]) => own.has(key))) : given);
  if (!result.ok) throw badRequest('invalid query', result.fields);
  return result.value;
}

const secretFields = new WeakMap<AnyRouteContract, string[]>();
/**
 * The body as the idempotency store fingerprints it: fields marked secret (a visitor password) left out,
 * so that no fast hash of a password is ever stored beside the answer.
 */
function withoutSecrets(contract: AnyRouteContract, body: unknown): unknown {
  if (!contract.body || body === null || typeof body !== 'object') return body;
  let secrets = secretFields.get(contract);
  if (!secrets) {
    const fields = (contract.body.describe() as { fields?: Record<string, { meta?: { secret?: boolean } }> }).fields ?? {};
    secrets = Object.entries(fields)
      .filter(([, field]) => field.meta?.secret)
      .map(([name]) => name);
    secretFields.set(contract, secrets);
  }
  if (secrets.length === 0) return body;
  return Object.fromEntries(Object.entries(body).filter(([name]) => !secrets.includes(name)));
}

/**
 * Wraps a route's handler: token → principal → access → params → the route's `authorize` (the record's
 * access) → If-Match, query and body checked against the contract → handler; every error mapped to JSON.
 */
export function toAzureHandler(route: BoundRoute, deps: PipelineDeps) {
  const { contract } = route;
  const answer = async (request: HttpRequest, context: InvocationContext): Promise<HttpResponseInit> => {
    try {
      let principal: Principal | undefined;
      let visit: Visit | undefined;
      if (isVisitorAccess(contract.access)) {
        // The path is checked by its shape first (404), then the gate: an enabled move, and a session when needed.
        const { path } = checkedParams(contract, request.params as Record<string, string>);
        if (!deps.visitorGate) throw new Error('no visitor gate in the pipeline deps');
        visit = await deps.visitorGate.open(path, request.headers.get('authorization'), {
          sessionNeeded: contract.access === 'visitor',
          moversPassOpens: contract.moversPass === true,
        });
      } else if (contract.access !== 'public') {
        principal = principalFrom(await verifyAccessToken(request.headers.get('authorization')), deps.loadClientId);
        assertAccess(principal, contract.access);
      }
      const params = checkedParams(contract, request.params as Record<string, string>);
      // The record's access (403/404) before anything the caller sent is checked (its query, body, media
      // type, If-Match): the route's own `authorize`, else the client its path names.
      if (route.authorize) await route.authorize({ principal, visit, params, request });
      else if (principal) await assertPathClients(contract, params, principal);
      // GET and DELETE carry no body: one that declares or sends content is refused rather than ignored.
      if ((request.method === 'GET' || request.method === 'DELETE') && hasBody(request)) throw badRequest(`a ${request.method} request takes no body`);
      // Updates and deletes need the ETag the caller read, so that no change made since is overwritten.
      // An Internal user may touch every record, and on a route with `authorize` an External user's access
      // to the record is settled by now: without one, 428 at once, before the body. On any other route an
      // External user (whose access the handler settles record by record) is asked for it by the handler
      // after that check, so that a record they may not touch answers 403/404 rather than 428.
      const sentIfMatch = request.headers.get('if-match')?.trim() || undefined;
      const ifMatchRequired = changes(contract.method) || contract.conditional === true;
      if (ifMatchRequired && !sentIfMatch && (!principal || principal.isInternal || route.authorize)) throw preconditionRequired();
      const ifMatch = () => {
        if (ifMatchRequired && !sentIfMatch) throw preconditionRequired();
        return sentIfMatch;
      };
      const query = await checkedQuery(contract, request);
      // A streamed upload is read only when the handler asks for it, after its own checks.
      const body = contract.upload
        ? contract.upload.stream
          ? streamedUpload(request, contract.upload)
          : await readUpload(request, contract.upload)
        : contract.body
          ? await readValid(request, contract.body, contract.maxBodyBytes)
          : undefined;
      // Every write the handler makes is recorded in history as this caller's, by this route.
      const actor: Actor = {
        by: principal ? { id: principal.userId, name: principal.name } : visit ? { id: 'visitor', name: 'visitor' } : { id: 'system', name: 'system' },
        route: contract.name,
      };
      const handle = () =>
        actingAs(actor, () => route.handler({ request, context, principal, visit, params, body: body as never, query: query as never, ifMatch }));
      // A create sent again with the same Idempotency-Key (a retry, a second click) answers the first result.
      const key = request.headers.get('idempotency-key');
      // Who the key belongs to: the signed-in user, or on a visitor's content route (a form, sent again
      // when the phone is back online) the move's visitor, by the session or the caller's address. Never
      // a sign-in: its answer is a session token, which no store keeps.
      const caller = principal
        ? principal.userId
        : visit && contract.access === 'visitor'
          ? `visit:${visit.moveId}:${visit.person ? `person:${visit.person.id}` : visit.visitor || callerAddress(request)}`
          : undefined;
      // Never for an answer holding a secret shown once (a wall link's token): the store would keep it.
      if (contract.method === 'POST' && key !== null && caller && !contract.upload && !contract.answersSecret)
        return await runOnce(key, { userId: caller, route: contract.name, body: withoutSecrets(contract, body) }, handle);
      return await handle();
    } catch (error) {
      const response = errorResponse(error);
      if (response.status === 500) context.error(`route ${contract.name} failed`, error);
      return response;
    }
  };
  return async (request: HttpRequest, context: InvocationContext) =>
    compressed(withSecurityHeaders(await answer(request, context), request), request.headers.get('accept-encoding'));
}

/**
 * On every answer of the API, errors and downloads included: not sniffed as another type, no referrer,
 * nothing a browser could render or frame. The dev host sends them with its own answers too.
 */
export const securityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** The security headers, CORS (cors.ts), and HSTS where the API is served over HTTPS (Azure). */
export function withSecurityHeaders(response: HttpResponseInit, request: HttpRequest): HttpResponseInit {
  const headers: Record<string, string> = {
    ...securityHeaders,
    ...corsHeaders(request),
    ...(request.url.startsWith('https:') ? { 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const own = response.headers as Record<string, string> | undefined;
  if (!own?.Vary) return { ...response, headers: { ...headers, ...own, Vary: headers.Vary } };
  // The handler's Vary (Authorization) joins CORS's (Origin) rather than replacing it, each name once (a
  // preflight's own headers are CORS's already: 'Origin, Origin' otherwise).
  const names = [headers.Vary, own.Vary].flatMap((v) =>
    (v ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
  );
  const vary = names.filter((n, i) => names.findIndex((m) => m.toLowerCase() === n.toLowerCase()) === i).join(', ');
  return { ...response, headers: { ...headers, ...own, ...(vary ? { Vary: vary } : {}) } };
}
