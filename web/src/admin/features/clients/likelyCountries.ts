import type { Client } from '@movers/contracts';
import { useMemo } from 'react';
import { useClients } from './api.ts';

/** How many of the clients' countries go before the rest: the usual few, not a second full list. */
const MOST_USED = 8;

/** The region of the browser's language ('nb-NO' and 'nb' → NO, 'en' → US), if it names one. */
function localeCountry(): string | null {
  for (const tag of typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language])) {
    try {
      const region = new Intl.Locale(tag).maximize().region;
      if (region && /^[A-Z]{2}$/.test(region)) return region;
    } catch {
      // A tag Intl does not take says nothing about a country.
    }
  }
  return null;
}

/** The clients' countries, most used first, then the browser's own country. */
export function likelyCountries(clients: Client[], locale: string | null): string[] {
  const counts = new Map<string, number>();
  for (const client of clients) counts.set(client.country.id, (counts.get(client.country.id) ?? 0) + 1);
  const used = [...counts].sort((a, b) => b[1] - a[1]).map(([id]) => id);
  const first = used.slice(0, MOST_USED);
  if (locale && !first.includes(locale)) first.push(locale);
  return first;
}

/**
 * The countries a new client or location is most likely in, for the country field to rank first: those
 * of the portal's clients (the list the forms read anyway) and the user's own.
 */
export function useLikelyCountries(): string[] {
  const clients = useClients();
  return useMemo(() => likelyCountries(clients.data ?? [], localeCountry()), [clients.data]);
}
