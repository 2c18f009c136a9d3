import type { Country } from '@movers/contracts';
import { container, queryAll, statusOf } from '../../platform/cosmos/client.ts';
import { iso3166Countries } from './iso3166.ts';

/** Countries change only by deployment; each instance reads them at most once per this long. */
export const COUNTRIES_CACHE_MS = 10 * 60_000;
let cache: { at: number; list: Promise<Country[]> } | undefined;
/** Writes of missing countries in flight at once: a new database gets its 249 in ten round trips. */
const WRITES_AT_ONCE = 25;

/**
 * The stored countries, after writing the shipped ones the container lacks (a new deployment's empty
 * database, or a list that grew): each by its code, so instances that do it at once write each country
 * once (409 is someone else's write). Countries stored beyond the shipped list are kept.
 */
async function readCountries(): Promise<Country[]> {
  const countries = container('countries');
  const rows = await queryAll<Country>(countries, 'SELECT c.id, c.name FROM c');
  const stored = new Set(rows.map((r) => r.id));
  const missing = iso3166Countries.filter((c) => !stored.has(c.id));
  for (let i = 0; i < missing.length; i += WRITES_AT_ONCE) {
    await Promise.all(
      missing.slice(i, i + WRITES_AT_ONCE).map((country) =>
        countries.items.create({ ...country }).catch((error: unknown) => {
          if (statusOf(error) !== 409) throw error;
        }),
      ),
    );
  }
  // Frozen, every country and the list: it is handed to every caller as it is, and its JSON written once
  // (compression.ts).
  return Object.freeze(
    [...rows.map(({ id, name }) => ({ id, name })), ...missing].sort((a, b) => a.name.localeCompare(b.name, 'en')).map((c) => Object.freeze(c)),
  ) as Country[];
}

/**
 * The countries list, read on every client request, kept in the instance for a bounded time.
 * Requests that arrive together while it is not cached share one query; a failed read is not kept.
 */
export function listCountries(): Promise<Country[]> {
  if (cache && Date.now() - cache.at < COUNTRIES_CACHE_MS) return cache.list;
  const entry = { at: Date.now(), list: readCountries() };
  cache = entry;
  entry.list.catch(() => {
    if (cache === entry) cache = undefined;
  });
  return entry.list;
}

export async function countryById(id: string): Promise<Country | undefined> {
  return (await listCountries()).find((c) => c.id === id);
}

export function forgetCountries(): void {
  cache = undefined;
}
