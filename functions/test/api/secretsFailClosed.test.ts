import { type ChildProcess, spawn } from 'node:child_process';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '@movers/local/src/dataDir.ts';
import { DEMO_MOVE_PASSWORD, DEMO_MOVE_PATH } from '@movers/local/src/seedMoves.ts';
import { call } from './call.ts';
import { checkConformance } from './conformance.ts';

// Secrets fail closed (issue 35): when App Service cannot resolve a Key Vault reference it passes the
// reference on as the setting's text. The Functions app (the shipped package under npm test) started
// with such a text, or with a secret too short, as VISITOR_SESSION_SECRET, against the running stack's
// services, issues no visitor session and accepts none: 503, and a log line naming the setting. Graph has
// no secret (issue 46), but its managed identity's client id, missing or not an id, likewise: no Graph call
// is made, the caller gets 503.

const UNRESOLVED = '@Microsoft.KeyVault(SecretUri=https://movers-prod-kv.vault.azure.net/secrets/visitor-session-secret/)';
const TOO_SHORT = 'only-twenty-chars-xx';
const UNRESOLVED_GRAPH = '@Microsoft.KeyVault(VaultName=movers-prod-kv;SecretName=graph-identity)';

interface ApiProcess {
  child: ChildProcess;
  origin: string;
  /** Everything the process has written so far (stdout and stderr). */
  output: () => string;
}

function startApi(secrets: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/src/cli/api.ts'], {
    cwd: repoRoot,
    env: { ...process.env, ...inject('stack').settings, ...secrets, API_PORT: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise<ApiProcess>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the API did not start:\n${output}`)), 60_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      const found = /^API (\S+)$/m.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve({ child, origin: found[1], output: () => output });
      }
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', read);
    child.on('exit', (code) => reject(new Error(`the API ended (${code}):\n${output}`)));
  });
}

let unresolved: ApiProcess;
let tooShort: ApiProcess;

beforeAll(async () => {
  [unresolved, tooShort] = await Promise.all([
    startApi({ VISITOR_SESSION_SECRET: UNRESOLVED, GRAPH_MANAGED_IDENTITY_CLIENT_ID: UNRESOLVED_GRAPH }),
    startApi({ VISITOR_SESSION_SECRET: TOO_SHORT, GRAPH_MANAGED_IDENTITY_CLIENT_ID: '' }),
  ]);
}, 90_000);

afterAll(() => {
  unresolved?.child.kill('SIGTERM');
  tooShort?.child.kill('SIGTERM');
});

/** A call to one of the API processes started here, held to the served OpenAPI document as every other. */
async function callApi(api: ApiProcess, method: string, path: string, options: { body?: unknown; token?: string } = {}) {
  const url = `${api.origin}/api${path}`;
  const headers: Record<string, string> = options.body === undefined ? {} : { 'Content-Type': 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  const response = await fetch(url, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  const body = await response.json().catch(() => undefined);
  await checkConformance(method, url, response.status, response.headers, body);
  return { status: response.status, body };
}

const credentials = { email: 'visitor@client-a.test', password: DEMO_MOVE_PASSWORD };
const signIn = `/v1/visit/${DEMO_MOVE_PATH}/session`;

describe('a visitor session secret that is not what it should be', () => {
  it('is the credentials, not the session, that the running stack checks (the same sign-in succeeds there)', async () => {
    const answer = await call('anonymous', 'POST', signIn, { body: credentials });
    expect(answer.status).toBe(201);
  });

  for (const [kind, api, reason] of [
    [
      'an unresolved Key Vault reference',
      () => unresolved,
      /setting VISITOR_SESSION_SECRET cannot be used: it holds a Key Vault reference that did not resolve/,
    ],
    ['a secret shorter than 32 characters', () => tooShort, /setting VISITOR_SESSION_SECRET cannot be used: it is shorter than 32 characters/],
  ] as const) {
    it(`with ${kind}: refuses visitor sign-in with 503 and says why in the log, without the value`, async () => {
      const answer = await callApi(api(), 'POST', signIn, { body: credentials });
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ error: { code: 'service_unavailable', message: 'visitor sign-in is not configured on the server: try again later' } });
      expect(answer.body).not.toHaveProperty('token');
      expect(api().output()).toMatch(reason);
      expect(api().output()).not.toContain('movers-prod-kv');
      expect(api().output()).not.toContain(TOO_SHORT);
    });
  }

  it("accepts no session signed with the reference's text as the key: the protected move's content is 503, not served", async () => {
    const forged = await new SignJWT({ mv: 'any', sv: 0, vis: '' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('movers-api')
      .setAudience('movers-visit')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(UNRESOLVED));
    const pages = await callApi(unresolved, 'GET', `/v1/visit/${DEMO_MOVE_PATH}/pages`, { token: forged });
    expect(pages.status).toBe(503);
    // The move's public face, which needs no session, is still served.
    expect((await callApi(unresolved, 'GET', `/v1/visit/${DEMO_MOVE_PATH}`, { token: forged })).status).toBe(200);
  });

  for (const [kind, api, reason] of [
    [
      'not a client id (a Key Vault reference)',
      () => unresolved,
      /setting GRAPH_MANAGED_IDENTITY_CLIENT_ID cannot be used: it holds a Key Vault reference that did not resolve .*; Microsoft Graph \(the directory and mail\) is off/,
    ],
    ['missing', () => tooShort, /setting GRAPH_MANAGED_IDENTITY_CLIENT_ID cannot be used: it is not set/],
  ] as const) {
    it(`with Graph's managed identity client id ${kind}: a route that calls Graph answers 503, and the log names the setting`, async () => {
      const users = await callApi(api(), 'GET', '/v1/users', { token: inject('stack').tokens.staff });
      expect(users.status).toBe(503);
      expect(users.body.error).toEqual({
        code: 'service_unavailable',
        message: 'Microsoft Graph (the directory and mail) is not configured on the server: try again later',
      });
      expect(api().output()).toMatch(reason);
      expect(api().output()).not.toContain('movers-prod-kv');
    });
  }
});
