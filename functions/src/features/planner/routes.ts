import {
  api,
  defaultFloorId,
  type Floor,
  type FloorWithMarkers,
  floorCreateFieldsSchema,
  type ImportSummary,
  isTableLetter,
  labelRows,
  seatLink,
  TABLE_LETTER_MESSAGE,
  type Marker,
  type MarkerUser,
  messages,
  renameFloor,
  sameAspect,
  sortFloors,
  isPersonEmail,
  splitNames,
  splitPersonLine,
  titleKey,
} from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { ValidationError } from 'yup';
import type { Principal } from '../../platform/auth/principal.ts';
import { siteUrl } from '../../platform/config/siteUrl.ts';
import { deleteIfMatch, fromStored, mapCosmosError, replaceIfMatch } from '../../platform/cosmos/client.ts';
import { sanitizeSvg } from '../../platform/html/svg.ts';
import { badRequest, conflict, HttpError, notFound, unsupportedMediaType } from '../../platform/http/errors.ts';
import { created, file, noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { attachmentDisposition, userFile } from '../../platform/http/userFiles.ts';
import { getClientDoc } from '../clients/index.ts';
import { readableMove } from '../moves/index.ts';
import {
  allocationEtag,
  audit,
  bumpAllocation,
  claimTitle,
  defaultPointer,
  type FloorDoc,
  listFloorDocs,
  listMarkerDocs,
  listPersonDocs,
  markerKey,
  type MarkerDoc,
  moveIdOfItem,
  newId,
  type PersonDoc,
  planner,
  readFloorImage,
  readItem,
  releaseTitle,
  removeFloorImage,
  type Stored,
  setDefaultPointer,
  storeFloorImage,
} from './planner.data.ts';

const p = messages.planner;
const invalidRequest = () => new HttpError(422, 'unprocessable', p.errors.invalidRequest);
/** Replaces a document while it has the caller's ETag; `*` (the caller accepts any version) replaces whatever is there now. */
async function replaceAs<T extends { id: string; moveId: string }>(doc: T, ifMatch: string | undefined, what: string): Promise<Stored<T>> {
  if (ifMatch && ifMatch !== '*') return replaceIfMatch(planner(), doc, doc.moveId, ifMatch, what);
  try {
    const { resource } = await planner().item(doc.id, doc.moveId).replace(doc);
    return fromStored<T>(resource!);
  } catch (error) {
    return mapCosmosError(error, what);
  }
}

async function deleteAs(doc: { id: string; moveId: string }, ifMatch: string | undefined, what: string) {
  if (ifMatch && ifMatch !== '*') return deleteIfMatch(planner(), doc.id, doc.moveId, ifMatch, what);
  await planner()
    .item(doc.id, doc.moveId)
    .delete()
    .catch((error) => mapCosmosError(error, what));
}
const now = () => new Date().toISOString();

/** An item of the planner the caller may read: its move's client first (403), then the item (404). */
async function readable<T extends { type: string }>(principal: Principal, id: string, type: T['type'], what: string) {
  const moveId = moveIdOfItem(id);
  if (!moveId) throw notFound(`${what} not found`);
  const move = await readableMove(principal, moveId);
  const doc = await readItem<T>(id, type);
  if (!doc) throw notFound(`${what} not found`);
  return { move, doc };
}

const toFloor = (doc: Stored<FloorDoc>, defaultId: string | null): Floor => ({
  id: doc.id,
  moveId: doc.moveId,
  floor_name: doc.title,
  file_name: doc.fileName,
  label_color: doc.labelColor,
  floor_size: doc.floorSize,
  isDefault: doc.id === defaultId,
  published: doc.published,
  image: {
    url: `/api/v1/layouts/${encodeURIComponent(doc.id)}/image?v=${encodeURIComponent(doc.image.version)}`,
    title: doc.title,
    version: doc.image.version,
    width: doc.image.width,
    height: doc.image.height,
  },
  etag: doc.etag,
});

const toPerson = (doc: Stored<PersonDoc>, markerIds?: Set<string>): MarkerUser => ({
  id: doc.id,
  moveId: doc.moveId,
  name: doc.name,
  // A person whose space was removed while they were being assigned reads as unassigned.
  move_layout_marker_id: doc.markerId && (!markerIds || markerIds.has(doc.markerId)) ? doc.markerId : null,
  stickersCount: doc.stickersCount,
  email: doc.email ?? null,
  etag: doc.etag,
});

const toMarker = (doc: Stored<MarkerDoc>, people: Stored<PersonDoc>[]): Marker => ({
  id: doc.id,
  move_layout_id: doc.layoutId,
  marker_type: doc.markerType,
  title: doc.title,
  coordinates: { positionX: doc.positionX, positionY: doc.positionY },
  openSpace: doc.openSpace,
  spaceId: doc.spaceId,
  users: people.filter((person) => person.markerId === doc.id).map((person) => toPerson(person)),
  etag: doc.etag,
});

/** The move's floors with the one default (the pointer, or the first floor when it names none). */
async function floorsOf(moveId: string) {
  const [floors, pointer] = await Promise.all([listFloorDocs(moveId), defaultPointer(moveId)]);
  const defaultId = defaultFloorId(floors, pointer);
  return { floors: sortFloors(floors), defaultId };
}

/** Width and height of an image (SVG from its size or viewBox); 415 when it cannot be read as one. */
async function dimensions(bytes: Uint8Array): Promise<{ width: number; height: number }> {
  const { imageSize } = await import('image-size');
  try {
    const { width, height } = imageSize(bytes);
    if (width && height) return { width, height };
  } catch {
    // falls through
  }
  throw unsupportedMediaType('the floor plan is not a readable JPEG, PNG or SVG image');
}

async function cleanImage(bytes: Uint8Array, type: string) {
  const clean = type === 'image/svg+xml' ? await sanitizeSvg(bytes) : bytes;
  return { bytes: clean, size: await dimensions(clean) };
}

async function validFields(fields: Record<string, string>) {
  try {
    return await floorCreateFieldsSchema.validate(fields, { abortEarly: false });
  } catch (error) {
    if (error instanceof ValidationError) {
      const byField = Object.fromEntries(error.inner.map((e) => [e.path ?? 'body', e.message]));
      throw badRequest('validation failed', Object.keys(byField).length ? byField : { body: error.message });
    }
    throw error;
  }
}

const writePerson = async (doc: PersonDoc) => (await planner().items.upsert(doc)).resource;

/** Clears the assignments of the people at any of the markers; answers how many. */
async function unassignAt(moveId: string, markerIds: string[], by: string): Promise<number> {
  if (markerIds.length === 0) return 0;
  const ids = new Set(markerIds);
  const affected = (await listPersonDocs(moveId)).filter((person) => person.markerId && ids.has(person.markerId));
  for (const person of affected) {
    const { etag: _e, ...doc } = person;
    await writePerson({ ...doc, markerId: null, updatedAt: now(), updatedBy: by });
  }
  return affected.length;
}

/** A marker a person may be assigned to: one of the same move, else 422. */
async function assignableMarker(moveId: string, markerId: string | null) {
  if (markerId === null) return null;
  if (moveIdOfItem(markerId) !== moveId) throw invalidRequest();
  const marker = await readItem<MarkerDoc>(markerId, 'marker');
  if (!marker) throw invalidRequest();
  return marker;
}

/** After assigning: when the marker was removed meanwhile, the person goes back to the unassigned (never lost, never in two places). */
async function settleAssignment(saved: Stored<PersonDoc>): Promise<Stored<PersonDoc>> {
  if (!saved.markerId || (await readItem<MarkerDoc>(saved.markerId, 'marker'))) return saved;
  const { etag: _e, ...doc } = saved;
  const resource = await writePerson({ ...doc, markerId: null });
  return { ...saved, markerId: null, etag: resource?._etag };
}

/** Deletes markers and frees their titles (the people's assignments are cleared by the caller). */
async function removeMarkers(moveId: string, markers: MarkerDoc[]) {
  for (const m of markers) {
    await planner()
      .item(m.id, moveId)
      .delete()
      .catch(() => undefined);
    await releaseTitle(moveId, markerKey(m));
  }
}

/** Removes a floor's markers; the people placed on them become unassigned first. */
async function clearFloor(floor: FloorDoc, by: string) {
  const markers = await listMarkerDocs(floor.moveId, floor.id);
  await unassignAt(
    floor.moveId,
    markers.map((m) => m.id),
    by,
  );
  await removeMarkers(floor.moveId, markers);
}

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

/**
 * The names of a move's unassigned people (the move's `unassigned-people` route reads them): a person
 * is one document, so this is derived, never a second list that could drift.
 */
export async function unassignedNames(moveId: string): Promise<string[]> {
  const [people, markers] = await Promise.all([listPersonDocs(moveId), listMarkerDocs(moveId)]);
  const markerIds = new Set(markers.map((m) => m.id));
  return people
    .filter((person) => !person.markerId || !markerIds.has(person.markerId))
    .map((person) => person.name)
    .sort((a, b) => a.localeCompare(b, 'nb'));
}

/** The visitor site's floor plan: the move's published floors (sorted, the default among them marked) with their markers and people. */
export async function publishedFloors(moveId: string): Promise<FloorWithMarkers[]> {
  const [floors, pointer, markers, people] = await Promise.all([listFloorDocs(moveId), defaultPointer(moveId), listMarkerDocs(moveId), listPersonDocs(moveId)]);
  const published = sortFloors(floors.filter((f) => f.published));
  const defaultId = defaultFloorId(published, pointer);
  return published.map((f) => ({ ...toFloor(f, defaultId), markers: markers.filter((m) => m.layoutId === f.id).map((m) => toMarker(m, people)) }));
}

/** A published floor's image for the visitor site; 404 for an unpublished floor or another move's. */
export async function publishedFloorImage(moveId: string, layoutId: string) {
  const floor = moveIdOfItem(layoutId) === moveId ? await readItem<FloorDoc>(layoutId, 'floor') : undefined;
  const image = floor?.published ? await readFloorImage(layoutId) : undefined;
  if (!image) throw notFound('floor not found');
  return image;
}

export const plannerRoutes: BoundRoute[] = [
  bind(api.planner.floors, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    const { floors, defaultId } = await floorsOf(params.moveId);
    return ok(floors.map((f) => toFloor(f, defaultId)));
  }),
  bind(api.planner.createFloor, async ({ principal, params, body }) => {
    const move = await readableMove(principal, params.moveId);
    const fields = await validFields(body.fields);
    const { floors } = await floorsOf(move.id);
    if (floors.some((f) => titleKey(f.title) === titleKey(fields.floor_name))) throw conflict(p.floorUnique);
    const image = await cleanImage(body.bytes, body.type);
    const id = newId(move.id);
    // The title's claim first: of two floors added at once with one title, one gets 409.
    if (!(await claimTitle(move.id, titleKey(fields.floor_name), id))) throw conflict(p.floorUnique);
    const version = await storeFloorImage(id, image.bytes, body.type).catch(async (error) => {
      await releaseTitle(move.id, titleKey(fields.floor_name));
      throw error;
    });
    const doc: FloorDoc = {
      id,
      moveId: move.id,
      type: 'floor',
      title: fields.floor_name,
      labelColor: fields.label_color ?? null,
      floorSize: fields.floor_size as FloorDoc['floorSize'],
      published: fields.published,
      fileName: body.name.slice(0, 255),
      image: { version, type: body.type, ...image.size },
      ...audit(principal.userId),
    };
    const { resource } = await planner().items.create(doc);
    if (fields.isDefault || floors.length === 0) await setDefaultPointer(move.id, id);
    const { defaultId } = await floorsOf(move.id);
    return withEtag(toFloor({ ...doc, etag: resource?._etag }, defaultId), 201);
  }),
  bind(api.planner.getFloor, async ({ principal, params }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const [{ defaultId }, markers, people] = await Promise.all([floorsOf(doc.moveId), listMarkerDocs(doc.moveId, doc.id), listPersonDocs(doc.moveId)]);
    const floor: FloorWithMarkers = { ...toFloor(doc, defaultId), markers: markers.map((m) => toMarker(m, people)) };
    return withEtag(floor);
  }),
  bind(api.planner.image, async ({ principal, params, query, request }) => {
    await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const image = await readFloorImage(params.layoutId);
    if (!image) throw notFound('the floor has no image');
    return userFile(request, image, { cache: query.v ? 'forever' : 'revalidate' });
  }),
  bind(api.planner.replaceImage, async ({ principal, params, query, body, ifMatch }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const image = await cleanImage(body.bytes, body.type);
    const keep = sameAspect(doc.image, image.size);
    if (!keep && query.confirmReset !== 'true') throw conflict(p.imageShapeChanged);
    // The document is written first with the caller's ETag (412 changes nothing), then the image.
    const { etag: _e, ...current } = doc;
    const version = `"${randomUUID()}"`;
    const next: FloorDoc = {
      ...current,
      fileName: body.name.slice(0, 255),
      image: { version, type: body.type, ...image.size },
      updatedAt: now(),
      updatedBy: principal.userId,
    };
    const saved = await replaceAs(next, ifMatch, 'floor');
    const stored = await storeFloorImage(doc.id, image.bytes, body.type);
    const final = await replaceIfMatch(planner(), { ...next, image: { ...next.image, version: stored } }, doc.moveId, saved.etag ?? '*', 'floor');
    if (!keep) await clearFloor(doc, principal.userId);
    const { defaultId } = await floorsOf(doc.moveId);
    return withEtag(toFloor(final, defaultId));
  }),
  bind(api.planner.updateFloor, async ({ principal, params, body, ifMatch }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const { floors } = await floorsOf(doc.moveId);
    const changes = body.floor_name !== undefined ? renameFloor(floors, doc.id, body.floor_name) : [];
    const { etag: _e, ...current } = doc;
    const next: FloorDoc = {
      ...current,
      title: changes.find((c) => c.id === doc.id)?.title ?? doc.title,
      labelColor: body.label_color !== undefined ? body.label_color : doc.labelColor,
      floorSize: (body.floor_size as FloorDoc['floorSize'] | undefined) ?? doc.floorSize,
      published: body.published ?? doc.published,
      updatedAt: now(),
      updatedBy: principal.userId,
    };
    // A title no floor has is claimed before the rename (409 when another request took it meanwhile);
    // in a swap both titles stay claimed, only their floors change.
    const renamedToFree = next.title !== doc.title && changes.length === 1 && titleKey(next.title) !== titleKey(doc.title);
    if (renamedToFree && !(await claimTitle(doc.moveId, titleKey(next.title), doc.id))) throw conflict(p.floorUnique);
    const saved = await replaceAs(next, ifMatch, 'floor').catch(async (error) => {
      if (renamedToFree) await releaseTitle(doc.moveId, titleKey(next.title));
      throw error;
    });
    if (renamedToFree) await releaseTitle(doc.moveId, titleKey(doc.title));
    // The floor that had the new title takes the old one (a swap); it is read fresh, so no title is lost.
    for (const change of changes.filter((c) => c.id !== doc.id)) {
      const holder = await readItem<FloorDoc>(change.id, 'floor');
      if (!holder) continue;
      const { etag: holderEtag, ...rest } = holder;
      await replaceIfMatch(planner(), { ...rest, title: change.title, updatedAt: now(), updatedBy: principal.userId }, doc.moveId, holderEtag ?? '*', 'floor');
    }
    if (body.isDefault === true) await setDefaultPointer(doc.moveId, doc.id);
    const { defaultId } = await floorsOf(doc.moveId);
    return withEtag(toFloor(saved, defaultId));
  }),
  bind(api.planner.deleteFloor, async ({ principal, params, ifMatch }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    await deleteAs(doc, ifMatch, 'floor');
    await releaseTitle(doc.moveId, titleKey(doc.title));
    await clearFloor(doc, principal.userId);
    await removeFloorImage(doc.id);
    // The pointer to a deleted floor is read as 'the first floor': still exactly one default.
    const { floors, defaultId } = await floorsOf(doc.moveId);
    if (defaultId && floors.length) await setDefaultPointer(doc.moveId, defaultId);
    return noContent();
  }),
  bind(api.planner.createMarker, async ({ principal, params, body }) => {
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
      ...audit(principal.userId),
    };
    if (marker.markerType === 'table' && !isTableLetter(marker.title)) throw badRequest('validation failed', { title: TABLE_LETTER_MESSAGE });
    await assertUniqueMarker(marker);
    // The claim makes the rule hold when two requests add the same space (or table) at once.
    if (!(await claimTitle(marker.moveId, markerKey(marker), marker.id))) throw conflict(marker.markerType === 'room' ? p.duplicateSpace : p.duplicateTable);
    const { resource } = await planner()
      .items.create(marker)
      .catch(async (error) => {
        await releaseTitle(marker.moveId, markerKey(marker));
        throw error;
      });
    return withEtag(toMarker({ ...marker, etag: resource?._etag }, []), 201);
  }),
  bind(api.planner.updateMarker, async ({ principal, params, body, ifMatch }) => {
    const { doc } = await readable<MarkerDoc>(principal, params.markerId, 'marker', 'marker');
    const { etag: _e, ...current } = doc;
    const next: MarkerDoc = {
      ...current,
      title: body.title,
      positionX: body.coordinates.positionX,
      positionY: body.coordinates.positionY,
      openSpace: doc.markerType === 'room' ? body.openSpace : false,
      spaceId: doc.markerType === 'table' ? (body.spaceId ?? doc.spaceId) : null,
      updatedAt: now(),
      updatedBy: principal.userId,
    };
    if (doc.markerType === 'table' && !isTableLetter(next.title)) throw badRequest('validation failed', { title: TABLE_LETTER_MESSAGE });
    await assertUniqueMarker(next, doc.id);
    const rekeyed = markerKey(next) !== markerKey(doc);
    if (rekeyed && !(await claimTitle(doc.moveId, markerKey(next), doc.id))) throw conflict(doc.markerType === 'room' ? p.duplicateSpace : p.duplicateTable);
    const saved = await replaceAs(next, ifMatch, 'marker').catch(async (error) => {
      if (rekeyed) await releaseTitle(doc.moveId, markerKey(next));
      throw error;
    });
    if (rekeyed) await releaseTitle(doc.moveId, markerKey(doc));
    return withEtag(toMarker(saved, await listPersonDocs(doc.moveId)));
  }),
  bind(api.planner.deleteMarker, async ({ principal, params, ifMatch }) => {
    const { doc } = await readable<MarkerDoc>(principal, params.markerId, 'marker', 'marker');
    await deleteAs(doc, ifMatch, 'marker');
    const tables = doc.markerType === 'room' ? (await listMarkerDocs(doc.moveId, doc.layoutId)).filter((m) => m.spaceId === doc.id) : [];
    await removeMarkers(doc.moveId, tables);
    await releaseTitle(doc.moveId, markerKey(doc));
    const unassigned = await unassignAt(doc.moveId, [doc.id, ...tables.map((t) => t.id)], principal.userId);
    return ok({ unassigned });
  }),
  bind(api.planner.people, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    const [people, markers, etag] = await Promise.all([listPersonDocs(params.moveId), listMarkerDocs(params.moveId), allocationEtag(params.moveId)]);
    const markerIds = new Set(markers.map((m) => m.id));
    const sorted = people.sort((a, b) => a.name.localeCompare(b.name, 'nb') || a.id.localeCompare(b.id));
    return ok(
      sorted.map((person) => toPerson(person, markerIds)),
      { ETag: etag },
    );
  }),
  bind(api.planner.createPeople, async ({ principal, params, body }) => {
    await readableMove(principal, params.moveId);
    const lines = splitNames(body.names);
    if (lines.length === 0) throw badRequest('validation failed', { names: messages.validation.required });
    if (lines.length > 5000) throw badRequest('validation failed', { names: 'at most 5000 names at once' });
    // `Name`, `Name <address>` or `Name;address`, one a line: a line that is wrong is named, nothing is added.
    const people = lines.map(splitPersonLine);
    const wrong = people.flatMap(({ name, email }, index) =>
      !name
        ? [`line ${index + 1}: no name`]
        : name.length > 200
          ? [`line ${index + 1}: a name has at most 200 characters`]
          : email !== null && !isPersonEmail(email)
            ? [`line ${index + 1}: ${messages.validation.invalidEmail}`]
            : [],
    );
    if (wrong.length > 0)
      throw badRequest('validation failed', { names: wrong.slice(0, 5).join('; ') + (wrong.length > 5 ? ` (and ${wrong.length - 5} more)` : '') });
    const list: MarkerUser[] = [];
    for (const { name, email } of people) {
      const doc: PersonDoc = {
        id: newId(params.moveId),
        moveId: params.moveId,
        type: 'person',
        name,
        markerId: null,
        stickersCount: null,
        email,
        ...audit(principal.userId),
      };
      const resource = await writePerson(doc);
      list.push(toPerson({ ...doc, etag: resource?._etag }));
    }
    return created(list, {});
  }),
  bind(api.planner.importPeople, async ({ principal, params, body, ifMatch }) => {
    const move = await readableMove(principal, params.moveId);
    // CSV reading and writing are loaded by the two routes that need them, not when the app starts.
    const { parseAllocation } = await import('./csv.ts');
    const { lines, skipped } = parseAllocation(body.csv);
    if (lines.length > 10000) throw badRequest('validation failed', { csv: 'at most 10000 lines' });
    if (!(await bumpAllocation(move.id, ifMatch ?? '*'))) throw new HttpError(412, 'precondition_failed', 'the allocation was changed by someone else');
    const [floors, markers, people] = await Promise.all([listFloorDocs(move.id), listMarkerDocs(move.id), listPersonDocs(move.id)]);
    const floorIds = new Set(floors.map((f) => f.id));
    const spaces = markers.filter((m) => m.markerType === 'room' && floorIds.has(m.layoutId));
    const summary: ImportSummary = { imported: 0, skipped: [...skipped] };
    const by = principal.userId;
    // The file replaces the allocation: everyone is unassigned first, then placed as the file says.
    const pool = new Map<string, Stored<PersonDoc>[]>();
    for (const person of people) {
      const key = titleKey(person.name);
      pool.set(key, [...(pool.get(key) ?? []), person]);
    }
    const placed = new Map<string, string>();
    /** New addresses the file gives people already in the move (a file without the column keeps theirs). */
    const emails = new Map<string, string>();
    for (const line of lines) {
      const matches = spaces.filter((s) => titleKey(s.title) === titleKey(line.space));
      if (matches.length === 0) {
        summary.skipped.push({ line: line.line, text: line.text, reason: `no space ${line.space}` });
        continue;
      }
      if (matches.length > 1) {
        summary.skipped.push({ line: line.line, text: line.text, reason: `space ${line.space} is on more than one floor` });
        continue;
      }
      let markerId = matches[0].id;
      if (line.table) {
        const table = markers.find((m) => m.markerType === 'table' && m.spaceId === markerId && m.title === line.table);
        if (!table) {
          summary.skipped.push({ line: line.line, text: line.text, reason: `no table ${line.table} in space ${line.space}` });
          continue;
        }
        markerId = table.id;
      }
      const candidates = pool.get(titleKey(line.name)) ?? [];
      const person = candidates.shift();
      const id = person?.id ?? newId(move.id);
      placed.set(id, markerId);
      if (!person) {
        await writePerson({ id, moveId: move.id, type: 'person', name: line.name, markerId, stickersCount: null, email: line.email, ...audit(by) });
      } else if (line.email && line.email !== person.email) emails.set(id, line.email);
      summary.imported += 1;
    }
    for (const person of people) {
      const markerId = placed.get(person.id) ?? null;
      const email = emails.get(person.id) ?? person.email ?? null;
      if (person.markerId === markerId && (person.email ?? null) === email) continue;
      const { etag: _e, ...doc } = person;
      await writePerson({ ...doc, markerId, email, updatedAt: now(), updatedBy: by });
    }
    summary.skipped.sort((a, b) => a.line - b.line);
    return ok(summary, { ETag: await allocationEtag(move.id) });
  }),
  bind(api.planner.createMarkerUser, async ({ principal, body }) => {
    const moveId = moveIdOfItem(body.move_layout_marker_id);
    if (!moveId) throw invalidRequest();
    await readableMove(principal, moveId);
    await assignableMarker(moveId, body.move_layout_marker_id);
    const doc: PersonDoc = {
      id: newId(moveId),
      moveId,
      type: 'person',
      name: body.name,
      markerId: body.move_layout_marker_id,
      stickersCount: body.stickersCount,
      email: body.email,
      ...audit(principal.userId),
    };
    const resource = await writePerson(doc);
    const settled = await settleAssignment({ ...doc, etag: resource?._etag });
    return withEtag(toPerson(settled), 201);
  }),
  bind(api.planner.updateMarkerUser, async ({ principal, params, body, ifMatch }) => {
    const { doc } = await readable<PersonDoc>(principal, params.markerUserId, 'person', 'person');
    await assignableMarker(doc.moveId, body.move_layout_marker_id);
    const { etag: _e, ...current } = doc;
    const next: PersonDoc = {
      ...current,
      name: body.name,
      markerId: body.move_layout_marker_id,
      stickersCount: body.stickersCount,
      email: body.email === undefined ? (current.email ?? null) : body.email,
      updatedAt: now(),
      updatedBy: principal.userId,
    };
    const saved = await replaceAs(next, ifMatch, 'person');
    return withEtag(toPerson(await settleAssignment(saved)));
  }),
  bind(api.planner.deleteMarkerUser, async ({ principal, params, ifMatch }) => {
    const { doc } = await readable<PersonDoc>(principal, params.markerUserId, 'person', 'person');
    await deleteAs(doc, ifMatch, 'person');
    return noContent();
  }),
  bind(api.planner.labels, async ({ principal, params }) => {
    const move = await readableMove(principal, params.moveId);
    const [floors, markers, people, client] = await Promise.all([
      listFloorDocs(move.id),
      listMarkerDocs(move.id),
      listPersonDocs(move.id),
      getClientDoc(move.clientId),
    ]);
    const site = siteUrl(move.path);
    const rows = labelRows({ floors, markers, people, defaultCount: move.stickersCount, companyName: client?.name ?? '' }).map((row) => [
      row.name,
      row.floor,
      row.space,
      row.table,
      row.color,
      row.count,
      row.roomNumber,
      row.companyName,
      // Only a placed person has a seat for the link to open on.
      row.roomNumber ? seatLink(site, row.ownerKey) : '',
    ]);
    const { labelSheet } = await import('./csv.ts');
    return file(labelSheet(rows), {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(`${move.path}-label-order.csv`),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    });
  }),
];
