import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { Roles } from '@movers/contracts';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { Directory, DirectoryUser } from './directory.ts';
import { mailFromSendMail, type Mailbox, recipientsOf } from './mailbox.ts';
import { avatarPng } from './png.ts';
import { documentLibraryRoutes } from './documentLibrary.ts';
export { DOCUMENT_LIBRARY_DRIVE_ID } from './documentLibrary.ts';

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
  /** Keeps the mail sent through sendMail; readable without a token at GET /_local/mail. */
  mailbox?: Mailbox;
  /** The app id of the API's registration (GRAPH_CLIENT_ID), whose service principal holds the app roles. */
  apiAppId: string;
}

type Handler = (req: IncomingMessage, res: ServerResponse, match: RegExpExecArray) => Promise<void> | void;

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** Graph's error body: `{ error: { code, message, innerError: { date, request-id, client-request-id } } }`. */
function graphError(res: ServerResponse, status: number, code: string, message: string) {
  const requestId = randomUUID();
  sendJson(res, status, {
    error: { code, message, innerError: { date: new Date().toISOString().slice(0, 19), 'request-id': requestId, 'client-request-id': requestId } },
  });
}

/**
 * Graph refuses a request body over 4 MB (413; a mail with larger attachments needs an upload session),
 * and a file attachment over 3 MB sent inline in a message (the documented limit for attaching in one request).
 */
export const GRAPH_MAX_REQUEST_BYTES = 4 * 1024 * 1024;
export const GRAPH_MAX_INLINE_ATTACHMENT_BYTES = 3 * 1024 * 1024;

/** The body as text, or `tooLarge` once it passes `limit` bytes (the rest is read and dropped, not kept). */
function readLimitedText(req: IncomingMessage, limit: number): Promise<{ text: string } | { tooLarge: true }> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number.isFinite(declared) && declared > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? { tooLarge: true } : { text: Buffer.concat(chunks).toString('utf8') }));
    req.on('error', reject);
  });
}

/** The first inline file attachment whose bytes are over Graph's 3 MB, if any. */
function oversizedAttachment(body: unknown): string | undefined {
  const attachments = (body as { message?: { attachments?: unknown } } | null)?.message?.attachments;
  if (!Array.isArray(attachments)) return undefined;
  for (const a of attachments as Record<string, unknown>[]) {
    if (typeof a?.contentBytes !== 'string') continue;
    // base64: every 4 characters are 3 bytes, less the padding.
    const length = a.contentBytes.replace(/=+$/, '').length;
    if (Math.floor((length * 3) / 4) > GRAPH_MAX_INLINE_ATTACHMENT_BYTES) return String(a.name ?? '');
  }
  return undefined;
}

/** The `$filter` shapes the portal sends: `prop eq 'value'` terms joined by `or` (or by `and`). */
export function userFilter(filter: string | null): ((user: DirectoryUser) => boolean) | undefined {
  if (!filter) return () => true;
  const joiner = / and /i.test(filter) && !/ or /i.test(filter) ? 'and' : 'or';
  const terms = filter.split(joiner === 'and' ? / and /i : / or /i).map((term) => /^\s*(\w+) eq '((?:[^']|'')*)'\s*$/.exec(term));
  if (terms.some((t) => !t || !['userType', 'mail', 'userPrincipalName', 'displayName'].includes(t[1]))) return undefined;
  const tests = terms.map((t) => {
    const [, prop, raw] = t!;
    const value = raw.replace(/''/g, "'").toLowerCase();
    return (user: DirectoryUser) => String((toGraphUser(user) as Record<string, unknown>)[prop] ?? '').toLowerCase() === value;
  });
  return joiner === 'and' ? (u) => tests.every((test) => test(u)) : (u) => tests.some((test) => test(u));
}

function readJsonBody(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (text += chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(text || '{}'));
      } catch {
        resolve({});
      }
    });
    req.on('error', reject);
  });
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
/** The API's enterprise application (service principal) and its app roles, as Entra holds them. */
const API_SERVICE_PRINCIPAL_ID = '0f1e2d3c-4b5a-4697-8877-665544332211';
const APP_ROLES: [id: string, value: string][] = [
  ['a1e0c5d2-0000-4000-8000-000000000001', Roles.External],
  ['a1e0c5d2-0000-4000-8000-000000000002', Roles.Internal],
  ['a1e0c5d2-0000-4000-8000-000000000003', Roles.InternalSuper],
];

