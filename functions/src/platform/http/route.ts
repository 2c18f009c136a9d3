import type { HttpRequest, HttpResponseInit, InvocationContext } from '@azure/functions';
import { verifyAccessToken } from '../auth/jwt.ts';
import { assertAccess, type Access } from '../auth/policies.ts';
import { principalFrom, type Principal } from '../auth/principal.ts';
import { badRequest } from './errors.ts';
import { errorResponse } from './responses.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteContext {
  request: HttpRequest;
  context: InvocationContext;
  principal: Principal;
  params: Record<string, string>;
}

/** One API route: declared once, read by Azure registration, the dev host and the tests. */
export interface RouteDefinition {
  name: string;
  methods: Method[];
  /** Azure Functions route template under /api, e.g. `v1/clients/{clientId}`. */
  route: string;
  /** Who may call it at all; finer client checks live in the handler. */
  access: Access;
  handler: (ctx: RouteContext) => Promise<HttpResponseInit>;
}

export interface PipelineDeps {
  /** Reads an External user's client from the portal's profile. */
  loadClientId: (userId: string) => Promise<string | null>;
}

const hasBody = (request: HttpRequest) => Boolean(request.headers.get('content-type')) || Number(request.headers.get('content-length') ?? '0') > 0;

/** Wraps a route's handler: token → principal → access → handler, every error mapped to JSON. */
export function toAzureHandler(route: RouteDefinition, deps: PipelineDeps) {
  return async (request: HttpRequest, context: InvocationContext): Promise<HttpResponseInit> => {
    try {
      const claims = await verifyAccessToken(request.headers.get('authorization'));
      const principal = principalFrom(claims, deps.loadClientId);
      assertAccess(principal, route.access);
      // GET and DELETE carry no body: one that declares or sends content is refused rather than ignored.
      if ((request.method === 'GET' || request.method === 'DELETE') && hasBody(request)) throw badRequest(`a ${request.method} request takes no body`);
      return await route.handler({ request, context, principal, params: request.params as Record<string, string> });
    } catch (error) {
      const response = errorResponse(error);
      if (response.status === 500) context.error(`route ${route.name} failed`, error);
      return response;
    }
  };
}
