import {
  api,
  type ContentLocale,
  type MoveDayGrouping,
  type MoveDayReportPage,
  moveDayMessages,
  moveDayTexts,
  waveMessages,
  reportPaging,
  type ReportStatus,
} from '@movers/contracts';
import type { InvocationContext } from '@azure/functions';
import { cachedJson } from '../../platform/http/conditional.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { file, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { attachmentDisposition, userFile } from '../../platform/http/userFiles.ts';
import { mailSender, sendTextMail } from '../../platform/graph/mail.ts';
import type { Principal } from '../../platform/auth/principal.ts';
import { readableMove } from '../moves/index.ts';
import { peopleWithSeats, readPerson } from '../planner/index.ts';
import { readLetter } from '../seatLetters/index.ts';
import { getLocationDoc } from '../locations/index.ts';
import { waveNamesOf, waveOfMove, waveStore } from '../waves/index.ts';
import { listArrivals, listReports, moveIdOfReport, readPhoto, readReport, type ReportDoc, saveReport, type Stored } from './moveDay.data.ts';
import { timeZoneOfCountry } from '../../platform/time/localTime.ts';
import { groupOfReporter, timelineOf, waveGroupOf, waveOrder } from './timeline.ts';
import { newestFirst, toBoardReport } from './views.ts';
import { moveDayMapOf } from './map.ts';
import { moveDayBoardOf } from './board.ts';
import { readDay } from './dayReads.ts';

// Made once: localeCompare with a locale builds a collator per comparison.
const byNumber = new Intl.Collator('nb', { numeric: true });

/** A report the caller may touch: its move's client first (403), then the report (404). */
async function readableReport(principal: Principal, reportId: string) {
  const moveId = moveIdOfReport(reportId);
  if (!moveId) throw notFound(moveDayMessages.reportNotFound);
  const move = await readableMove(principal, moveId);
  const report = await readReport(moveId, reportId);
  if (!report) throw notFound(moveDayMessages.reportNotFound);
  return { move, report };
}

/** The team's answer to the person, in their letter's language, when they have an address; a failure is logged, never the caller's error. */
async function mailAnswer(report: ReportDoc, moveName: string, context: InvocationContext) {
  try {
    const sender = mailSender();
    const [person, letter] = await Promise.all([readPerson(report.moveId, report.personId), readLetter(report.moveId, report.personId)]);
    if (!sender || !person?.email) return;
    const language: ContentLocale = letter?.language ?? 'en';
    const t = moveDayTexts[language];
    await sendTextMail({
      from: sender,
      to: person.email,
      subject: t.answerSubject.replace('{move}', () => moveName),
      lines: [t.answerIntro.replace('{category}', () => t.categories[report.category]), '', report.answer, '', `> ${report.text.split('\n').join('\n> ')}`],
    });
  } catch (error) {
    context.error('move day: the answer to a report could not be mailed', error);
  }
}

