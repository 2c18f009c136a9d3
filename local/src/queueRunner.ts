import { randomUUID } from 'node:crypto';
import type { DequeuedMessageItem, QueueServiceClient } from '@azure/storage-queue';
import { decodeMessage } from '@movers/functions/src/platform/queue/messages.ts';
import { poisonQueueName, QUEUE_CONNECTION } from '@movers/functions/src/platform/queue/names.ts';
import type { FunctionsApp } from './functionsApp.ts';

/** The Functions host's defaults for Storage queue triggers (host.json `extensions.queues`), mirrored here. */
export const HOST_QUEUE_DEFAULTS = {
  /** Messages taken per receive, handled at once. */
  batchSize: 16,
  /** Tries before a message is moved to `<queue>-poison`. */
  maxDequeueCount: 5,
} as const;

export interface QueueRunnerOptions {
  /** The queue service of the `QueueStorage` connection (Azurite's locally). */
  service: QueueServiceClient;
  /** Longest wait between polls of an empty queue (the host's maxPollingInterval, 1 minute there; short here). */
  maxPollMs: number;
  /** First wait after a poll finds nothing; it doubles up to maxPollMs. */
  minPollMs?: number;
  /** How long a received message stays invisible to other receivers while its handler runs. */
  visibilityTimeoutSeconds?: number;
  /** How long a message whose handler threw waits before its next try (the host's visibilityTimeout, 0 by default). */
  retryDelaySeconds?: number;
  log?: (line: string) => void;
}

export interface QueueRunner {
  /** Stops polling and resolves when every handler that was running has finished (and its message is deleted). */
  stop(): Promise<void>;
}

/**
 * Runs the Functions queue table locally, where no Functions host polls the queues, with the host's
 * semantics: a batch of 16 at a time, each message invisible while its handler runs, the body base64
 * decoded and JSON parsed, `triggerMetadata` with `id` and `dequeueCount`; deleted when the handler
 * resolves, left for another try when it throws, moved to `<queue>-poison` after the fifth failed try.
 * A queue with messages is polled again at once; an empty one ever less often, up to maxPollMs.
 */
export function startQueues({ queues, InvocationContext }: Pick<FunctionsApp, 'queues' | 'InvocationContext'>, options: QueueRunnerOptions): QueueRunner {
  const log = options.log ?? (() => undefined);
  const minPollMs = Math.min(options.minPollMs ?? 25, options.maxPollMs);
  const visibilityTimeout = options.visibilityTimeoutSeconds ?? 60;
  const retryDelay = options.retryDelaySeconds ?? 0;
  let stopped = false;
  const wakers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        wakers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      wakers.add(done);
    });

  const run = async (definition: FunctionsApp['queues'][number]) => {
    const queue = options.service.getQueueClient(definition.queueName);
    const poison = options.service.getQueueClient(poisonQueueName(definition.queueName));

    const moveToPoison = async (item: DequeuedMessageItem) => {
      // As the host does: the message text as it was, into the poison queue (created if missing), then gone from the queue.
      await poison.createIfNotExists();
      await poison.sendMessage(item.messageText);
      await queue.deleteMessage(item.messageId, item.popReceipt);
      log(`queue ${definition.queueName}: message ${item.messageId} moved to ${poisonQueueName(definition.queueName)} after ${item.dequeueCount} tries`);
    };

    const handle = async (item: DequeuedMessageItem) => {
      // A message already tried maxDequeueCount times (its last try ended without a verdict, e.g. a crash) is not tried again.
      if (item.dequeueCount > HOST_QUEUE_DEFAULTS.maxDequeueCount) return moveToPoison(item);
      const context = new InvocationContext({
        functionName: definition.name,
        invocationId: randomUUID(),
        triggerMetadata: {
          id: item.messageId,
          dequeueCount: item.dequeueCount,
          insertionTime: item.insertedOn.toISOString(),
          expirationTime: item.expiresOn.toISOString(),
          nextVisibleTime: item.nextVisibleOn.toISOString(),
          popReceipt: item.popReceipt,
        },
        options: { trigger: { type: 'queueTrigger', name: 'queueItem', queueName: definition.queueName, connection: QUEUE_CONNECTION } },
      });
      // As the host does, a handler that outlasts half the visibility timeout gets its message hidden for
      // longer, so no other receiver takes it meanwhile; each renewal gives a new pop receipt.
      let popReceipt = item.popReceipt;
      let renewing = Promise.resolve();
      const renewal = setInterval(
        () => {
          renewing = queue
            .updateMessage(item.messageId, popReceipt, undefined, visibilityTimeout)
            .then((renewed) => {
              if (renewed.popReceipt) popReceipt = renewed.popReceipt;
            })
            .catch((error: unknown) => log(`queue ${definition.queueName}: could not keep message ${item.messageId} hidden: ${(error as Error).message}`));
        },
        (visibilityTimeout * 1000) / 2,
      );
      let failed = false;
      try {
        await definition.handler(decodeMessage(item.messageText), context);
      } catch (error) {
        failed = true;
        log(`queue ${definition.queueName}: ${definition.name} failed on message ${item.messageId} (try ${item.dequeueCount}): ${(error as Error).message}`);
      } finally {
        clearInterval(renewal);
        await renewing;
      }
      const current = { ...item, popReceipt };
      if (!failed) {
        await queue.deleteMessage(item.messageId, popReceipt);
        return;
      }
      if (item.dequeueCount >= HOST_QUEUE_DEFAULTS.maxDequeueCount) return moveToPoison(current);
      // Visible again after the retry delay; the dequeue count rises with the next receive.
      await queue.updateMessage(item.messageId, popReceipt, undefined, retryDelay);
    };

    let wait = minPollMs;
    while (!stopped) {
      let items: DequeuedMessageItem[] = [];
      try {
        items = (await queue.receiveMessages({ numberOfMessages: HOST_QUEUE_DEFAULTS.batchSize, visibilityTimeout })).receivedMessageItems;
      } catch (error) {
        log(`queue ${definition.queueName}: receive failed: ${(error as Error).message}`);
      }
      if (items.length > 0) {
        // A failed delete or update leaves the message to reappear after its visibility timeout: retried, not lost.
        const results = await Promise.allSettled(items.map(handle));
        for (const result of results) if (result.status === 'rejected') log(`queue ${definition.queueName}: ${(result.reason as Error).message}`);
        wait = minPollMs;
        continue;
      }
      await sleep(wait);
      wait = Math.min(wait * 2, options.maxPollMs);
    }
  };

  const loops = options.maxPollMs > 0 ? queues.map(run) : [];
  return {
    async stop() {
      stopped = true;
      for (const wake of [...wakers]) wake();
      await Promise.all(loops);
    },
  };
}
