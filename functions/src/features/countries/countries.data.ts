import type { Country } from '@movers/contracts';
import { container, queryAll } from '../../platform/cosmos/client.ts';

/** Countries change only by deployment; each instance reads them at most once per this long. */
export const COUNTRIES_CACHE_MS = 10 * 60_000;
let cache: { at: number; list: Promise<Country[]> } | undefined;

async function readCountries(): Promise<Country[]> {
  const rows = await queryAll<Country>(container('countries'), 'SELECT c.id, c.name FROM c');
  return rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

/**
 * The countries list, read on every client request, kept in the instance for a bounded time.
 * Requests that arrive together while it is not cached share one query; a failed or empty read (a
 * store not seeded yet) is not kept.
 */
export function listCountries(): Promise<Country[]> {
  if (cache && Date.now() - cache.at < COUNTRIES_CACHE_MS) return cache.list;
  const entry = { at: Date.now(), list: readCountries() };
  cache = entry;
  entry.list.then(
    (list) => {
      if (list.length === 0 && cache === entry) cache = undefined;
    },
    () => {
      if (cache === entry) cache = undefined;
    },
  );
  return entry.list;
}

export async function countryById(id: string): Promise<Country | undefined> {
  return (await listCountries()).find((c) => c.id === id);
}

export function forgetCountries(): void {
  cache = undefined;
}
