import type { QueueServiceClient } from '@azure/storage-queue';
import { azureCredential } from '../azure/credential.ts';
import { readSetting, requireSetting } from '../config/config.ts';
import { encodeMessage } from './messages.ts';
import { poisonQueueName, queueNames } from './names.ts';

let service: Promise<QueueServiceClient> | undefined;

/**
 * The queue service of the `QueueStorage` connection (names.ts): Azurite's through its connection string
 * locally; in Azure the identity-based connection the Functions host reads too, `QueueStorage__queueServiceUri`
 * with the app's managed identity. The SDK is loaded by the first use, not when the app starts.
 */
export function queueService(): Promise<QueueServiceClient> {
  service ??= import('@azure/storage-queue').then(({ QueueServiceClient }) => {
    const connectionString = readSetting('QueueStorage');
    return connectionString
      ? QueueServiceClient.fromConnectionString(connectionString)
      : new QueueServiceClient(requireSetting('QueueStorage__queueServiceUri'), azureCredential());
  });
  return service;
}

/** Local stack and tests only: infra/ creates the queues and their poison queues in Azure. */
export async function ensureQueues(names: readonly string[] = queueNames): Promise<void> {
  const client = await queueService();
  for (const name of names) {
    await client.getQueueClient(name).createIfNotExists();
    await client.getQueueClient(poisonQueueName(name)).createIfNotExists();
  }
}

/**
 * Sends at most this many messages at once. Storage queues have no batch send: each message is one
 * request, so one at a time would take minutes for a few thousand. 64 in flight queued 2,000 messages in
 * about 2.5 s against Azurite here (8: 5 s; more gained nothing), without opening hundreds of sockets.
 */
const SEND_CONCURRENCY = 64;

/**
 * Queues one message per body (JSON, base64 as the host reads it) and resolves when all are queued. Every
 * body is encoded first, so a body over 64 KB fails the call before any message is sent. A failure while
 * sending rejects with the first error and sends nothing more; messages sent before it stay queued, so a caller
 * that tries again sends some twice (handlers must be idempotent).
 */
export async function enqueueAll(queueName: string, bodies: readonly unknown[]): Promise<number> {
  const texts = bodies.map((body, index) => {
    try {
      return encodeMessage(body);
    } catch (error) {
      throw new Error(`message ${index} for queue ${queueName}: ${(error as Error).message}`);
    }
  });
  if (texts.length === 0) return 0;
  const queue = (await queueService()).getQueueClient(queueName);
  let next = 0;
  let failed = false;
  const worker = async () => {
    // The SDK already retried a failed send; after one fails for good the others stop taking new messages,
    // so the call does not go on sending in the background after it has rejected.
    while (!failed && next < texts.length) {
      const text = texts[next++]!;
      await queue.sendMessage(text).catch((error: unknown) => {
        failed = true;
        throw error;
      });
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, texts.length) }, worker));
  return texts.length;
}

/** Storage's longest visibility timeout on a new message: 7 days. */
const MAX_DELAY_SECONDS = 7 * 24 * 3600;

/**
 * Queues one message that becomes visible only after `delaySeconds`: work to try again at a time someone
 * else named (Graph's Retry-After), without spending one of the message's tries on waiting.
 */
export async function enqueueAfter(queueName: string, body: unknown, delaySeconds: number): Promise<void> {
  const queue = (await queueService()).getQueueClient(queueName);
  await queue.sendMessage(encodeMessage(body), { visibilityTimeout: Math.max(0, Math.min(Math.ceil(delaySeconds), MAX_DELAY_SECONDS)) });
}

export interface QueueCounts {
  /** Approximate number of messages waiting (or being handled) in the queue. */
  messages: number;
  /** Approximate number of messages moved to `<queue>-poison` after failing every try. */
  poison: number;
}

/** Storage gives only an approximate count (it may lag by a little); enough for a screen to show progress. */
export async function queueCounts(queueName: string): Promise<QueueCounts> {
  const client = await queueService();
  const count = async (name: string) => (await client.getQueueClient(name).getProperties()).approximateMessagesCount ?? 0;
  const [messages, poison] = await Promise.all([count(queueName), count(poisonQueueName(queueName))]);
  return { messages, poison };
}
