import { api, isTableLetter, messages, TABLE_LETTER_MESSAGE, titleKey } from '@movers/contracts';
import { badRequest, conflict } from '../../platform/http/errors.ts';
import { ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { removeMarkers, unassignAt } from './assignments.ts';
import { audit, claimTitle, type FloorDoc, listMarkerDocs, listPersonDocsAt, markerKey, type MarkerDoc, newId, releaseTitle } from './planner.data.ts';
import { readable } from './readable.ts';
import { toMarker } from './views.ts';
import { createAs, deleteAs, now, replaceAs } from './writes.ts';

const p = messages.planner;

/** A duplicate space title, or space+letter, on the floor is refused. */
async function assertUniqueMarker(marker: Pick<MarkerDoc, 'moveId' | 'layoutId' | 'markerType' | 'title' | 'spaceId'>, exceptId?: string) {
  const others = (await listMarkerDocs(marker.moveId, marker.layoutId)).filter((m) => m.id !== exceptId);
  if (marker.markerType === 'room') {
    if (others.some((m) => m.markerType === 'room' && titleKey(m.title) === titleKey(marker.title))) throw conflict(p.duplicateSpace);
    return;
  }
  const space = others.find((m) => m.id === marker.spaceId && m.markerType === 'room');
  if (!space) throw badRequest('validation failed', { spaceId: 'not a space on this floor' });
  if (others.some((m) => m.markerType === 'table' && m.spaceId === marker.spaceId && m.title === marker.title)) throw conflict(p.duplicateTable);
}

/** A floor's markers (spaces and the tables in them): add, change and remove. */
export const markerRoutes: BoundRoute[] = [
  bind(
    api.planner.createMarker,
    async ({ principal, params, body }) => {
      if (body.move_layout_id !== undefined && body.move_layout_id !== params.layoutId)
        throw badRequest('validation failed', { move_layout_id: "must be the floor in the request's address" });
      const { doc: floor } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
      const marker: MarkerDoc = {
        id: newId(floor.moveId),
        moveId: floor.moveId,
        type: 'marker',
        layoutId: floor.id,
        markerType: body.marker_type as MarkerDoc['markerType'],
        title: body.title,
        positionX: body.coordinates.positionX,
        positionY: body.coordinates.positionY,
        openSpace: body.marker_type === 'room' ? body.openSpace : false,
        spaceId: body.marker_type === 'table' ? body.spaceId : null,
        size: body.size ?? null,
        ...audit(principal.userId),
      };
      if (marker.markerType === 'table' && !isTableLetter(marker.title)) throw badRequest('validation failed', { title: TABLE_LETTER_MESSAGE });
      await assertUniqueMarker(marker);
      // The claim makes the rule hold when two requests add the same space (or table) at once.
      if (!(await claimTitle(marker.moveId, markerKey(marker), marker.id))) throw conflict(marker.markerType === 'room' ? p.duplicateSpace : p.duplicateTable);
      const saved = await createAs(marker, 'marker').catch(async (error) => {
        await releaseTitle(marker.moveId, markerKey(marker));
        throw error;
      });
      return withEtag(toMarker(saved, []), 201);
    },
    { authorize: ({ principal, params }) => readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor') },
  ),
  bind(
    api.planner.updateMarker,
    async ({ principal, params, body, ifMatch }) => {
      const { doc } = await readable<MarkerDoc>(principal, params.markerId, 'marker', 'marker');
      // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
      const etag = ifMatch();
      const { etag: _e, ...current } = doc;
      const next: MarkerDoc = {
        ...current,
        title: body.title,
        positionX: body.coordinates.positionX,
        positionY: body.coordinates.positionY,
        openSpace: doc.markerType === 'room' ? body.openSpace : false,
        spaceId: doc.markerType === 'table' ? (body.spaceId ?? doc.spaceId) : null,
        // Not sent: the size stays (a rename or a move from a screen that knows nothing of sizes).
        size: body.size !== undefined ? body.size : (doc.size ?? null),
        updatedAt: now(),
        updatedBy: principal.userId,
      };
      if (doc.markerType === 'table' && !isTableLetter(next.title)) throw badRequest('validation failed', { title: TABLE_LETTER_MESSAGE });
      await assertUniqueMarker(next, doc.id);
      const rekeyed = markerKey(next) !== markerKey(doc);
      if (rekeyed && !(await claimTitle(doc.moveId, markerKey(next), doc.id))) throw conflict(doc.markerType === 'room' ? p.duplicateSpace : p.duplicateTable);
      const saved = await replaceAs(next, etag, 'marker', doc).catch(async (error) => {
        if (rekeyed) await releaseTitle(doc.moveId, markerKey(next));
        throw error;
      });
      if (rekeyed) await releaseTitle(doc.moveId, markerKey(doc));
      return withEtag(toMarker(saved, await listPersonDocsAt(doc.moveId, [doc.id])));
    },
    { authorize: ({ principal, params }) => readable<MarkerDoc>(principal, params.markerId, 'marker', 'marker') },
  ),
  bind(api.planner.deleteMarker, async ({ principal, params, ifMatch }) => {
    const { doc } = await readable<MarkerDoc>(principal, params.markerId, 'marker', 'marker');
    await deleteAs(doc, ifMatch(), 'marker');
    const tables = doc.markerType === 'room' ? (await listMarkerDocs(doc.moveId, doc.layoutId)).filter((m) => m.spaceId === doc.id) : [];
    await removeMarkers(doc.moveId, tables);
    await releaseTitle(doc.moveId, markerKey(doc));
    const unassigned = await unassignAt(doc.moveId, [doc.id, ...tables.map((t) => t.id)], principal.userId);
    return ok({ unassigned });
  }),
];
