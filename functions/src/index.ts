import { readFileSync } from 'node:fs';
import { app } from './platform/azureFunctions.ts';
import { QUEUE_CONNECTION } from './platform/queue/names.ts';
import { type FunctionsManifest, registerFunctions } from './registration.ts';

// HTTP streams: a request's body reaches the handler as it arrives and a download leaves as it is read
// (move documents stream to and from Blob Storage), instead of the host holding whole
// bodies in memory. The host still applies FUNCTIONS_REQUEST_BODY_SIZE_LIMIT (100 MB by default).
app.setup({ enableHttpStream: true });

// The only file that registers functions with the Azure Functions host, and the only one it imports
// when a new instance starts. It loads the Functions library and the list of functions that
// functions/build.mjs wrote beside it from app.js; the app itself (route table, validation schemas,
// the Cosmos SDK: two thirds of a cold start's memory) is loaded by the first invocation
// (registration.ts). Run from the sources (no dist/functions.json) it is never: the dev host serves
// app.ts.
//
// Every queue trigger shares one connection: the app's data storage account (names.ts). The host
// decodes the base64 message, retries a handler that throws and moves a message to <queue>-poison after
// maxDequeueCount (5) failures.
const manifest = JSON.parse(readFileSync(new URL('./functions.json', import.meta.url), 'utf8')) as FunctionsManifest;
registerFunctions(app, manifest, QUEUE_CONNECTION, () => import('./app.ts'));
