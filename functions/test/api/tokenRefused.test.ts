import { DATA_IDENTITY_CLIENT_ID, MANAGED_IDENTITY_CLIENT_ID } from '@movers/local/src/managedIdentity.ts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startApiProcess } from './apiProcess.ts';
import { CLIENT_A } from './call.ts';
import { checkConformance } from './conformance.ts';

// Issue 54: when the app's identity cannot get a token (the federated credential missing or refused, an
// identity the managed identity endpoint does not know, Storage's identity missing or refused) a route
// answered 500 and logged it on every request. It is a 503 that names the setting or step to fix, logged
// once. Each API process here runs against the stack's own stand-ins (the managed identity endpoint, the
// identity provider, Azurite with OAuth) with a setting wrong, as a first deployment may have it. Locally
// only the upload SAS asks Storage with the identity (its user delegation key), which is what is tried here;
// in Azure every file goes the same way (platform/azure/credential.ts).

type Api = Awaited<ReturnType<typeof startApiProcess>>;
let unknownIdentities: Api;
let refusedIdentities: Api;

const UNKNOWN_CLIENT_ID = '0c0c0c0c-0000-4000-8000-0000000000cc';

beforeAll(async () => {
  [unknownIdentities, refusedIdentities] = await Promise.all([
    // An identity the endpoint does not have, for Graph; none named for Storage.
    startApiProcess({ GRAPH_MANAGED_IDENTITY_CLIENT_ID: UNKNOWN_CLIENT_ID, AZURE_CLIENT_ID: '' }),
    // Each the other's identity: Entra finds no federated credential for the data identity, and the Graph
    // identity holds no Storage role.
    startApiProcess({ GRAPH_MANAGED_IDENTITY_CLIENT_ID: DATA_IDENTITY_CLIENT_ID, AZURE_CLIENT_ID: MANAGED_IDENTITY_CLIENT_ID }),
  ]);
}, 120_000);

afterAll(() => {
  unknownIdentities?.child.kill('SIGTERM');
  refusedIdentities?.child.kill('SIGTERM');
});

async function callApi(api: Api, method: string, path: string, body?: unknown) {
  const url = `${api.origin}/api${path}`;
  const headers: Record<string, string> = { Authorization: `Bearer ${inject('stack').tokens.staff}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => undefined);
  await checkConformance(method, url, response.status, response.headers, answer);
  return { status: response.status, body: answer as { error?: { code: string; message: string } } };
}

const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

const LOCATION = 'l0000000-0000-4000-8000-000000000101';
const base = `/v1/locations/${LOCATION}/moves/${CLIENT_A}_${LOCATION}`;

describe('Graph when its token is refused', () => {
  for (const [kind, api, named, logLine] of [
    [
      'the managed identity endpoint does not know GRAPH_MANAGED_IDENTITY_CLIENT_ID',
      () => unknownIdentities,
      /GRAPH_MANAGED_IDENTITY_CLIENT_ID/,
      /Microsoft Graph \(the directory and mail\) is unavailable: the managed identity endpoint gave no token to the Graph identity GRAPH_MANAGED_IDENTITY_CLIENT_ID.*Unable to load the proper Managed Identity/,
    ],
    [
      "Entra finds no federated credential for the identity's token (AADSTS70021)",
      () => refusedIdentities,
      /federated credential/,
      /Microsoft Graph \(the directory and mail\) is unavailable: Entra refused the token request of the API registration GRAPH_CLIENT_ID: .*AADSTS70021/,
    ],
  ] as const) {
    it(`${kind}: every Graph route answers 503 naming what to fix, and the log says it once`, async () => {
      for (let i = 0; i < 3; i++) {
        const users = await callApi(api(), 'GET', '/v1/users');
        expect(users.status).toBe(503);
        expect(users.body.error?.code).toBe('service_unavailable');
        expect(users.body.error?.message).toMatch(/^Microsoft Graph \(the directory and mail\) is unavailable: /);
        expect(users.body.error?.message).toMatch(named);
      }
      expect(count(api().output(), logLine)).toBe(1);
      expect(api().output()).not.toMatch(/route \S+ failed/);
    });
  }
});

describe('Storage when its identity is missing or refused', () => {
  for (const [kind, api, reason] of [
    ['AZURE_CLIENT_ID is not set', () => unknownIdentities, /client_id missing/],
    ['AZURE_CLIENT_ID names an identity without a Storage role', () => refusedIdentities, /this identity holds no Storage role/],
  ] as const) {
    it(`${kind}: a large document's upload answers 503 naming AZURE_CLIENT_ID, logged once, and records no upload`, async () => {
      const name = `refused ${kind}.pdf`;
      for (let i = 0; i < 3; i++) {
        const upload = await callApi(api(), 'POST', `${base}/document-uploads`, { name, size: 10_000_000 });
        expect(upload.status).toBe(503);
        expect(upload.body.error?.code).toBe('service_unavailable');
        expect(upload.body.error?.message).toMatch(/^Azure Storage \(files and queues\) is unavailable: .*AZURE_CLIENT_ID/);
      }
      // The log says why, in the identity endpoint's words (as Azure's would).
      const logLine = new RegExp(`Azure Storage \\(files and queues\\) is unavailable: the managed identity endpoint gave no token.*${reason.source}`);
      expect(count(api().output(), logLine)).toBe(1);
      expect(api().output()).not.toMatch(/route \S+ failed/);
      // An upload that never got its SAS leaves no record behind for the timer to find a day later.
      Object.assign(process.env, inject('stack').settings);
      const { container, queryAll } = await import('../../src/platform/cosmos/client.ts');
      const records = await queryAll(container('moveDocuments'), 'SELECT c.id FROM c WHERE c.name = @name', [{ name: '@name', value: name }]);
      expect(records).toEqual([]);
    });
  }
});
