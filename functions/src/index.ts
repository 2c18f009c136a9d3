import { app, httpFunctions, queues, timers } from './app.ts';
import { QUEUE_CONNECTION } from './platform/queue/names.ts';

// HTTP streams: a request's body reaches the handler as it arrives and a download leaves as it is read
// (move documents of up to 250 MB stream to and from Blob Storage), instead of the host holding whole
// bodies in memory. The host still applies FUNCTIONS_REQUEST_BODY_SIZE_LIMIT (100 MB by default).
app.setup({ enableHttpStream: true });

// The only file that registers functions with the Azure Functions host.
for (const fn of httpFunctions) {
  app.http(fn.name, { methods: [fn.method as 'GET'], route: fn.path, authLevel: 'anonymous', handler: fn.handler });
}

for (const timer of timers) {
  app.timer(timer.name, { schedule: timer.schedule, handler: (_timer, context) => timer.handler(context) });
}

// Every queue trigger shares one connection: the app's data storage account (names.ts). The host
// decodes the base64 message, retries a handler that throws and moves a message to <queue>-poison after
// maxDequeueCount (5) failures.
for (const queue of queues) {
  app.storageQueue(queue.name, { queueName: queue.queueName, connection: QUEUE_CONNECTION, handler: (message, context) => queue.handler(message, context) });
}
