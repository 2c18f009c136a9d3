import { PersonaSize } from '@fluentui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../src/common/api/apiClient.ts';
import { ApiContext } from '../src/common/api/ApiContext.tsx';
import { PersonWithPhoto, toPersona } from '../src/common/people/PeopleInput.tsx';

// The browser tests run the production build, where React prints no warnings; these render in React's
// development build (Vitest's NODE_ENV is 'test'), where it does, and fail on any.
let warnings: string[];
beforeEach(() => {
  warnings = [];
  for (const method of ['error', 'warn'] as const)
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      warnings.push(args.map(String).join(' '));
    });
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('React warnings in development', () => {
  it("a people picker's suggestion does not spread the persona's key into JSX", () => {
    const api = { fetch: () => new Promise(() => undefined) } as unknown as ApiClient;
    const html = renderToStaticMarkup(
      <ApiContext.Provider value={api}>
        <PersonWithPhoto persona={toPersona({ id: 'u1', displayName: 'Ingrid Hansen', mail: 'ingrid.hansen@movers.test' })} size={PersonaSize.size32} />
      </ApiContext.Provider>,
    );
    expect(html).toContain('Ingrid Hansen');
    expect(warnings.filter((w) => /Warning:|key/.test(w))).toEqual([]);
  });
});
