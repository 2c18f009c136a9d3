import { api as routes } from '@movers/contracts';
import useSWRImmutable from 'swr/immutable';
import { useApi } from '../api/ApiContext.tsx';
import { callRoute } from '../api/route.ts';

/**
 * A directory person's photo as an object URL, or undefined while loading and when there is none
 * (204). Fetched once per person and size for the whole session: pickers show the same faces often.
 */
export function usePersonPhoto(userId: string, size = '48x48'): string | undefined {
  const api = useApi();
  const { data } = useSWRImmutable(['person-photo', userId, size], async () => {
    const blob = await callRoute(api, routes.users.photo, { params: { userId, size } });
    return blob.size > 0 ? URL.createObjectURL(blob) : null;
  });
  return data ?? undefined;
}
