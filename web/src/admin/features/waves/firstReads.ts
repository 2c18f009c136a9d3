import { api as routes, type WaveList } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import type { AskRead } from '../../../common/api/askedEarly.ts';
import { keyOf } from '../../../common/api/route.ts';

// The wave list's address and reading, without the feature's hooks and writes: the screens' first reads
// (`pages/screenReads.ts`, issue 56), a chunk asked for beside the app's, take these and nothing more.

export const listKey = (moveId: string) => keyOf(routes.waves.list, { moveId });

/** The list with the order's ETag (sent with a reorder). */
export const readList =
  (api: ApiClient) =>
  async (path: string): Promise<WaveList> => {
    const answer = await api.request<WaveList>(path);
    return { ...answer.data, etag: answer.etag ?? answer.data.etag };
  };

/** The waves screen's list, asked for as soon as the address is known (issue 56, `ScreenReads`). */
export const askWaveList = (ask: AskRead, api: ApiClient, moveId: string) => ask(listKey(moveId), () => readList(api)(listKey(moveId)));
