import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The countries container as the instance sees it: each query is counted.
const stored = vi.hoisted(() => ({ rows: [] as { id: string; name: string }[], queries: 0 }));
vi.mock('../../src/platform/cosmos/client.ts', () => ({
  container: () => ({}),
  queryAll: async () => {
    stored.queries++;
    return stored.rows.map((r) => ({ ...r }));
  },
}));

const { countryById, forgetCountries, listCountries } = await import('../../src/features/countries/countries.data.ts');

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  forgetCountries();
  stored.queries = 0;
  stored.rows = [
    { id: 'SE', name: 'Sweden' },
    { id: 'NO', name: 'Norway' },
  ];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the countries list is kept in the instance for a bounded time', () => {
  it('answers client reads for ten minutes from one query, sorted by name', async () => {
    expect(await listCountries()).toEqual([
      { id: 'NO', name: 'Norway' },
      { id: 'SE', name: 'Sweden' },
    ]);
    vi.advanceTimersByTime(5 * MINUTE);
    expect(await countryById('SE')).toEqual({ id: 'SE', name: 'Sweden' });
    vi.advanceTimersByTime(4 * MINUTE);
    await listCountries();
    expect(stored.queries).toBe(1);
  });

  it('reads the list again after ten minutes, so a deployment that changes it shows', async () => {
    await listCountries();
    stored.rows.push({ id: 'DK', name: 'Denmark' });
    vi.advanceTimersByTime(10 * MINUTE + 1);
    expect((await listCountries()).map((c) => c.id)).toEqual(['DK', 'NO', 'SE']);
    expect(stored.queries).toBe(2);
  });

  it('sends one query for requests that arrive together while the list is not cached', async () => {
    const lists = await Promise.all([listCountries(), listCountries(), countryById('NO')]);
    expect(lists[2]).toEqual({ id: 'NO', name: 'Norway' });
    expect(stored.queries).toBe(1);
  });

  it('does not keep an empty list (the store not seeded yet)', async () => {
    stored.rows = [];
    expect(await listCountries()).toEqual([]);
    stored.rows = [{ id: 'NO', name: 'Norway' }];
    expect(await listCountries()).toEqual([{ id: 'NO', name: 'Norway' }]);
  });

  it('does not keep a failed read', async () => {
    const failing = stored.rows;
    stored.rows = undefined as never;
    await expect(listCountries()).rejects.toThrow();
    stored.rows = failing;
    expect(await listCountries()).toHaveLength(2);
  });
});
