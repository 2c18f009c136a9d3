import type { Country } from '@movers/contracts';
import { container, queryAll } from '../../platform/cosmos/client.ts';

const CACHE_MS = 60_000;
let cache: { at: number; list: Country[] } | undefined;

/** Countries change almost never; a short in-process cache spares a query on every client read. */
export async function listCountries(): Promise<Country[]> {
  if (cache && Date.now() - cache.at < CACHE_MS) return cache.list;
  const rows = await queryAll<Country>(container('countries'), 'SELECT c.id, c.name FROM c');
  const list = rows.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  cache = { at: Date.now(), list };
  return list;
}

export async function countryById(id: string): Promise<Country | undefined> {
  return (await listCountries()).find((c) => c.id === id);
}

export function forgetCountries(): void {
  cache = undefined;
}
