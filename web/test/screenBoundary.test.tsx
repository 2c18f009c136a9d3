import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RetryBoundary } from '../src/common/RetryBoundary.tsx';
import { ScreenFailed } from '../src/common/ScreenBoundary.tsx';

describe('the screen and page error boundary', () => {
  it('turns a render error into the failed state, and clears it when the address changes', () => {
    const failed = RetryBoundary.getDerivedStateFromError(new Error('boom'));
    expect(failed.error).toBeInstanceOf(Error);
    expect(RetryBoundary.getDerivedStateFromProps({ resetKey: '/a' }, { error: failed.error, key: '/a' })).toBeNull();
    expect(RetryBoundary.getDerivedStateFromProps({ resetKey: '/b' }, { error: failed.error, key: '/a' })).toEqual({ error: null, key: '/b' });
  });

  it("shows 'failed to fetch data' with a retry button", () => {
    const html = renderToStaticMarkup(<ScreenFailed onRetry={() => undefined} />);
    expect(html).toContain('failed to fetch data');
    expect(html).toMatch(/<button[^>]*>.*retry/s);
  });
});
