import { randomUUID } from 'node:crypto';
import type { InvocationContext } from '@azure/functions';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { InvocationContext as Context } from '@movers/functions/src/platform/azureFunctions.ts';
import { enqueueAll, ensureQueues, queueCounts, queueService } from '@movers/functions/src/platform/queue/client.ts';
import { decodeMessage } from '@movers/functions/src/platform/queue/messages.ts';
import { poisonQueueName } from '@movers/functions/src/platform/queue/names.ts';
import type { QueueDefinition } from '@movers/functions/src/queues.ts';
import { startQueues, type QueueRunner } from '@movers/local/src/queueRunner.ts';

// The queue foundations against the test stack's own Azurite queue service: the app's queue client
// (enqueue, counts) and the local runner that handles queue functions as the Functions host does.
beforeAll(() => {
  // The test worker reads the same connection the stack gave the Functions app.
  process.env.QueueStorage = inject('stack').settings.QueueStorage;
});

const runners: QueueRunner[] = [];
afterAll(async () => {
  await Promise.all(runners.map((r) => r.stop()));
});

/** A queue of this test's own (created with its poison queue), so tests never see each other's messages. */
async function testQueue(): Promise<string> {
  const name = `test-${randomUUID().slice(0, 8)}`;
  await ensureQueues([name]);
  return name;
}

async function run(definition: QueueDefinition, visibilityTimeoutSeconds = 30): Promise<QueueRunner> {
  const runner = startQueues(
    { queues: [definition], InvocationContext: Context },
    { service: await queueService(), maxPollMs: 50, minPollMs: 5, retryDelaySeconds: 0, visibilityTimeoutSeconds },
  );
  runners.push(runner);
  return runner;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const dequeueCount = (context: InvocationContext) => context.triggerMetadata?.dequeueCount as number;

describe('queue client', () => {
  // How fast is the bench's (BENCH_ONLY=letters): a timed assertion here failed a busy machine's run.
  it('queues 2,000 messages, base64 JSON as the Functions host reads them, and counts them', async () => {
    const queueName = await testQueue();
    const bodies = Array.from({ length: 2000 }, (_, i) => ({ person: `p${i}`, seat: i }));
    expect(await enqueueAll(queueName, bodies)).toBe(2000);
    expect(await queueCounts(queueName)).toEqual({ messages: 2000, poison: 0 });
    const [peeked] = (await (await queueService()).getQueueClient(queueName).peekMessages()).peekedMessageItems;
    expect(peeked!.messageText).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeMessage(peeked!.messageText)).toMatchObject({ person: expect.stringMatching(/^p\d+$/) });
  });

  it('refuses a message over 64 KB before sending any', async () => {
    const queueName = await testQueue();
    await expect(enqueueAll(queueName, [{ ok: true }, { text: 'x'.repeat(50_000) }])).rejects.toThrow(/message 1 .*too large.*65536/);
    expect(await queueCounts(queueName)).toEqual({ messages: 0, poison: 0 });
  });

  it('rejects when the queue does not exist, instead of losing the messages silently', async () => {
    await expect(enqueueAll(`missing-${randomUUID().slice(0, 8)}`, [{ a: 1 }, { a: 2 }])).rejects.toThrow(/queue does not exist|QueueNotFound/i);
  });
});

