import { api, type HistoryKind } from '@movers/contracts';
import { assertAccess, assertClientAccess } from '../../platform/auth/policies.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { notFound } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { moveHistory, recordHistory } from '../../platform/history/historyRead.ts';
import { historyKindDefinitions, type RecordPlace } from '../../platform/history/kinds.ts';
import { restore } from './restore.ts';
import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';

/** The record's place, when the caller may read it (its kind's access, and an External user's own client only). */
async function readablePlace(principal: Principal, kind: string, id: string): Promise<RecordPlace> {
  const definition = historyKindDefinitions[kind as HistoryKind];
  const place = definition ? await definition.locate(id) : null;
  if (!place) throw notFound(`${kind} not found`);
  assertAccess(principal, definition.readAccess);
  await assertClientAccess(principal, place.clientId);
  return place;
}

const DEFAULT_PAGE = 50;

/** History's routes; `hooks` are what each kind's own feature adds to a restore (composed in routes.ts). */
export const historyRoutes = (hooks: Partial<Record<HistoryKind, RestoreHooks>>): BoundRoute[] => [
  bind(
    api.history.record,
    async ({ principal, params, query }) => {
      const place = await readablePlace(principal, params.recordKind, params.recordId);
      return ok(
        await recordHistory(params.recordKind as HistoryKind, params.recordId, place, {
          limit: Number(query.limit ?? DEFAULT_PAGE),
          continuationToken: query.continuationToken,
          field: query.field,
        }),
      );
    },
    // A record id need not name its client (a location's): the record is found before the query is read.
    { authorize: ({ principal, params }) => readablePlace(principal!, params.recordKind, params.recordId) },
  ),
  bind(api.history.move, async ({ principal, params, query }) => {
    const place = await readablePlace(principal, 'move', params.moveId);
    return ok(
      await moveHistory(params.moveId, place.clientId, {
        limit: Number(query.limit ?? DEFAULT_PAGE),
        continuationToken: query.continuationToken,
        kind: query.kind as HistoryKind | undefined,
        user: query.user,
        recordId: query.recordId,
        field: query.field,
      }),
    );
  }),
  bind(
    api.history.restore,
    async ({ principal, params, body, ifMatch }) => {
      const kind = params.recordKind as HistoryKind;
      const place = await readablePlace(principal, kind, params.recordId);
      assertAccess(principal, historyKindDefinitions[kind].writeAccess(place));
      return withEtag(await restore(kind, params.recordId, place, body, ifMatch, principal.userId, hooks[kind]));
    },
    {
      // Access to the record is settled before the body is read.
      authorize: async ({ principal, params }) => {
        const place = await readablePlace(principal!, params.recordKind, params.recordId);
        assertAccess(principal!, historyKindDefinitions[params.recordKind as HistoryKind].writeAccess(place));
      },
    },
  ),
];
