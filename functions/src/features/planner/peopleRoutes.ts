import { api, isPersonEmail, type MarkerUser, messages, splitNames, splitPersonLine, waveMessages } from '@movers/contracts';
import { badRequest, HttpError } from '../../platform/http/errors.ts';
import { created, noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { moveAccess, readableMove } from '../moves/index.ts';
import { assignableMarker, invalidRequest, settleAssignment } from './assignments.ts';
import { allocationEtag, audit, isWaveOf, listMarkerDocs, listPersonDocs, moveIdOfItem, newId, type PersonDoc } from './planner.data.ts';
import { readable } from './readable.ts';
import { toPerson } from './views.ts';
import { deleteAs, now, replaceAs, writePerson } from './writes.ts';

/** A move's people: list, add by name, and one person placed, changed or removed. */
export const peopleRoutes: BoundRoute[] = [
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
  bind(
    api.planner.createPeople,
    async ({ principal, params, body }) => {
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
    },
    { authorize: moveAccess },
  ),
  bind(api.planner.createMarkerUser, async ({ principal, body }) => {
    const moveId = moveIdOfItem(body.move_layout_marker_id);
    if (!moveId) throw invalidRequest();
    // A marker of a move that does not exist is no marker either (the spec's 422); one the caller may not see stays 403.
    await readableMove(principal, moveId).catch((error: unknown) => {
      throw error instanceof HttpError && error.status === 404 ? invalidRequest() : error;
    });
    await assignableMarker(moveId, body.move_layout_marker_id);
    const doc: PersonDoc = {
      id: newId(moveId),
      moveId,
      type: 'person',
      name: body.name,
      markerId: body.move_layout_marker_id,
      stickersCount: body.stickersCount,
      email: body.email,
      phone: body.phone,
      department: body.department,
      ...audit(principal.userId),
    };
    const resource = await writePerson(doc);
    const settled = await settleAssignment({ ...doc, etag: resource?._etag });
    return withEtag(toPerson(settled), 201);
  }),
  bind(
    api.planner.updateMarkerUser,
    async ({ principal, params, body, ifMatch }) => {
      const { doc } = await readable<PersonDoc>(principal, params.markerUserId, 'person', 'person');
      // Asked for once the caller's access to the record is settled: a stranger gets 403/404, not 428.
      const etag = ifMatch();
      await assignableMarker(doc.moveId, body.move_layout_marker_id);
      if (body.waveId && !(await isWaveOf(doc.moveId, body.waveId))) throw badRequest('validation failed', { waveId: waveMessages.notAWave });
      const { etag: _e, ...current } = doc;
      const next: PersonDoc = {
        ...current,
        name: body.name,
        markerId: body.move_layout_marker_id,
        stickersCount: body.stickersCount,
        email: body.email === undefined ? (current.email ?? null) : body.email,
        // Not sent: the person keeps their wave (the screens that place people do not send it).
        waveId: body.waveId === undefined ? (current.waveId ?? null) : body.waveId,
        phone: body.phone === undefined ? (current.phone ?? null) : body.phone,
        department: body.department === undefined ? (current.department ?? null) : body.department,
        updatedAt: now(),
        updatedBy: principal.userId,
      };
      const saved = await replaceAs(next, etag, 'person', doc);
      return withEtag(toPerson(await settleAssignment(saved)));
    },
    { authorize: ({ principal, params }) => readable<PersonDoc>(principal, params.markerUserId, 'person', 'person') },
  ),
  bind(api.planner.deleteMarkerUser, async ({ principal, params, ifMatch }) => {
    const { doc } = await readable<PersonDoc>(principal, params.markerUserId, 'person', 'person');
    await deleteAs(doc, ifMatch(), 'person');
    return noContent();
  }),
];
