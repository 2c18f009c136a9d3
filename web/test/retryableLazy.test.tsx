import { type ComponentType, Suspense } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { onChunkArrived, preloadLazy, retryableLazy } from '../src/common/retryableLazy.tsx';

const drawn = (Screen: ComponentType) =>
  renderToStaticMarkup(
    <Suspense fallback={<p>Loading…</p>}>
      <Screen />
    </Suspense>,
  );

describe('a screen loaded on demand (issue 56)', () => {
  it('is drawn at once when its chunk was asked for ahead and has loaded, not from its loading state', async () => {
    const load = vi.fn(async () => ({ default: () => <h1>Waves</h1> }));
    const Screen = retryableLazy(load);
    preloadLazy(Screen);
    preloadLazy(Screen);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(drawn(Screen)).toBe('<h1>Waves</h1>');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows its loading state while its chunk is still on the way', () => {
    const Screen = retryableLazy(() => new Promise<{ default: () => React.ReactNode }>(() => undefined));
    expect(drawn(Screen)).toBe('<p>Loading…</p>');
  });

  it('says its chunk arrived once React.lazy holds it: a boundary drawn again then draws the screen, not its loading state', async () => {
    let arrive = (_module: { default: () => React.ReactNode }) => {};
    const Screen = retryableLazy(
      () =>
        new Promise<{ default: () => React.ReactNode }>((resolve) => {
          arrive = resolve;
        }),
    );
    expect(drawn(Screen)).toBe('<p>Loading…</p>');
    const drawnOnArrival = new Promise<string>((done) => {
      const stop = onChunkArrived(() => {
        stop();
        done(drawn(Screen));
      });
    });
    arrive({ default: () => <h1>Board</h1> });
    expect(await drawnOnArrival).toBe('<h1>Board</h1>');
  });
});
