import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureBlobContainers, ensureBlobCors } from '@movers/functions/src/platform/blob/client.ts';
import { ensureCosmos } from '@movers/functions/src/platform/cosmos/client.ts';
import { ensureQueues, queueCounts, queueService } from '@movers/functions/src/platform/queue/client.ts';
import { queueNames } from '@movers/functions/src/platform/queue/names.ts';
import { startAzurite, startAzuriteQueue } from './azurite.ts';
import { ensureCertificate } from './certs.ts';
import { startCosmos } from './cosmos.ts';
import { startDevHost } from './devHost/devHost.ts';
import { Directory } from './directory.ts';
import { DOCUMENT_LIBRARY_DRIVE_ID, startGraph } from './graph.ts';
import { DOCUMENT_STORE_SCOPE, startIdp } from './idp.ts';
import { Mailbox } from './mailbox.ts';
import { DATA_IDENTITY_CLIENT_ID, MANAGED_IDENTITY_CLIENT_ID, startManagedIdentity } from './managedIdentity.ts';
import { startQueues } from './queueRunner.ts';
import { startTimers } from './timerRunner.ts';
import { loadFunctionsApp } from './functionsApp.ts';
import { seed } from './seed.ts';

export interface StackPorts {
  api: number;
  cosmos: number;
  azurite: number;
  azuriteQueue: number;
  idp: number;
  graph: number;
}

/** Ports of `npm start`, each overridable by the environment variable named in the README. */
export const defaultPorts = (): StackPorts => ({
  api: Number(process.env.API_PORT ?? 7071),
  cosmos: Number(process.env.COSMOS_PORT ?? 8081),
  azurite: Number(process.env.AZURITE_PORT ?? 10000),
  azuriteQueue: Number(process.env.AZURITE_QUEUE_PORT ?? 10001),
  idp: Number(process.env.IDP_PORT ?? 9443),
  graph: Number(process.env.GRAPH_PORT ?? 9444),
});

/** What the web app needs at run time; served as /config.json. */
export interface WebConfig {
  apiBaseUrl: string;
  authority: string;
  clientId: string;
  apiScope: string;
  /** Delegated Graph scope of the document store's token (brokering documents). */
  documentStoreScope: string;
  knownAuthorities: string[];
}

export interface Stack {
  web: WebConfig;
  /** The settings the Functions code reads (local.settings.json's Values). */
  settings: Record<string, string>;
  apiOrigin: string;
  /** Where the served Functions app came from: 'sources', or the shipped package's folder. */
  functionsFrom: string;
  idp: { authority: string; clientId: string; redirectUri: string; scope: string };
  stop(): Promise<void>;
}

/**
 * Starts the whole local backend: Cosmos emulator, Azurite (blobs and queues), identity provider, Graph stand-in and the
 * Functions dev host serving the route table; creates the storage and seeds demo data once.
 */