describe('local queue runner (Functions host semantics)', () => {
  it('hands each message, decoded, to the handler once with its id and dequeue count, and deletes it', async () => {
    const queueName = await testQueue();
    const seen = new Map<number, { id: unknown; dequeueCount: number }>();
    await enqueueAll(
      queueName,
      Array.from({ length: 100 }, (_, i) => ({ n: i })),
    );
    await run({
      name: 'test-handle',
      queueName,
      handler: async (message, context) => {
        const { n } = message as { n: number };
        expect(seen.has(n)).toBe(false);
        seen.set(n, { id: context.triggerMetadata?.id, dequeueCount: dequeueCount(context) });
      },
    });
    await until(() => seen.size === 100);
    expect([...seen.values()].every((s) => s.dequeueCount === 1 && typeof s.id === 'string')).toBe(true);
    await until(async () => (await queueCounts(queueName)).messages === 0);
  });

  it('tries a message again after its handler throws, with a rising dequeue count', async () => {
    const queueName = await testQueue();
    const tries: number[] = [];
    await enqueueAll(queueName, [{ flaky: true }]);
    let done = false;
    await run({
      name: 'test-retry',
      queueName,
      handler: async (_message, context) => {
        tries.push(dequeueCount(context));
        if (tries.length < 3) throw new Error('not yet');
        done = true;
      },
    });
    await until(() => done);
    expect(tries).toEqual([1, 2, 3]);
    await until(async () => (await queueCounts(queueName)).messages === 0);
    expect(await queueCounts(queueName)).toEqual({ messages: 0, poison: 0 });
  });

  it('moves a message to <queue>-poison after 5 failed tries and never calls the handler again', async () => {
    const queueName = await testQueue();
    const tries: number[] = [];
    await enqueueAll(queueName, [{ doomed: 1 }]);
    await run({
      name: 'test-poison',
      queueName,
      handler: async (_message, context) => {
        tries.push(dequeueCount(context));
        throw new Error('always fails');
      },
    });
    await until(async () => (await queueCounts(queueName)).poison === 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(tries).toEqual([1, 2, 3, 4, 5]);
    expect((await queueCounts(queueName)).messages).toBe(0);
    const [poisoned] = (await (await queueService()).getQueueClient(poisonQueueName(queueName)).peekMessages()).peekedMessageItems;
    expect(decodeMessage(poisoned!.messageText)).toEqual({ doomed: 1 });
  });

  it('loses no message when stopped mid-run and started again: stop waits for running handlers', async () => {
    const queueName = await testQueue();
    const total = 300;
    await enqueueAll(
      queueName,
      Array.from({ length: total }, (_, i) => ({ n: i })),
    );
    const handled = new Set<number>();
    let running = 0;
    const definition: QueueDefinition = {
      name: 'test-restart',
      queueName,
      handler: async (message) => {
        running += 1;
        await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
        handled.add((message as { n: number }).n);
        running -= 1;
      },
    };
    const first = await run(definition);
    await until(() => handled.size >= 40);
    await first.stop();
    expect(running).toBe(0);
    const afterStop = handled.size;
    expect(afterStop).toBeLessThan(total);
    await new Promise((r) => setTimeout(r, 100));
    expect(handled.size).toBe(afterStop);
    // Every message handled so far was deleted: none comes back, only the rest remain.
    expect((await queueCounts(queueName)).messages).toBe(total - afterStop);
    await run(definition);
    await until(() => handled.size === total);
    await until(async () => (await queueCounts(queueName)).messages === 0);
  });

  it('keeps a message hidden while a long handler runs: a second runner on the queue does not take it', async () => {
    const queueName = await testQueue();
    await enqueueAll(queueName, [{ slow: true }]);
    let calls = 0;
    const definition: QueueDefinition = {
      name: 'test-slow',
      queueName,
      handler: async () => {
        calls += 1;
        await new Promise((r) => setTimeout(r, 2500));
      },
    };
    // Hidden for 1 s at a time: without renewal the message would be taken again after a second.
    await run(definition, 1);
    await until(() => calls === 1);
    await run(definition, 1);
    await until(async () => (await queueCounts(queueName)).messages === 0, 10_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(calls).toBe(1);
  });
});

describe('local queue view', () => {
  it('GET /_local/queues on the dev host counts each app queue and its poison queue', async () => {
    const view = async () => (await (await fetch(`${inject('stack').apiOrigin}/_local/queues`)).json()) as unknown;
    // The seat-letters function takes messages off its queue at once; the poison queue is nobody's to read.
    const poison = (await queueService()).getQueueClient(poisonQueueName('seat-letters'));
    await poison.clearMessages();
    await enqueueAll(poisonQueueName('seat-letters'), [{ probe: 1 }, { probe: 2 }]);
    try {
      expect(await view()).toEqual([{ queue: 'seat-letters', messages: expect.any(Number), poison: 2 }]);
    } finally {
      await poison.clearMessages();
    }
    expect(await view()).toEqual([{ queue: 'seat-letters', messages: expect.any(Number), poison: 0 }]);
  });
});
