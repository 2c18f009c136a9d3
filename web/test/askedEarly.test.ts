import type { SWRHook } from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { askWhileDrawn } from '../src/common/api/askedEarly.ts';

/** A screen's hook as SWR draws it through the middleware: `draw` is a render, `ask` SWR's own fetch. */
function hook(cached: Record<string, unknown> = {}) {
  let fetcherSeen: ((key: string) => Promise<unknown>) | undefined;
  const next = ((_key: unknown, fetcher: (key: string) => Promise<unknown>) => {
    fetcherSeen = fetcher;
    return {};
  }) as unknown as SWRHook;
  const cache = new Map(Object.entries(cached));
  return {
    draw: (key: string | string[], fetcher: (key: never) => Promise<unknown>, config: object = {}) =>
      (askWhileDrawn(next) as unknown as (k: unknown, f: unknown, c: unknown) => unknown)(key, fetcher, { cache, ...config }),
    ask: (key: string | string[]) => fetcherSeen!(key as string),
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  vi.useRealTimers();
});

describe("a screen's reads asked for as it is first drawn (issue 56)", () => {
  it('asks once however often the hook is drawn, and the hook takes that answer instead of asking again', async () => {
    const fetcher = vi.fn(async (key: string) => `answer to ${key}`);
    const { draw, ask } = hook();
    draw('/v1/moves/a/waves', fetcher);
    draw('/v1/moves/a/waves', fetcher);
    await settle();
    expect(fetcher).toHaveBeenCalledTimes(1);
    await expect(ask('/v1/moves/a/waves')).resolves.toBe('answer to /v1/moves/a/waves');
    expect(fetcher).toHaveBeenCalledTimes(1);
    // A later read (a refresh, after a change) asks afresh.
    await ask('/v1/moves/a/waves');
    expect(fetcher).toHaveBeenCalledTimes(2);
  });

  it('asks early for a key of several parts too (every floor with its markers), with the key as SWR gives it', async () => {
    const fetcher = vi.fn(async (key: string[]) => key.join('|'));
    const { draw, ask } = hook();
    draw(['planner-all-markers', 'move-f', 'floor-1', 'floor-2'], fetcher);
    await settle();
    expect(fetcher).toHaveBeenCalledWith(['planner-all-markers', 'move-f', 'floor-1', 'floor-2']);
    await expect(ask(['planner-all-markers', 'move-f', 'floor-1', 'floor-2'])).resolves.toBe('planner-all-markers|move-f|floor-1|floor-2');
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('asks nothing early for what is already read or being read, or what SWR would not ask for on mount', async () => {
    const fetcher = vi.fn(async () => 'answer');
    const { draw } = hook({ '/v1/moves/b/waves': { isValidating: true } });
    draw('/v1/moves/b/waves', fetcher);
    draw('/v1/moves/b/people', fetcher, { revalidateOnMount: false });
    draw('/v1/moves/b/floors', fetcher, { isPaused: () => true });
    draw('/v1/moves/b/board', fetcher, { fallbackData: { people: 0 } });
    await settle();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('does not hand out an answer asked for more than 10 s before its hook asked: it may predate a change', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    let n = 0;
    const fetcher = vi.fn(async () => `answer ${++n}`);
    const { draw, ask } = hook();
    draw('/v1/moves/c/waves', fetcher);
    await settle();
    vi.setSystemTime(Date.now() + 11_000);
    await expect(ask('/v1/moves/c/waves')).resolves.toBe('answer 2');
  });

  it('asks again when an early ask failed (before the session had its token), and leaves none unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    let n = 0;
    const flaky = vi.fn(async () => {
      n += 1;
      if (n === 1) throw new Error('not signed in');
      return 'the waves';
    });
    const failing = vi.fn(async () => {
      throw new Error('503 Service Unavailable');
    });
    const { draw, ask } = hook();
    draw('/v1/moves/d/never-taken', failing);
    draw('/v1/moves/d/waves', flaky);
    await settle();
    await expect(ask('/v1/moves/d/waves')).resolves.toBe('the waves');
    expect(flaky).toHaveBeenCalledTimes(2);
    // A failure of the hook's own ask is the hook's to show.
    draw('/v1/moves/d/people', failing);
    await expect(ask('/v1/moves/d/people')).rejects.toThrow('503');
    await settle();
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });
});
