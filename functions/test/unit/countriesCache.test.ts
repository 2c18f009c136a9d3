import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The countries container as the instance sees it: each query and each write is counted.
const stored = vi.hoisted(() => ({ rows: [] as { id: string; name: string }[], queries: 0, writes: 0 }));
vi.mock('../../src/platform/cosmos/client.ts', () => ({
  container: () => ({
    items: {
      create: async (doc: { id: string; name: string }) => {
        stored.writes++;
        if (stored.rows.some((r) => r.id === doc.id)) throw Object.assign(new Error('conflict'), { code: 409 });
        stored.rows.push(doc);
      },
    },
  }),
  statusOf: (error: { code?: number }) => error.code,
  queryAll: async () => {
    stored.queries++;
    return stored.rows.map((r) => ({ ...r }));
  },
}));

const { countryById, forgetCountries, listCountries } = await import('../../src/features/countries/countries.data.ts');
const { iso3166Countries } = await import('../../src/features/countries/iso3166.ts');

const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers();
  forgetCountries();
  stored.queries = 0;
  stored.writes = 0;
  stored.rows = [
    { id: 'SE', name: 'Sweden' },
    { id: 'NO', name: 'Norway' },
  ];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the countries list', () => {
  it('is the shipped ISO 3166-1 list: what the store lacks is written on first read, once', async () => {
    const list = await listCountries();
    expect(list).toHaveLength(249);
    expect(list.map((c) => c.name)).toEqual(iso3166Countries.map((c) => c.name).sort((a, b) => a.localeCompare(b, 'en')));
    expect(stored.writes).toBe(247);
    expect(stored.rows).toHaveLength(249);
    vi.advanceTimersByTime(10 * MINUTE + 1);
    await listCountries();
    expect(stored.writes).toBe(247);
  });

  it('answers client reads for ten minutes from one query', async () => {
    await listCountries();
    vi.advanceTimersByTime(5 * MINUTE);
    expect(await countryById('SE')).toEqual({ id: 'SE', name: 'Sweden' });
    vi.advanceTimersByTime(4 * MINUTE);
    await listCountries();
    expect(stored.queries).toBe(1);
  });

  it('reads the list again after ten minutes, so a country stored since shows', async () => {
    await listCountries();
    stored.rows.push({ id: 'XK', name: 'Kosovo' });
    vi.advanceTimersByTime(10 * MINUTE + 1);
    expect((await listCountries()).map((c) => c.id)).toContain('XK');
    expect(stored.queries).toBe(2);
  });

  it('sends one query for requests that arrive together while the list is not cached', async () => {
    const lists = await Promise.all([listCountries(), listCountries(), countryById('NO')]);
    expect(lists[2]).toEqual({ id: 'NO', name: 'Norway' });
    expect(stored.queries).toBe(1);
  });

  it('does not keep a failed read', async () => {
    const failing = stored.rows;
    stored.rows = undefined as never;
    await expect(listCountries()).rejects.toThrow();
    stored.rows = failing;
    expect(await listCountries()).toHaveLength(249);
  });
});
