import {
  ARRIVAL_UNDO_MINUTES,
  api,
  cleanTranslations,
  type ContentLocale,
  moveDayMessages,
  REPORT_PHOTO_MAX_BYTES,
  type ReportCategory,
  sortTimeline,
  type VisitMe,
  type VisitWave,
  instantOf,
  waveMoments,
} from '@movers/contracts';
import { cachedJson } from '../../platform/http/conditional.ts';
import { badRequest, conflict, notFound, payloadTooLarge } from '../../platform/http/errors.ts';
import { assertUnderLimit, countAttempt, type Limit } from '../../platform/http/rateLimit.ts';
import { created, json, noContent } from '../../platform/http/responses.ts';
import type { Visit } from '../../platform/auth/visit.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { userFile } from '../../platform/http/userFiles.ts';
import { localMinute } from '../../platform/time/localTime.ts';
import { reencodedImage } from '../../platform/image/mailSized.ts';
import { contactStore } from '../moveContent/index.ts';
import { seatOf } from '../planner/index.ts';
import { listSections, ownerIdOf } from '../timeline/index.ts';
import { personWaveOf } from '../seatLetters/index.ts';
import { moveTimeZone } from '../waves/index.ts';
import { visitedMove } from '../visit/index.ts';
import {
  type ArrivalDoc,
  arrivalId,
  createReport,
  listPersonReports,
  newReportId,
  packedId,
  readArrival,
  readPacked,
  readPhoto,
  recordPacked,
  removePacked,
  readReport,
  recordArrival,
  removeArrival,
  type ReportDoc,
  saveReport,
  storePhoto,
} from './moveDay.data.ts';
import { personOf } from './person.ts';
import { newestFirst, toArrival, toVisitReport } from './views.ts';

/** Reports: 20 per person and 600 per move in 15 minutes (a move day of 5,000 people sends a few hundred). */
const reportLimits = {
  perPerson: { kind: 'move-day-report-person', windowSeconds: 15 * 60, max: 20, message: 'Too many reports. Try again in {minutes} minutes.' },
  perMove: { kind: 'move-day-report-move', windowSeconds: 15 * 60, max: 600, message: 'Too many reports. Try again in {minutes} minutes.' },
} satisfies Record<string, Limit>;

const MAX_DEADLINES = 5;

/** The person is settled before If-Match and the body are looked at: any other session is 401 first. */
const asPerson = { authorize: ({ visit }: { visit: Visit | undefined }) => personOf(visit!) };