/** The move team's board: counts, the reports, their changes, the photo and the CSV. */
export const moveDayBoardRoutes: BoundRoute[] = [
  bind(api.moveDay.board, async ({ principal, params, query, request }) => {
    const move = await readableMove(principal, params.moveId);
    // One wave's board (issue 48): arrived of expected among its people, by floor.
    if (query.wave && !(await waveOfMove(move.id, query.wave))) throw badRequest('validation failed', { wave: waveMessages.notAWave });
    return cachedJson(request, await moveDayBoardOf(move.id, query.wave, query.since), 'revalidate');
  }),

  bind(api.moveDay.map, async ({ principal, params, query, request }) => {
    const move = await readableMove(principal, params.moveId);
    if (query.wave && !(await waveOfMove(move.id, query.wave))) throw badRequest('validation failed', { wave: waveMessages.notAWave });
    return cachedJson(request, await moveDayMapOf(move.id, query.wave, query.since), 'revalidate');
  }),

  bind(api.moveDay.timeline, async ({ principal, params, query, request }) => {
    const move = await readableMove(principal, params.moveId);
    const by = (query.by as MoveDayGrouping | undefined) ?? 'floor';
    const [day, location, waves] = await Promise.all([
      readDay(move.id),
      getLocationDoc(move.clientId, move.locationId).catch(() => undefined),
      by === 'wave' ? waveStore.list(move.id) : Promise.resolve([]),
    ]);
    const { arrivals, reports } = day;
    const { people } = day.seated();
    const peopleById = new Map(people.map((p) => [p.id, p]));
    const body = timelineOf({
      by,
      timeZone: timeZoneOfCountry(location?.country.id),
      people: people.map((p) => ({
        id: p.id,
        group: p.seat ? (by === 'wave' ? waveGroupOf(p.waveId, waves) : { id: p.seat.floorId, name: p.seat.floor }) : undefined,
      })),
      arrivals,
      // A report counts where its person does: by floor its seat's floor when it was made, by wave its person's wave now.
      reports: reports.map((r) => ({ createdAt: r.createdAt, group: by === 'wave' ? groupOfReporter(r.personId, peopleById, waves) : r.seat?.floorId })),
      order: by === 'wave' ? waveOrder(waves) : (a, b) => byNumber.compare(a.name, b.name),
    });
    return cachedJson(request, body, 'revalidate');
  }),

  bind(api.moveDay.reports, async ({ principal, params, query, request }) => {
    const move = await readableMove(principal, params.moveId);
    const { page, pageSize } = reportPaging(query);
    const matching = (await listReports(move.id))
      .filter((r) => (!query.status || r.status === query.status) && (!query.category || r.category === query.category))
      .filter((r) => !query.floor || r.seat?.floorId === query.floor)
      .sort(newestFirst);
    const body: MoveDayReportPage = {
      items: matching.slice((page - 1) * pageSize, page * pageSize).map(toBoardReport),
      total: matching.length,
      page,
      pageSize,
    };
    return cachedJson(request, body, 'revalidate');
  }),

  bind(
    api.moveDay.update,
    async ({ principal, params, body, ifMatch, context }) => {
      const { move, report } = await readableReport(principal, params.reportId);
      // Asked for once the caller's access to the report is settled: a stranger gets 403/404, not 428.
      const etag = ifMatch() ?? '';
      if (body.assigneeId && !move.teamMembers.some((m) => m.id === body.assigneeId))
        throw badRequest('validation failed', { assigneeId: moveDayMessages.notATeamMember });
      const now = new Date().toISOString();
      const answered = body.answer !== undefined && body.answer !== report.answer;
      const next: Stored<ReportDoc> = {
        ...report,
        ...(body.status !== undefined ? { status: body.status as ReportStatus } : {}),
        ...(body.assigneeId !== undefined ? { assigneeId: body.assigneeId } : {}),
        ...(body.answer !== undefined ? { answer: body.answer, answeredAt: answered ? (body.answer ? now : null) : report.answeredAt } : {}),
        updatedAt: now,
        updatedBy: principal.userId,
      };
      const saved = await saveReport(next, etag);
      if (answered && saved.answer) {
        const location = await getLocationDoc(move.clientId, move.locationId).catch(() => undefined);
        await mailAnswer(saved, location?.name ?? move.path, context);
      }
      return withEtag(toBoardReport(saved));
    },
    { authorize: ({ principal, params }) => readableReport(principal, params.reportId) },
  ),

  bind(api.moveDay.photo, async ({ principal, params, query, request }) => {
    const { report } = await readableReport(principal, params.reportId);
    const photo = report.photo ? await readPhoto(report.id) : undefined;
    if (!photo) throw notFound('the report has no photo');
    return userFile(request, photo, { cache: query.v ? 'forever' : 'revalidate' });
  }),

  bind(api.moveDay.csv, async ({ principal, params, request }) => {
    const move = await readableMove(principal, params.moveId);
    const [{ people }, arrivals, reports, location, waveNames] = await Promise.all([
      peopleWithSeats(move.id),
      listArrivals(move.id),
      listReports(move.id),
      getLocationDoc(move.clientId, move.locationId).catch(() => undefined),
      waveNamesOf(move.id),
    ]);
    // Loaded on first use, as the planner's sheet is: no cold start pays for the CSV library.
    const { moveDayCsv } = await import('./csv.ts');
    const csv = moveDayCsv(people, arrivals, reports.sort(newestFirst), {
      timeZone: timeZoneOfCountry(location?.country.id),
      waveNames,
      // The API's own origin as the request reached it, as the editor's file addresses are made.
      apiBase: `${new URL(request.url).origin}/api`,
    });
    return file(csv, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': attachmentDisposition(`${move.path}-move-day.csv`),
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'Cache-Control': 'private, no-store',
    });
  }),
];
