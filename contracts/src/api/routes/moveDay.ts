import type { MoveDayMap } from '../../moveDayMap.ts';
import {
  type MoveDayBoard,
  type MoveDayReport,
  type MoveDayReportPage,
  type MoveDayTimeline,
  moveDayTimelineQuery,
  REPORT_PHOTO_MAX_BYTES,
  reportCreateSchema,
  reportListQuery,
  reportPhotoTypes,
  reportUpdateSchema,
  type VisitArrival,
  type VisitMe,
  type VisitPacked,
  type VisitReport,
} from '../../moveDay.ts';
import * as yup from '../../yup.ts';
import { waveIdShape, waveMessages } from '../../wave.ts';
import { idParameter } from '../idField.ts';
import { defineRoute, fileReply, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import {
  moveDayBoardSchema,
  moveDayMapSchema,
  moveDayReportPageSchema,
  moveDayReportSchema,
  moveDayTimelineSchema,
  visitArrivalSchema,
  visitMeSchema,
  visitPackedSchema,
  visitReportSchema,
} from '../answers/moveDay.ts';
import { arrayOf } from '../answers/shape.ts';

const visitParams = { path: idShapes.movePath };
const personOnly = { 401: "the session is not a person's (signed in without the personal link), or the personal link was replaced or revoked" } as const;
/** A map's or a board's `version` as the server writes it (see `dayVersion`): the last change's time and a digest, both base64url. */
export const MAP_VERSION_SHAPE = /^[A-Za-z0-9_-]{0,64}\.[A-Za-z0-9_-]{1,64}$/;
export const mapVersionMessage = 'not a version of this map';
export const boardVersionMessage = 'not a version of this board';
/** The board of one wave (issue 48): its people only; `since` (issue 56): what changed after a version. */
const boardQuery = yup
  .object({
    wave: idParameter(waveIdShape).meta({ rule: `a wave of this move, else 400 '${waveMessages.notAWave}'` }),
    since: yup
      .string()
      .matches(MAP_VERSION_SHAPE, boardVersionMessage)
      .optional()
      .meta({ rule: `a \`version\` this route answered (one no longer current: the whole board); not of its shape: 400 '${boardVersionMessage}'` }),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');
const mapQuery = yup
  .object({
    wave: idParameter(waveIdShape).meta({ rule: `a wave of this move, else 400 '${waveMessages.notAWave}'` }),
    since: yup
      .string()
      .matches(MAP_VERSION_SHAPE, mapVersionMessage)
      .optional()
      .meta({ rule: `a \`version\` this route answered (one no longer current: the whole map); not of its shape: 400 '${mapVersionMessage}'` }),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');
const photoVersionQuery = yup.object({ v: yup.string().max(100).optional() }).noUnknown(true, 'unknown parameter: ${unknown}');

/**
 * Move day (issue 36). The person's own routes are visitor routes of a session signed in with the
 * personal link of their seat letter (`POST .../session { personToken }`); any other session is 401.
 * The board's routes are 'any signed-in' of the move's client, as the planner is.
 */
export const moveDayVisitRoutes = {
  me: defineRoute({
    name: 'visit-me',
    method: 'GET',
    path: 'v1/visit/{path}/me',
    access: 'visitor',
    cached: true,
    errors: personOnly,
    summary:
      "The signed-in person's own move page: seat (ringed on the plan), the floor's directions, labels, next deadlines, contacts, arrival and own reports (ETag; 304 on If-None-Match)",
    params: visitParams,
    response: jsonReply<VisitMe>("the person's page", visitMeSchema),
  }),
  arrive: defineRoute({
    name: 'visit-arrival-create',
    method: 'POST',
    path: 'v1/visit/{path}/arrival',
    access: 'visitor',
    errors: personOnly,
    summary: "'I'm here': records the person's arrival (time, the seat it was for); once per person: another POST answers the same arrival",
    params: visitParams,
    status: 201,
    response: jsonReply<VisitArrival>('the arrival (the first one recorded), with its ETag', visitArrivalSchema),
  }),
  packed: defineRoute({
    name: 'visit-packed-create',
    method: 'POST',
    path: 'v1/visit/{path}/packed',
    access: 'visitor',
    errors: personOnly,
    summary: "'My crates are packed' (issue 48): records when; once per person: another POST answers the same",
    params: visitParams,
    status: 201,
    response: jsonReply<VisitPacked>('when the person packed (the first one recorded), with its ETag', visitPackedSchema),
  }),
  undoPacked: defineRoute({
    name: 'visit-packed-delete',
    method: 'DELETE',
    path: 'v1/visit/{path}/packed',
    access: 'visitor',
    errors: { ...personOnly, 404: 'the person has not said they packed' },
    summary: "Take 'packed' back (If-Match: its ETag)",
    params: visitParams,
    status: 204,
    response: noReply('taken back'),
  }),
  undoArrival: defineRoute({
    name: 'visit-arrival-delete',
    method: 'DELETE',
    path: 'v1/visit/{path}/arrival',
    access: 'visitor',
    errors: { ...personOnly, 404: 'the person has not arrived', 409: 'the arrival is older than 10 minutes' },
    summary: 'Take the arrival back (If-Match: its ETag), within 10 minutes of it',
    params: visitParams,
    status: 204,
    response: noReply('taken back'),
  }),
  reports: defineRoute({
    name: 'visit-reports-list',
    method: 'GET',
    path: 'v1/visit/{path}/reports',
    access: 'visitor',
    cached: true,
    errors: personOnly,
    summary: "The person's own reports, newest first, with status and the team's answer (ETag; 304 on If-None-Match)",
    params: visitParams,
    response: jsonReply<VisitReport[]>('the reports', arrayOf(visitReportSchema)),
  }),
  report: defineRoute({
    name: 'visit-reports-create',
    method: 'POST',
    path: 'v1/visit/{path}/reports',
    access: 'visitor',
    errors: personOnly,
    summary:
      "'Something is wrong at my seat': category and text (the seat filled in); send an Idempotency-Key so a retry stores it once; a photo follows by its own route",
    params: visitParams,
    body: reportCreateSchema,
    status: 201,
    response: jsonReply<VisitReport>('the report', visitReportSchema),
  }),
  reportPhoto: defineRoute({
    name: 'visit-report-photo-upload',
    method: 'POST',
    path: 'v1/visit/{path}/reports/{reportId}/photo',
    access: 'visitor',
    errors: { ...personOnly, 404: "no such report of the person's" },
    summary: `Attach a photo to the person's own report (multipart field \`photo\`, JPEG or PNG by content, at most ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB; re-encoded, so no EXIF or GPS is kept); sending it again replaces it`,
    params: { ...visitParams, reportId: idShapes.moveItem },
    upload: { field: 'photo', maxBytes: REPORT_PHOTO_MAX_BYTES, types: reportPhotoTypes, stream: true },
    response: jsonReply<VisitReport>('the report with its photo', visitReportSchema),
  }),
  reportPhotoGet: defineRoute({
    name: 'visit-report-photo',
    method: 'GET',
    path: 'v1/visit/{path}/reports/{reportId}/photo',
    access: 'visitor',
    cached: true,
    errors: { ...personOnly, 404: "no such report of the person's, or it has no photo" },
    summary: "The photo of the person's own report (sandboxed like every user file)",
    params: { ...visitParams, reportId: idShapes.moveItem },
    query: photoVersionQuery,
    response: fileReply(reportPhotoTypes, 'the photo'),
  }),
};

export const moveDayRoutes = {
  board: defineRoute({
    name: 'move-day-board',
    method: 'GET',
    path: 'v1/moves/{moveId}/move-day',
    access: 'signedIn',
    cached: true,
    summary:
      "Arrived of expected (people with a seat on a published floor), by floor, with who on the floor has not arrived yet (name, seat, with the e-mail and phone the planner has for them; by name); report counts by status; seats with an open report (ETag; 304 on If-None-Match: poll it). `wave`: the counts of that wave's people only. `since` (a `version` this route answered, with the same `wave`): only what changed after it (`changesOnly`: the counts, no floor's `notArrived`, who arrived after it in `arrivedSince`, and those of them without a seat), or the whole board when the server cannot tell",
    params: { moveId: idShapes.move },
    query: boardQuery,
    response: jsonReply<MoveDayBoard>('the counts', moveDayBoardSchema),
  }),
  map: defineRoute({
    name: 'move-day-map',
    method: 'GET',
    path: 'v1/moves/{moveId}/move-day/map',
    access: 'signedIn',
    cached: true,
    summary:
      "Move day on the plan: each published floor (its image's version and size) with every seat that has people (position in % of the image, who sits there and when they arrived) and the seat's state (reported, resolved, arrived, expected) with its open reports' categories; the counts per floor; every report of the people seated, newest first (ETag; 304 on If-None-Match: poll it). `wave`: that wave's people only, as the board's. `since` (a `version` this route answered, with the same `wave`): only what changed after it (`changesOnly`: each floor's counts, its seats whose state or people changed, the reports that changed), or the whole map when the server cannot tell",
    params: { moveId: idShapes.move },
    query: mapQuery,
    response: jsonReply<MoveDayMap>('the floors, seats and reports', moveDayMapSchema),
  }),
  timeline: defineRoute({
    name: 'move-day-timeline',
    method: 'GET',
    path: 'v1/moves/{moveId}/move-day/timeline',
    access: 'signedIn',
    cached: true,
    summary:
      "The day as a picture: arrivals and reports per 15 minutes of the move's own time and the running share of expected arrived, for the move and per group (`by=floor`, or `by=wave`: each wave with its arrival's start, and the people in no wave as `none`) (ETag; 304 on If-None-Match: poll it with the board)",
    params: { moveId: idShapes.move },
    query: moveDayTimelineQuery,
    response: jsonReply<MoveDayTimeline>('the buckets and each series', moveDayTimelineSchema),
  }),
  reports: defineRoute({
    name: 'move-day-reports',
    method: 'GET',
    path: 'v1/moves/{moveId}/reports',
    access: 'signedIn',
    cached: true,
    summary: "One page of the move's reports, newest first, filtered by status, category and floor (ETag; 304 on If-None-Match)",
    params: { moveId: idShapes.move },
    query: reportListQuery,
    response: jsonReply<MoveDayReportPage>('the page and how many match', moveDayReportPageSchema),
  }),
  update: defineRoute({
    name: 'move-day-report-update',
    method: 'PATCH',
    path: 'v1/reports/{reportId}',
    access: 'signedIn',
    summary:
      "Set a report's status, assignee (a member of the move's team, or null) or answer (If-Match); a new answer is e-mailed to the person when they have an address",
    params: { reportId: idShapes.moveItem },
    body: reportUpdateSchema,
    response: jsonReply<MoveDayReport>('the report, with its new ETag', moveDayReportSchema),
  }),
  photo: defineRoute({
    name: 'move-day-report-photo',
    method: 'GET',
    path: 'v1/reports/{reportId}/photo',
    access: 'signedIn',
    cached: true,
    errors: { 404: 'the report has no photo' },
    summary: "A report's photo (sandboxed; `v` = its version: cached for a year)",
    params: { reportId: idShapes.moveItem },
    query: photoVersionQuery,
    response: fileReply(reportPhotoTypes, 'the photo'),
  }),
  csv: defineRoute({
    name: 'move-day-csv',
    method: 'GET',
    path: 'v1/moves/{moveId}/move-day.csv',
    access: 'signedIn',
    summary:
      "Arrivals and reports for the client's after-move review: `{path}-move-day.csv`, UTF-8 with a BOM, semicolons, cells neutralised against CSV injection. Columns Kind;Name;Floor;Space;Table;Arrived at;Reported at;Category;Text;Status;Answer;Answered at;Photo;Wave (the person's wave's name, issue 48). A row per person with a seat or an arrival (Kind `arrival`, with its time, or `not arrived`), then a row per report (Kind `report`). Times are the move's local time with their offset (`2026-11-28T07:23:49+01:00`): the time zone of the location's country (of its capital where the country has several); Photo is the absolute address of `GET /v1/reports/{reportId}/photo`",
    params: { moveId: idShapes.move },
    response: fileReply(['text/csv'], 'the CSV'),
  }),
};