/** The person's own routes on the visitor site: their page, 'I'm here', and their reports. */
export const moveDayVisitRoutes: BoundRoute[] = [
  bind(api.moveDayVisit.me, async ({ visit, request }) => {
    const { person, language } = await personOf(visit);
    const move = visitedMove(visit);
    const [seat, arrival, reports, contacts, sections, wave, packed, timeZone] = await Promise.all([
      seatOf(person),
      readArrival(move.id, person.id),
      listPersonReports(move.id, person.id),
      contactStore.list(move.id),
      listSections(ownerIdOf('move', move.id)),
      personWaveOf(move.id, person.waveId, move.defaultLanguage),
      readPacked(move.id, person.id),
      moveTimeZone(move),
    ]);
    // The move's today, on its own clock (issue 55), not the server's.
    const from = localMinute(timeZone).slice(0, 10);
    const deadlines = sortTimeline(sections)
      .flatMap((section) =>
        // The whole move's events and the person's wave's (issue 48).
        section.events
          .filter((e) => !e.waves?.length || (wave && e.waves.includes(wave.id)))
          .map((e) => ({
            id: e.id,
            title: e.title,
            section: section.title,
            startDate: e.startDate,
            endDate: e.endDate ?? null,
            // The event's and its section's titles in the move's other languages: the page shows the person's.
            translations: cleanTranslations(
              Object.fromEntries(
                move.languages.map((code: ContentLocale) => [code, { title: e.translations?.[code]?.title, section: section.translations?.[code]?.title }]),
              ) as never,
            ),
          })),
      )
      .filter((e) => (e.endDate ?? e.startDate).slice(0, 10) >= from)
      .sort((a, b) => a.startDate.localeCompare(b.startDate))
      .slice(0, MAX_DEADLINES);
    const body: VisitMe = {
      person: { id: person.id, name: person.name, language: move.languages.includes(language) ? language : null },
      seat: seat ? stripDirections(seat) : null,
      directions: seat?.directions ?? null,
      labels: person.stickersCount ?? move.stickersCount,
      deadlines,
      contacts: contacts.map(({ id, name, title, phonenumber, email, translations }) => ({
        id,
        name,
        title,
        phonenumber,
        email,
        translations: translations ?? {},
      })),
      arrival: arrival ? toArrival(arrival) : null,
      reports: reports.sort(newestFirst).map((r) => toVisitReport(r, move.path)),
      wave: wave
        ? ({
            ...wave,
            moments: waveMoments(wave).map((m) => ({ kind: m.kind, local: m.at, at: instantOf(m.at, wave.timeZone).toISOString() })),
          } satisfies VisitWave)
        : null,
      packed: packed ? { packedAt: packed.packedAt, ...(packed.etag ? { etag: packed.etag } : {}) } : null,
      timeZone,
    };
    return cachedJson(request, body, 'revalidate');
  }),

  bind(
    api.moveDayVisit.arrive,
    async ({ visit, request }) => {
      // The route takes no body: one sent is refused rather than ignored (as on GET and DELETE).
      if (request.headers.get('content-type') || Number(request.headers.get('content-length') ?? '0') > 0) throw badRequest('this request takes no body');
      const { person } = await personOf(visit);
      const seat = await seatOf(person);
      const doc: ArrivalDoc = {
        id: arrivalId(person.id),
        moveId: visit.moveId,
        type: 'arrival',
        personId: person.id,
        arrivedAt: new Date().toISOString(),
        seat: seat ? stripDirections(seat) : null,
      };
      const { arrival } = await recordArrival(doc);
      const body = toArrival(arrival);
      return created(body, arrival.etag ? { ETag: arrival.etag } : {});
    },
    asPerson,
  ),

  bind(
    api.moveDayVisit.packed,
    async ({ visit, request }) => {
      if (request.headers.get('content-type') || Number(request.headers.get('content-length') ?? '0') > 0) throw badRequest('this request takes no body');
      const { person } = await personOf(visit);
      const packed = await recordPacked({
        id: packedId(person.id),
        moveId: visit.moveId,
        type: 'packed',
        personId: person.id,
        packedAt: new Date().toISOString(),
      });
      return created({ packedAt: packed.packedAt, ...(packed.etag ? { etag: packed.etag } : {}) }, packed.etag ? { ETag: packed.etag } : {});
    },
    asPerson,
  ),

  bind(
    api.moveDayVisit.undoPacked,
    async ({ visit, ifMatch }) => {
      const { person } = await personOf(visit);
      const packed = await readPacked(visit.moveId, person.id);
      if (!packed) throw notFound(moveDayMessages.notPacked);
      await removePacked(packed, ifMatch() ?? '');
      return noContent();
    },
    asPerson,
  ),

  bind(
    api.moveDayVisit.undoArrival,
    async ({ visit, ifMatch }) => {
      const { person } = await personOf(visit);
      const arrival = await readArrival(visit.moveId, person.id);
      if (!arrival) throw notFound(moveDayMessages.noArrival);
      if (Date.now() - Date.parse(arrival.arrivedAt) > ARRIVAL_UNDO_MINUTES * 60_000) throw conflict(moveDayMessages.undoTooLate);
      await removeArrival(arrival, ifMatch() ?? '');
      return noContent();
    },
    asPerson,
  ),

  bind(api.moveDayVisit.reports, async ({ visit, request }) => {
    const { person } = await personOf(visit);
    const path = visitedMove(visit).path;
    const reports = await listPersonReports(visit.moveId, person.id);
    return cachedJson(
      request,
      reports.sort(newestFirst).map((r) => toVisitReport(r, path)),
      'revalidate',
    );
  }),

  bind(
    api.moveDayVisit.report,
    async ({ visit, body }) => {
      const { person } = await personOf(visit);
      const keys = [
        { limit: reportLimits.perPerson, key: `${visit.moveId}|${person.id}` },
        { limit: reportLimits.perMove, key: visit.moveId },
      ];
      await assertUnderLimit(keys);
      const seat = await seatOf(person);
      const now = new Date().toISOString();
      const doc: ReportDoc = {
        id: newReportId(visit.moveId),
        moveId: visit.moveId,
        type: 'report',
        personId: person.id,
        personName: person.name,
        seat: seat ? stripDirections(seat) : null,
        category: body.category as ReportCategory,
        text: body.text,
        status: 'new',
        assigneeId: null,
        answer: '',
        answeredAt: null,
        photo: null,
        createdAt: now,
        updatedAt: now,
        updatedBy: `person:${person.id}`,
      };
      const saved = await createReport(doc);
      await countAttempt(keys).catch(() => undefined);
      return created(toVisitReport(saved, visitedMove(visit).path));
    },
    asPerson,
  ),

  bind(api.moveDayVisit.reportPhoto, async ({ visit, params, body }) => {
    // The person and their report first: nothing of the upload is read for anyone else.
    const { person } = await personOf(visit);
    const report = await readReport(visit.moveId, params.reportId);
    if (!report || report.personId !== person.id) throw notFound(moveDayMessages.reportNotFound);
    const upload = await body.receive(async (file) => {
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of file.stream) {
        size += chunk.byteLength;
        if (size > REPORT_PHOTO_MAX_BYTES) throw payloadTooLarge(moveDayMessages.photoTooLarge);
        chunks.push(chunk);
      }
      return { bytes: Buffer.concat(chunks), type: file.type };
    });
    if (upload.type !== 'image/jpeg' && upload.type !== 'image/png') throw badRequest(moveDayMessages.photoNotImage, { photo: moveDayMessages.photoNotImage });
    // Decoded and encoded again: what is stored holds the pixels only (no EXIF, no GPS position).
    const clean = await reencodedImage(upload.bytes, upload.type).catch(() => {
      throw badRequest(moveDayMessages.photoUnreadable, { photo: moveDayMessages.photoUnreadable });
    });
    const version = await storePhoto(report.id, clean, upload.type);
    const saved = await saveReport(
      { ...report, photo: { version, type: upload.type }, updatedAt: new Date().toISOString(), updatedBy: `person:${person.id}` },
      report.etag ?? '*',
    );
    return json(toVisitReport(saved, visitedMove(visit).path));
  }),

  bind(api.moveDayVisit.reportPhotoGet, async ({ visit, params, query, request }) => {
    const { person } = await personOf(visit);
    const report = await readReport(visit.moveId, params.reportId);
    if (!report || report.personId !== person.id || !report.photo) throw notFound(moveDayMessages.reportNotFound);
    const photo = await readPhoto(report.id);
    if (!photo) throw notFound(moveDayMessages.reportNotFound);
    return userFile(request, photo, { cache: query.v ? 'forever' : 'revalidate' });
  }),
];

function stripDirections<T extends { directions?: unknown }>(seat: T): Omit<T, 'directions'> {
  const { directions: _d, ...rest } = seat;
  return rest;
}
