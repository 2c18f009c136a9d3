import {
  api,
  type FloorWithMarkers,
  type FloorWithPlaces,
  fileTypeRule,
  floorCreateFieldsSchema,
  floorImageTypes,
  messages,
  renameFloor,
  rescaled,
  sameAspect,
  titleKey,
} from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { ValidationError } from 'yup';
import { replaceIfMatch } from '../../platform/cosmos/client.ts';
import { sanitizeSvg } from '../../platform/html/svg.ts';
import { badRequest, conflict, fileRefused, notFound } from '../../platform/http/errors.ts';
import { noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { userFile } from '../../platform/http/userFiles.ts';
import { readableMove } from '../moves/index.ts';
import { clearFloor } from './assignments.ts';
import {
  audit,
  claimTitle,
  type FloorDoc,
  listMarkerDocs,
  listPersonDocsAt,
  newId,
  planner,
  readFloorImage,
  readFloorSource,
  readItem,
  releaseTitle,
  removeFloorImage,
  removeFloorSource,
  setDefaultPointer,
  storeFloorImage,
  storeFloorSource,
} from './planner.data.ts';
import { readable } from './readable.ts';
import { floorsOf, markersByFloor, seatedAt, toFloor, toMarkers, toPlace } from './views.ts';
import { createAs, deleteAs, now, replaceAs } from './writes.ts';

const p = messages.planner;

/** Width and height of an image (SVG from its size or viewBox); 415 when it cannot be read as one, said of this file (issue 55). */
async function dimensions(bytes: Uint8Array, name: string): Promise<{ width: number; height: number }> {
  const { imageSize } = await import('image-size');
  try {
    const { width, height } = imageSize(bytes);
    if (width && height) return { width, height };
  } catch {
    // falls through
  }
  throw fileRefused('layout', name, 'damagedImage', fileTypeRule(floorImageTypes));
}

async function cleanImage(file: { bytes: Uint8Array; type: string; name: string }) {
  const clean = file.type === 'image/svg+xml' ? await sanitizeSvg(file.bytes) : file.bytes;
  return { bytes: clean, size: await dimensions(clean, file.name) };
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

/** A floor's record of the PDF its plan was rendered from. */
const sourceOf = (file: { name: string; bytes: Uint8Array }, version: string): NonNullable<FloorDoc['source']> => ({
  version,
  fileName: file.name.slice(0, 255),
  size: file.bytes.length,
});

/** A move's floors: list, add (with the plan's image), read, replace the image, change and delete. */
/** A floor's directions as stored: plain text (the visitor site shows it as text, never as markup), or null. */
function plainDirections(text: string | null): string | null {
  const clean = (text ?? '')
    .replace(/\r\n?/g, '\n')
    .replace(/[^\S\n]+/g, ' ')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return clean === '' ? null : clean;
}

export const floorRoutes: BoundRoute[] = [
  bind(api.planner.floors, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    const { floors, defaultId } = await floorsOf(params.moveId);
    return ok(floors.map((f) => toFloor(f, defaultId)));
  }),
  bind(api.planner.floorsWithMarkers, async ({ principal, params }) => {
    await readableMove(principal, params.moveId);
    // The floors and their markers in two queries, where each floor's own answer makes four, people included
    // (issue 56: six floors at once at 2,000 people); the steps have the people from their own read.
    const [{ floors, defaultId }, markers] = await Promise.all([floorsOf(params.moveId), listMarkerDocs(params.moveId)]);
    const onFloor = markersByFloor(floors, markers);
    return ok(floors.map((f): FloorWithPlaces => ({ ...toFloor(f, defaultId), markers: onFloor.get(f.id)!.map(toPlace) })));
  }),
  bind(api.planner.createFloor, async ({ principal, params, body }) => {
    const move = await readableMove(principal, params.moveId);
    const fields = await validFields(body.fields);
    const { floors } = await floorsOf(move.id);
    if (floors.some((f) => titleKey(f.title) === titleKey(fields.floor_name))) throw conflict(p.floorUnique);
    const image = await cleanImage(body);
    const id = newId(move.id);
    // The title's claim first: of two floors added at once with one title, one gets 409.
    if (!(await claimTitle(move.id, titleKey(fields.floor_name), id))) throw conflict(p.floorUnique);
    const stored = await Promise.all([
      storeFloorImage(id, image.bytes, body.type),
      body.attachment ? storeFloorSource(id, body.attachment.bytes) : Promise.resolve(null),
    ]).catch(async (error) => {
      await Promise.all([releaseTitle(move.id, titleKey(fields.floor_name)), removeFloorImage(id), removeFloorSource(id)]);
      throw error;
    });
    const [version, sourceVersion] = stored;
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
      source: body.attachment && sourceVersion ? sourceOf(body.attachment, sourceVersion) : null,
      ...audit(principal.userId),
    };
    const saved = await createAs(doc, 'floor');
    if (fields.isDefault || floors.length === 0) await setDefaultPointer(move.id, id);
    const { defaultId } = await floorsOf(move.id);
    return withEtag(toFloor(saved, defaultId), 201);
  }),
  bind(api.planner.getFloor, async ({ principal, params }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const [{ defaultId }, markers] = await Promise.all([floorsOf(doc.moveId), listMarkerDocs(doc.moveId, doc.id)]);
    // The people of this floor's markers only: each of a 6-floor move's floors read all 2,000 (issue 56).
    const people = await listPersonDocsAt(
      doc.moveId,
      markers.map((m) => m.id),
    );
    const floor: FloorWithMarkers = { ...toFloor(doc, defaultId), markers: toMarkers(markers, seatedAt(people)) };
    return withEtag(floor);
  }),
  bind(api.planner.image, async ({ principal, params, query, request }) => {
    await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const image = await readFloorImage(params.layoutId);
    if (!image) throw notFound('the floor has no image');
    return userFile(request, image, { cache: query.v ? 'forever' : 'revalidate' });
  }),
  bind(api.planner.source, async ({ principal, params, query, request }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    const source = doc.source ? await readFloorSource(doc.id) : undefined;
    if (!source) throw notFound('the floor was not rendered from a PDF');
    return userFile(request, source, { cache: query.v ? 'forever' : 'revalidate' });
  }),
  bind(api.planner.replaceImage, async ({ principal, params, query, body, ifMatch }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
    const etag = ifMatch();
    const image = await cleanImage(body);
    const keep = sameAspect(doc.image, image.size);
    if (!keep && query.confirmReset !== 'true') throw conflict(p.imageShapeChanged);
    // The document is written first with the caller's ETag (412 changes nothing), then the image.
    const { etag: _e, ...current } = doc;
    const version = `"${randomUUID()}"`;
    // The same shape is the same floor at another resolution: its scale follows the width. Another shape
    // is another drawing (its markers go too), so its calibration and entrance are cleared.
    const next: FloorDoc = {
      ...current,
      fileName: body.name.slice(0, 255),
      image: { version, type: body.type, ...image.size },
      scale: keep && doc.scale ? rescaled(doc.scale, doc.image.width, image.size.width) : null,
      entrance: keep ? (doc.entrance ?? null) : null,
      // A plan from a PDF keeps that PDF for the next replacement; an image leaves none to offer again.
      source: body.attachment ? sourceOf(body.attachment, version) : null,
      updatedAt: now(),
      updatedBy: principal.userId,
    };
    // Recorded in the floor's history with the old and new image and source (issue 50: plan replacements).
    const saved = await replaceAs(next, etag, 'floor', doc);
    const [stored, sourceStored] = await Promise.all([
      storeFloorImage(doc.id, image.bytes, body.type),
      body.attachment ? storeFloorSource(doc.id, body.attachment.bytes) : removeFloorSource(doc.id).then(() => null),
    ]);
    const final = await replaceIfMatch(
      planner(),
      { ...next, image: { ...next.image, version: stored }, source: next.source && sourceStored ? { ...next.source, version: sourceStored } : null },
      doc.moveId,
      saved.etag ?? '*',
      'floor',
    );
    if (!keep) await clearFloor(doc, principal.userId);
    const { defaultId } = await floorsOf(doc.moveId);
    return withEtag(toFloor(final, defaultId));
  }),
  bind(
    api.planner.updateFloor,
    async ({ principal, params, body, ifMatch }) => {
      const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
      // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
      const etag = ifMatch();
      const { floors } = await floorsOf(doc.moveId);
      const changes = body.floor_name !== undefined ? renameFloor(floors, doc.id, body.floor_name) : [];
      const { etag: _e, ...current } = doc;
      const next: FloorDoc = {
        ...current,
        title: changes.find((c) => c.id === doc.id)?.title ?? doc.title,
        labelColor: body.label_color !== undefined ? body.label_color : doc.labelColor,
        floorSize: (body.floor_size as FloorDoc['floorSize'] | undefined) ?? doc.floorSize,
        published: body.published ?? doc.published,
        // Plain text for visitors: whitespace runs kept to single spaces and lines, '' or null removes them.
        ...(body.directions !== undefined ? { directions: plainDirections(body.directions) } : {}),
        // The calibration and the entrance are recorded in the floor's history as any other field.
        ...(body.scale !== undefined ? { scale: body.scale } : {}),
        ...(body.entrance !== undefined ? { entrance: body.entrance } : {}),
        updatedAt: now(),
        updatedBy: principal.userId,
      };
      // A title no floor has is claimed before the rename (409 when another request took it meanwhile);
      // in a swap both titles stay claimed, only their floors change.
      const renamedToFree = next.title !== doc.title && changes.length === 1 && titleKey(next.title) !== titleKey(doc.title);
      if (renamedToFree && !(await claimTitle(doc.moveId, titleKey(next.title), doc.id))) throw conflict(p.floorUnique);
      const saved = await replaceAs(next, etag, 'floor', doc).catch(async (error) => {
        if (renamedToFree) await releaseTitle(doc.moveId, titleKey(next.title));
        throw error;
      });
      if (renamedToFree) await releaseTitle(doc.moveId, titleKey(doc.title));
      // The floor that had the new title takes the old one (a swap); it is read fresh, so no title is lost.
      for (const change of changes.filter((c) => c.id !== doc.id)) {
        const holder = await readItem<FloorDoc>(change.id, 'floor');
        if (!holder) continue;
        const { etag: holderEtag, ...rest } = holder;
        await replaceAs({ ...rest, title: change.title, updatedAt: now(), updatedBy: principal.userId }, holderEtag ?? '*', 'floor', holder);
      }
      if (body.isDefault === true) await setDefaultPointer(doc.moveId, doc.id);
      const { defaultId } = await floorsOf(doc.moveId);
      return withEtag(toFloor(saved, defaultId));
    },
    { authorize: ({ principal, params }) => readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor') },
  ),
  bind(api.planner.deleteFloor, async ({ principal, params, ifMatch }) => {
    const { doc } = await readable<FloorDoc>(principal, params.layoutId, 'floor', 'floor');
    await deleteAs(doc, ifMatch(), 'floor');
    await releaseTitle(doc.moveId, titleKey(doc.title));
    await clearFloor(doc, principal.userId);
    await Promise.all([removeFloorImage(doc.id), removeFloorSource(doc.id)]);
    // The pointer to a deleted floor is read as 'the first floor': still exactly one default.
    const { floors, defaultId } = await floorsOf(doc.moveId);
    if (defaultId && floors.length) await setDefaultPointer(doc.moveId, defaultId);
    return noContent();
  }),
];
