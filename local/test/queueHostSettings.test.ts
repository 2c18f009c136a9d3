import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HOST_QUEUE_DEFAULTS } from '../src/queueRunner.ts';

// The local queue runner mimics the Functions host; host.json pins the host's queue settings (its
// defaults, written out) so that the two cannot drift apart unnoticed.
const host = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'functions', 'host.json'), 'utf8')) as {
  extensions: { queues: { batchSize: number; maxDequeueCount: number; messageEncoding: string } };
};

describe('queue trigger settings', () => {
  it('host.json and the local runner agree on batch size, tries before poison and base64 messages', () => {
    expect(host.extensions.queues.batchSize).toBe(HOST_QUEUE_DEFAULTS.batchSize);
    expect(host.extensions.queues.maxDequeueCount).toBe(HOST_QUEUE_DEFAULTS.maxDequeueCount);
    expect(host.extensions.queues.messageEncoding).toBe('base64');
  });
});
