import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Directory, DirectoryUser } from './directory.ts';
import { avatarPng } from './png.ts';

export interface GraphStandIn {
  /** Base URL for the Graph client (it appends v1.0/). */
  baseUrl: string;
  stop(): Promise<void>;
}

export interface GraphOptions {
  port: number;
  tls: { cert: string; key: string };
  directory: Directory;
  /** Tokens must come from this issuer, for the Graph audience. */
  issuer: string;
  jwksUri: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, match: RegExpExecArray) => Promise<void> | void;

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

function graphError(res: ServerResponse, status: number, code: string, message: string) {
  sendJson(res, status, { error: { code, message } });
}

export function toGraphUser(user: DirectoryUser) {
  return {
    id: user.id,
    displayName: user.displayName,
    mail: user.mail,
    userPrincipalName: user.mail,
    userType: user.userType,
    externalUserState: user.externalUserState,
  };
}

/**
 * A local server shaped like Microsoft Graph for the calls the portal makes. It checks each request's
 * app token against the local identity provider, like Graph checks Entra's.
 */
export async function startGraph(options: GraphOptions): Promise<GraphStandIn> {
  const { directory } = options;
  const jwks = createRemoteJWKSet(new URL(options.jwksUri));
  const routes: [string, RegExp, Handler][] = [
    [
      'GET',
      /^\/v1\.0\/users\/([^/]+)$/,
      (_req, res, m) => {
        const user = directory.byId(decodeURIComponent(m[1]));
        if (!user) return graphError(res, 404, 'Request_ResourceNotFound', 'user not found');
        sendJson(res, 200, toGraphUser(user));
      },
    ],
    [
      'GET',
      /^\/v1\.0\/users\/([^/]+)\/photos\/(\d+)x(\d+)\/\$value$/,
      (_req, res, m) => {
        const user = directory.byId(decodeURIComponent(m[1]));
        if (!user?.photoColor) return graphError(res, 404, 'ImageNotFound', 'The photo wasn\'t found.');
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(avatarPng(Number(m[2]), user.photoColor));
      },
    ],
  ];

  const server = createServer({ cert: options.tls.cert, key: options.tls.key }, async (req, res) => {
    try {
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token) return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token is empty.');
      try {
        await jwtVerify(token, jwks, { issuer: options.issuer, audience: 'https://graph.microsoft.com' });
      } catch {
        return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token validation failure.');
      }
      const path = decodeURI(new URL(req.url ?? '/', 'https://graph.local').pathname);
      for (const [method, pattern, handler] of routes) {
        const match = pattern.exec(path);
        if (match && req.method === method) return await handler(req, res, match);
      }
      graphError(res, 404, 'Request_ResourceNotFound', `no stand-in for ${req.method} ${path}`);
    } catch (error) {
      graphError(res, 500, 'generalException', (error as Error).message);
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `https://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