const USERS_PAGE_DEFAULT = 100;
const USERS_PAGE_MAX = 999;

export async function startGraph(options: GraphOptions): Promise<GraphStandIn> {
  const { directory } = options;
  /**
   * Set by POST /_local/control: a cap on the users page size, how many requests (any) to answer 429,
   * how many sendMail calls alone to answer 429 (Exchange throttles mail per mailbox and app, while the
   * rest of Graph goes on answering), and how many sendMail calls to fail with a 500.
   */
  const controlDefaults = () => ({
    usersPageSize: USERS_PAGE_MAX,
    throttle: { count: 0, retryAfterSeconds: 1 },
    /** `to`: only mail to this address is throttled (a test's own recipient); unset, all mail is. */
    sendMailThrottle: { count: 0, retryAfterSeconds: 1, to: undefined as string | undefined },
    /**
     * How many sendMail calls to fail outright (500, as an Exchange outage that no retry waits out); `to`: only
     * mail to one of these addresses fails (a test's own recipients); unset, all mail does.
     */
    sendMailFailures: { count: 0, to: undefined as string[] | undefined },
    /**
     * Entra's replication: a user created by POST /invitations from now on stays unknown to the rest of
     * Graph (GET /users/{id} and the users list, app role assignments to it) for this many seconds.
     */
    replicationDelaySeconds: 0,
    /** How many app role assignments to fail outright (500), to leave an invitation half done. */
    appRoleAssignmentFailures: 0,
  });
  const control = controlDefaults();
  /** When each user created under a replication delay becomes known to Graph (ms since the epoch). */
  const replicatedAt = new Map<string, number>();
  const known = (user: DirectoryUser | undefined): user is DirectoryUser => Boolean(user) && Date.now() >= (replicatedAt.get(user!.id) ?? 0);
  let port = 0;
  const jwks = createRemoteJWKSet(new URL(options.jwksUri));
  const routes: [string, RegExp, Handler][] = [
    ...documentLibraryRoutes,
    [
      'POST',
      /^\/v1\.0\/users\/([^/]+)\/sendMail$/,
      async (req, res, m) => {
        const read = await readLimitedText(req, GRAPH_MAX_REQUEST_BYTES);
        let body: unknown;
        try {
          body = 'tooLarge' in read ? undefined : JSON.parse(read.text || '{}');
        } catch {
          body = null;
        }
        // Throttled as Exchange throttles mail: 429, Retry-After and Graph's error body; the mail is not kept.
        // A test may aim the throttling at one recipient's mail, so that mail the stack sends meanwhile (a
        // reminder's timer, another test's queued letter) does not use up the 429s it set.
        const aimedAt = control.sendMailThrottle.to;
        if (control.sendMailThrottle.count > 0 && (!aimedAt || recipientsOf(body).includes(aimedAt))) {
          control.sendMailThrottle.count -= 1;
          res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(control.sendMailThrottle.retryAfterSeconds) });
          res.end(JSON.stringify({ error: { code: 'ApplicationThrottled', message: 'Application is over its MailboxConcurrency limit.' } }));
          return;
        }
        const failFor = control.sendMailFailures.to;
        if (control.sendMailFailures.count > 0 && (!failFor || recipientsOf(body).some((to) => failFor.includes(to)))) {
          control.sendMailFailures.count -= 1;
          return graphError(res, 500, 'ErrorInternalServerError', 'An internal server error occurred. The operation failed.');
        }
        // Over 4 MB, Graph refuses the request before it looks at it (the 413 and the message it answers).
        if ('tooLarge' in read) return graphError(res, 413, 'BadRequest', 'The maximum request length supported is 4MB.');
        if (body === null) return graphError(res, 400, 'BadRequest', 'Unable to read JSON request payload.');
        const oversized = oversizedAttachment(body);
        if (oversized !== undefined)
          return graphError(
            res,
            400,
            'ErrorMessageSizeExceeded',
            `The attachment '${oversized}' is over 3 MB: attach it through an upload session (createUploadSession), not in the message.`,
          );
        const mail = mailFromSendMail(decodeURIComponent(m[1]), body, randomUUID(), new Date());
        if (!mail) return graphError(res, 400, 'ErrorInvalidRecipients', 'message with subject and toRecipients is required');
        options.mailbox?.add(mail);
        res.writeHead(202).end();
      },
    ],
    [
      'GET',
      /^\/v1\.0\/users$/,
      (req, res) => {
        const url = new URL(req.url ?? '/', 'https://graph.local');
        const query = url.searchParams;
        const matches = userFilter(query.get('$filter'));
        if (!matches) return graphError(res, 400, 'BadRequest', `unsupported $filter: ${query.get('$filter')}`);
        // Graph pages lists: 100 a page unless $top asks for up to 999, and it may send fewer than asked;
        // the rest is behind @odata.nextLink, an absolute address with a $skiptoken.
        const top = Math.min(Number(query.get('$top') ?? USERS_PAGE_DEFAULT) || USERS_PAGE_DEFAULT, USERS_PAGE_MAX, control.usersPageSize);
        const skip = Number(query.get('$skiptoken') ?? 0) || 0;
        const all = directory.all().filter(known).filter(matches).map(toGraphUser);
        const next = new URLSearchParams(query);
        next.set('$skiptoken', String(skip + top));
        sendJson(res, 200, {
          value: all.slice(skip, skip + top),
          ...(skip + top < all.length ? { '@odata.nextLink': `https://127.0.0.1:${port}${url.pathname}?${next}` } : {}),
        });
      },
    ],
    [
      'POST',
      /^\/v1\.0\/invitations$/,
      async (req, res) => {
        const body = (await readJsonBody(req)) as Record<string, unknown>;
        const email = typeof body.invitedUserEmailAddress === 'string' ? body.invitedUserEmailAddress.trim() : '';
        if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || typeof body.inviteRedirectUrl !== 'string') {
          return graphError(res, 400, 'BadRequest', 'invitedUserEmailAddress and inviteRedirectUrl are required');
        }
        const existing = directory.byMail(email);
        // Graph re-sends an invitation to a known guest; the portal checks for existing people first.
        const user: DirectoryUser = existing ?? {
          id: randomUUID(),
          displayName: typeof body.invitedUserDisplayName === 'string' && body.invitedUserDisplayName.trim() ? body.invitedUserDisplayName.trim() : email,
          mail: email.toLowerCase(),
          // As in Entra: an invited guest holds no app role until one is assigned to it.
          roles: [],
          userType: 'Guest',
          externalUserState: 'PendingAcceptance',
        };
        if (!existing) {
          directory.add(user);
          if (control.replicationDelaySeconds > 0) replicatedAt.set(user.id, Date.now() + control.replicationDelaySeconds * 1000);
        }
        if (body.sendInvitationMessage === true) {
          // Entra e-mails the invitation; locally it lands in the stand-in's mailbox (GET /_local/mail).
          options.mailbox?.add({
            id: randomUUID(),
            from: 'invites@microsoft.com',
            sentAt: new Date().toISOString(),
            subject: `You're invited to the Movers portal`,
            body: `${user.displayName}, you have been invited. Accept the invitation and sign in: ${String(body.inviteRedirectUrl)}`,
            to: [user.mail],
          });
        }
        sendJson(res, 201, {
          id: randomUUID(),
          invitedUserEmailAddress: email,
          invitedUserDisplayName: user.displayName,
          inviteRedirectUrl: body.inviteRedirectUrl,
          sendInvitationMessage: body.sendInvitationMessage === true,
          inviteRedeemUrl: `${body.inviteRedirectUrl}`,
          status: user.externalUserState ?? 'Completed',
          invitedUser: { id: user.id },
        });
      },
    ],
    [
      'GET',
      /^\/v1\.0\/servicePrincipals\(appId='([^']+)'\)$/,
      (_req, res, m) => {
        if (m[1] !== options.apiAppId) return graphError(res, 404, 'Request_ResourceNotFound', `no service principal of appId ${m[1]}`);
        sendJson(res, 200, { id: API_SERVICE_PRINCIPAL_ID, appId: m[1], appRoles: APP_ROLES.map(([id, value]) => ({ id, value, isEnabled: true })) });
      },
    ],
    [
      'POST',
      /^\/v1\.0\/servicePrincipals\/([^/]+)\/appRoleAssignedTo$/,
      async (req, res, m) => {
        const body = (await readJsonBody(req)) as { principalId?: string; resourceId?: string; appRoleId?: string };
        const role = APP_ROLES.find(([id]) => id === body.appRoleId);
        if (m[1] !== API_SERVICE_PRINCIPAL_ID || body.resourceId !== API_SERVICE_PRINCIPAL_ID || !role || !body.principalId)
          return graphError(
            res,
            400,
            'Request_BadRequest',
            'principalId, resourceId and appRoleId must name a user, this service principal and one of its roles',
          );
        if (control.appRoleAssignmentFailures > 0) {
          control.appRoleAssignmentFailures -= 1;
          return graphError(res, 500, 'Service_InternalServerError', 'Encountered an internal server error.');
        }
        const user = directory.byId(body.principalId);
        // A principal Entra does not know (yet, while a new guest replicates): 404, as Graph answers it.
        if (!known(user))
          return graphError(
            res,
            404,
            'Request_ResourceNotFound',
            `Resource '${body.principalId}' does not exist or one of its queried reference-property objects are not present.`,
          );
        // Graph answers a duplicate assignment 400, not 409.
        if (user.roles.includes(role[1])) return graphError(res, 400, 'Request_BadRequest', 'Permission being assigned already exists on the object');
        directory.update(user.id, { roles: [...user.roles, role[1]] });
        sendJson(res, 201, { id: randomUUID(), principalId: user.id, resourceId: API_SERVICE_PRINCIPAL_ID, appRoleId: role[0] });
      },
    ],
    [
      'GET',
      /^\/v1\.0\/users\/([^/]+)$/,
      (_req, res, m) => {
        const user = directory.byId(decodeURIComponent(m[1]));
        if (!known(user))
          return graphError(
            res,
            404,
            'Request_ResourceNotFound',
            `Resource '${decodeURIComponent(m[1])}' does not exist or one of its queried reference-property objects are not present.`,
          );
        sendJson(res, 200, toGraphUser(user));
      },
    ],
    [
      'GET',
      /^\/v1\.0\/users\/([^/]+)\/photos\/(\d+)x(\d+)\/\$value$/,
      (_req, res, m) => {
        const user = directory.byId(decodeURIComponent(m[1]));
        if (!known(user)) return graphError(res, 404, 'Request_ResourceNotFound', 'user not found');
        if (!user.photoColor) return graphError(res, 404, 'ImageNotFound', "The photo wasn't found.");
        res.writeHead(200, { 'Content-Type': 'image/png' }).end(avatarPng(Number(m[2]), user.photoColor));
      },
    ],
  ];

  const server = createServer({ cert: options.tls.cert, key: options.tls.key }, async (req, res) => {
    try {
      // Local only: the mail "sent" so far, for a developer to read (no token needed).
      if (req.method === 'GET' && new URL(req.url ?? '/', 'https://graph.local').pathname === '/_local/mail') {
        return sendJson(res, 200, options.mailbox?.all() ?? []);
      }
      // Local only, for tests and by hand: Graph's behaviour on a bad day (smaller pages, throttling, mail throttling).
      if (req.method === 'POST' && new URL(req.url ?? '/', 'https://graph.local').pathname === '/_local/control') {
        // Each call sets the whole state: what it leaves out is back to normal.
        const defaults = controlDefaults();
        const asked = ((await readJsonBody(req)) ?? {}) as Partial<typeof control>;
        Object.assign(control, defaults, asked, {
          throttle: { ...defaults.throttle, ...asked.throttle },
          sendMailThrottle: { ...defaults.sendMailThrottle, ...asked.sendMailThrottle },
          sendMailFailures: { ...defaults.sendMailFailures, ...asked.sendMailFailures },
        });
        return sendJson(res, 200, control);
      }
      const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!token) return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token is empty.');
      try {
        const { payload } = await jwtVerify(token, jwks, { issuer: options.issuer, audience: 'https://graph.microsoft.com' });
        (req as IncomingMessage & { claims?: unknown }).claims = payload; // delegated or app token, for the drive routes
      } catch {
        return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token validation failure.');
      }
      // Throttled as Graph throttles: 429 with Retry-After (seconds), the request not carried out.
      if (control.throttle.count > 0) {
        control.throttle.count -= 1;
        res.writeHead(429, { 'Content-Type': 'application/json', 'Retry-After': String(control.throttle.retryAfterSeconds) });
        return res.end(JSON.stringify({ error: { code: 'TooManyRequests', message: 'Too many requests; retry after the Retry-After seconds.' } }));
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
  port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `https://127.0.0.1:${port}/`,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
