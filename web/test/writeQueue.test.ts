import { describe, expect, it } from 'vitest';
import { writeQueue } from '../src/admin/features/planner/writeQueue.ts';

describe('the planner write queue', () => {
  it('runs calls one after another in the order they were made, however long each takes', async () => {
    const queue = writeQueue();
    const log: string[] = [];
    const call = (name: string, ms: number) => () =>
      new Promise<string>((resolve) => {
        log.push(`start ${name}`);
        setTimeout(() => {
          log.push(`end ${name}`);
          resolve(name);
        }, ms);
      });
    const answers = await Promise.all([queue.run(call('a', 30)), queue.run(call('b', 1)), queue.run(call('c', 10))]);
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('goes on after a failed call, which rejects only its own promise, and says when it is busy', async () => {
    const queue = writeQueue();
    const busy: boolean[] = [];
    queue.subscribe((b) => busy.push(b));
    const failed = queue.run(() => Promise.reject(new Error('no')));
    const next = queue.run(() => Promise.resolve('yes'));
    await expect(failed).rejects.toThrow('no');
    await expect(next).resolves.toBe('yes');
    await new Promise((r) => setTimeout(r, 0));
    expect(busy[0]).toBe(true);
    expect(busy.at(-1)).toBe(false);
  });
});