export async function startStack(options: { dataDir: string; ports: StackPorts; webOrigins: string[]; quiet?: boolean }): Promise<Stack> {
  const log = (line: string) => options.quiet || console.log(line);
  const tls = await ensureCertificate();
  const directory = new Directory(options.dataDir);
  const redirectUris = options.webOrigins.map((o) => `${o}/redirect.html`);
  const stops: (() => Promise<void>)[] = [];
  try {
    const cosmos = await startCosmos({ port: options.ports.cosmos, dataDir: options.dataDir });
    stops.push(cosmos.stop);
    const azurite = await startAzurite({ port: options.ports.azurite, location: join(options.dataDir, 'azurite'), tls });
    stops.push(azurite.stop);
    const azuriteQueue = await startAzuriteQueue({ port: options.ports.azuriteQueue, location: join(options.dataDir, 'azurite') });
    stops.push(azuriteQueue.stop);
    const idp = await startIdp({ port: options.ports.idp, tls, directory, dataDir: options.dataDir, redirectUris });
    stops.push(idp.stop);
    const managedIdentity = await startManagedIdentity(idp.issueIdentityToken);
    stops.push(managedIdentity.stop);
    const graph = await startGraph({
      port: options.ports.graph,
      tls,
      directory,
      issuer: idp.issuer,
      jwksUri: idp.jwksUri,
      mailbox: new Mailbox(options.dataDir),
      apiAppId: idp.graphClientId,
    });
    stops.push(graph.stop);

    const settings: Record<string, string> = {
      COSMOS_ENDPOINT: cosmos.endpoint,
      COSMOS_KEY: cosmos.key,
      COSMOS_DATABASE: 'movers',
      STORAGE_CONNECTION_STRING: azurite.connectionString,
      STORAGE_BLOB_ENDPOINT: azurite.endpoint,
      // The data identity (local/src/managedIdentity.ts), as in Azure: Storage tokens for the upload SAS.
      AZURE_CLIENT_ID: DATA_IDENTITY_CLIENT_ID,
      // The queue triggers' connection (platform/queue/names.ts): a connection string here, identity-based in Azure.
      QueueStorage: azuriteQueue.connectionString,
      QueueStorage__queueServiceUri: azuriteQueue.endpoint,
      AUTH_ISSUER: idp.issuer,
      // As Entra v2 sends it: the API's client id (a GUID), not the Application ID URI the SPA's scope names.
      AUTH_AUDIENCE: idp.apiAudience,
      AUTH_JWKS_URI: idp.jwksUri,
      GRAPH_BASE_URL: graph.baseUrl,
      GRAPH_AUTHORITY: idp.authority,
      GRAPH_CLIENT_ID: idp.graphClientId,
      GRAPH_MANAGED_IDENTITY_CLIENT_ID: MANAGED_IDENTITY_CLIENT_ID,
      GRAPH_SCOPE: 'https://graph.microsoft.com/.default',
      // The larger path (the portal assigns the External role, as where the registration requires assignment),
      // so every test runs it; the default ('none') is tested with an API of its own (invitations.test.ts).
      EXTERNAL_ROLE_ASSIGNMENT: 'required',
      DOCUMENT_STORE_DRIVE_ID: DOCUMENT_LIBRARY_DRIVE_ID,
      PORTAL_URL: `${options.webOrigins[0]}/`,
      CORS_ALLOWED_ORIGINS: options.webOrigins.join(','),
      REMINDER_MAIL_SENDER: 'reminders@movers.test',
      REMINDER_MAIL_TO: 'lease-team@movers.test',
      VISITOR_SESSION_SECRET: 'local-visitor-session-secret-0123456789abcdef',
      VISITOR_MAIL_SENDER: 'visit@movers.test',
    };
    // The Functions code reads its settings from the environment, as in Azure; a value set by the
    // person starting the stack wins, so any box can point at a real service.
    for (const [key, value] of Object.entries(settings)) process.env[key] ??= value;
    for (const key of Object.keys(settings)) settings[key] = process.env[key]!;
    // The managed identity endpoint, as App Service and Functions give it to the app (no app settings: the
    // platform's, so always this stack's own, never one inherited from a stack that started this process).
    Object.assign(settings, { IDENTITY_ENDPOINT: managedIdentity.endpoint, IDENTITY_HEADER: managedIdentity.header });
    Object.assign(process.env, { IDENTITY_ENDPOINT: managedIdentity.endpoint, IDENTITY_HEADER: managedIdentity.header });

    await ensureCosmos();
    await ensureBlobContainers();
    await ensureBlobCors(options.webOrigins);
    await ensureQueues();
    await seed();
    await cosmos.save();

    // Loaded once the settings are in the environment, as the Functions host starts the app with them.
    const functions = await loadFunctionsApp();
    const host = await startDevHost({
      port: options.ports.api,
      app: functions.app,
      // How many messages wait in each queue and its poison queue (approximate, as Storage counts them).
      localViews: { '/_local/queues': async () => Promise.all(queueNames.map(async (queue) => ({ queue, ...(await queueCounts(queue)) }))) },
    });
    stops.push(host.stop);
    // Timer functions (functions/src/timers.ts) run on an interval here; TIMER_INTERVAL_MS=0 turns them off.
    const timerRunner = startTimers(functions.app, Number(process.env.TIMER_INTERVAL_MS ?? 60_000), log);
    stops.push(timerRunner.stop);
    // Queue functions (functions/src/queues.ts) are polled with the host's semantics; QUEUE_POLL_MS (the
    // longest wait on an empty queue) =0 turns them off.
    const queueRunner = startQueues(functions.app, { service: await queueService(), maxPollMs: Number(process.env.QUEUE_POLL_MS ?? 1000), log });
    stops.push(queueRunner.stop);
    log(`API       ${host.origin}/api  (${functions.app.routes.length} routes, from ${functions.from})`);
    log(`Identity  ${idp.authority}`);
    log(`Graph     ${graph.baseUrl}  (mail sent locally: ${graph.baseUrl}_local/mail)`);
    log(`Cosmos    ${cosmos.endpoint}   Azurite ${azurite.endpoint} (queues ${azuriteQueue.endpoint}, counts: ${host.origin}/_local/queues)`);

    const web: WebConfig = {
      apiBaseUrl: `${host.origin.replace('127.0.0.1', 'localhost')}/api`,
      authority: idp.authority,
      clientId: idp.spaClientId,
      apiScope: idp.apiScope,
      documentStoreScope: DOCUMENT_STORE_SCOPE,
      knownAuthorities: [new URL(idp.authority).host],
    };
    const stack: Stack = {
      web,
      settings,
      apiOrigin: host.origin,
      functionsFrom: functions.from,
      idp: { authority: idp.authority, clientId: idp.spaClientId, redirectUri: redirectUris[0], scope: `openid profile offline_access ${idp.apiScope}` },
      stop: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => undefined);
      },
    };
    writeFileSync(join(options.dataDir, 'stack.json'), JSON.stringify({ web, idp: stack.idp, apiOrigin: host.origin, graphBaseUrl: graph.baseUrl }, null, 2));
    return stack;
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => undefined);
    throw error;
  }
}
