import * as yup from './yup.ts';
import { wholeNumberParameter } from './queryNumbers.ts';
import { idField, idParameter } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { ItemTranslations } from './itemTranslations.ts';
import type { ContentLocale } from './locales.ts';
import { messages } from './messages.ts';
import type { PersonWave } from './waveTimes.ts';
import { ARRIVAL_UNDO_MINUTES, REPORT_PHOTO_MAX_BYTES, type ReportCategory, type ReportStatus, reportCategories, reportStatuses } from './moveDayTexts.ts';

export * from './moveDayTexts.ts';

/**
 * Move day (issue 36): each person's own page on the visitor site (signed in by the personal link of
 * their seat letter, `/{path}/me/{token}`), 'I'm here', 'something is wrong at my seat', and the move
 * team's board. Routes: `contracts/src/api/routes/moveDay.ts`.
 */

export const REPORT_TEXT_MAX = 2000;
export const REPORT_ANSWER_MAX = 2000;
export const reportPhotoTypes = ['image/jpeg', 'image/png'] as const;
/** A floor's directions for visitors ('east lifts to the 4th floor'): plain text. */
export const FLOOR_DIRECTIONS_MAX = 500;
export const MOVE_DAY_PAGE_SIZE = 50;
export const MOVE_DAY_PAGE_SIZE_MAX = 200;

/** The personal link's token: 32 bytes of randomness, base64url (43 characters). */
export const PERSON_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The personal link of a seat letter: `{site}/me/{token}` (the site is `{PORTAL_URL}/{path}`). */
export const personalLink = (site: string, token: string) => `${site.replace(/\/$/, '')}/me/${encodeURIComponent(token)}`;

/** A seat as the move-day answers name it (`markerId`: the table, else the space; its position in % of the floor's image). */
export interface MoveDaySeat {
  floorId: string;
  floor: string;
  space: string;
  table: string | null;
  markerId: string;
  positionX: number;
  positionY: number;
}

/** A person's arrival: one per person; `undoUntil` is when DELETE stops being possible. */
export interface VisitArrival {
  arrivedAt: string;
  /** The seat it was for (null: the person had none at the time). */
  seat: MoveDaySeat | null;
  undoUntil: string;
  /** Send it as If-Match with DELETE. */
  etag?: string;
}

/** A person's report as they see it. `photo`: the address under the API of the report's photo, or null. */
export interface VisitReport {
  id: string;
  category: ReportCategory;
  text: string;
  status: ReportStatus;
  /** The move team's answer ('' before one). */
  answer: string;
  answeredAt: string | null;
  seat: MoveDaySeat | null;
  photo: string | null;
  createdAt: string;
  updatedAt: string;
}

/** 'My crates are packed' (issue 48): when; DELETE takes it back (If-Match). */
export interface VisitPacked {
  packedAt: string;
  etag?: string;
}

/** The person's wave on their page (issue 48): as a letter says it, with each moment's instant for the countdown. */
export type VisitWave = PersonWave & {
  /** `name` is the move's default language's; these are its other languages' (the page shows the one it is in). */
  translations?: ItemTranslations<'name'>;
  moments: { kind: 'packBy' | 'pickUp' | 'arrival'; local: string; at: string }[];
};

/** GET /v1/visit/{path}/me: the signed-in person's own move page. */
export interface VisitMe {
  person: { id: string; name: string; language: ContentLocale | null };
  seat: MoveDaySeat | null;
  /** The seat's floor's directions (staff's text), or null. */
  directions: string | null;
  /** How many box labels the person has (their stickers, else the move's default). */
  labels: number;
  /** The move timeline's next deadlines (events that have not ended), soonest first, at most 5. */
  deadlines: {
    id: string;
    title: string;
    section: string;
    startDate: string;
    endDate: string | null;
    /** The event's title and its section's in the move's other languages (issue 39). */
    translations?: ItemTranslations<'title' | 'section'>;
  }[];
  /** The move's contacts; a title in the move's other languages in `translations` (issue 39). */
  contacts: { id: string; name: string; title: string | null; phonenumber: string | null; email: string | null; translations?: ItemTranslations<'title'> }[];
  arrival: VisitArrival | null;
  /** Newest first. */
  reports: VisitReport[];
  /** The person's wave (issue 48), null when they are in none; the deadlines are the whole move's and this wave's. */
  wave: VisitWave | null;
  packed: VisitPacked | null;
  /** The move's time zone (its location's country's): every time on the page is on its clock, said once (issue 55). */
  timeZone: string;
}

/** A report on the staff's board. */
export interface MoveDayReport {
  id: string;
  moveId: string;
  personId: string;
  personName: string;
  seat: MoveDaySeat | null;
  category: ReportCategory;
  text: string;
  status: ReportStatus;
  /** A move team member's directory id, or null. */
  assigneeId: string | null;
  answer: string;
  answeredAt: string | null;
  /** The photo's address under the API (`/v1/reports/{id}/photo?v=`), or null. */
  photo: string | null;
  createdAt: string;
  updatedAt: string;
  etag?: string;
}

export interface MoveDayReportPage {
  items: MoveDayReport[];
  total: number;
  page: number;
  pageSize: number;
}

/** GET /v1/moves/{moveId}/move-day: arrived of expected (people with a seat on a published floor), by floor. */
/** A person with a seat on a published floor who has not tapped 'I'm here' yet, and where they sit. */
export interface MoveDayAbsentee {
  personId: string;
  name: string;
  space: string;
  table: string | null;
  /** How the team reaches them (the planner's person): null when none. */
  email: string | null;
  phone: string | null;
  /** The person's wave (issue 48), null when they are in none: the list says it beside each name. */
  waveId: string | null;
}

/** A person with no seat on a published floor (issue 55): how the team reaches them, their wave, whether they came anyway. */
export interface MoveDayUnseated {
  personId: string;
  name: string;
  email: string | null;
  phone: string | null;
  waveId: string | null;
  arrived: boolean;
}

export interface MoveDayBoard {
  expected: number;
  arrived: number;
  /** Each floor's counts and who of its people has not arrived yet (by name), so the team can look for them. */
  floors: { floorId: string; floor: string; expected: number; arrived: number; notArrived: MoveDayAbsentee[] }[];
  /**
   * The people (of the wave asked for) with no seat on a published floor, by name (issue 55): not counted in
   * `expected`, which is people with a seat on every screen, and listed as such so the counts add up to the
   * wave's load.
   */
  withoutSeat: MoveDayUnseated[];
  reports: Record<ReportStatus, number>;
  /** The seats (marker ids) with a report not resolved: the planner's floor view marks them. */
  openReportSeats: string[];
  /** The latest arrival or report change (null: none yet). */
  lastChange: string | null;
  /**
   * Where this answer leaves the board: sent back as `since`, the next read answers only what changed after
   * it (issue 56: a 2,000-person board is 600 KB to read again at each arrival). Opaque to the board.
   */
  version: string;
  /**
   * True for an answer to `since` that could be told apart: the counts, reports and open report seats as
   * ever, each floor's `notArrived` empty, `withoutSeat` only those of them who arrived after it, and
   * `arrivedSince` who arrived after it. False: the whole board (first read, or the server could not tell
   * what changed, e.g. an arrival taken back, a person moved, a plan published again).
   */
  changesOnly: boolean;
  /** In an answer of changes: the people who arrived after `since`. Empty in a whole board. */
  arrivedSince: string[];
}

/**
 * The board after an answer: a whole board replaces it; an answer of changes takes who arrived off the
 * floors' lists and marks them among the people without a seat, keeping every floor and person it does
 * not touch as the same object (what did not change is not drawn again), and its counts from the answer.
 */
export function applyBoardAnswer(current: MoveDayBoard | undefined, answer: MoveDayBoard): MoveDayBoard {
  if (!answer.changesOnly) return answer;
  if (!current) throw new Error('a board of changes needs the board it changes');
  if (answer.version === current.version) return current;
  const arrived = new Set(answer.arrivedSince);
  const counts = new Map(answer.floors.map((f) => [f.floorId, f]));
  const floors = current.floors.map((floor) => {
    const now = counts.get(floor.floorId);
    const notArrived = floor.notArrived.some((p) => arrived.has(p.personId)) ? floor.notArrived.filter((p) => !arrived.has(p.personId)) : floor.notArrived;
    const same = notArrived === floor.notArrived && (!now || (now.expected === floor.expected && now.arrived === floor.arrived));
    return same ? floor : { ...floor, expected: now?.expected ?? floor.expected, arrived: now?.arrived ?? floor.arrived, notArrived };
  });
  const cameAnyway = new Map(answer.withoutSeat.map((p) => [p.personId, p]));
  const withoutSeat = cameAnyway.size > 0 ? current.withoutSeat.map((p) => cameAnyway.get(p.personId) ?? p) : current.withoutSeat;
  return { ...answer, floors, withoutSeat, changesOnly: false, arrivedSince: [] };
}

/**
 * How the day's chart groups the move's people (issue 49): by their seat's floor, or by their wave (issue 48;
 * the people in no wave are one group of their own, `MOVE_DAY_NO_WAVE`).
 */
export const moveDayGroupings = ['floor', 'wave'] as const;
/** The id of the chart's group of the people in no wave (no wave's id has this shape). */
export const MOVE_DAY_NO_WAVE = 'none';
export type MoveDayGrouping = (typeof moveDayGroupings)[number];
/** The chart's buckets: arrivals and reports counted per quarter of an hour of the move's own clock. */
export const MOVE_DAY_BUCKET_MINUTES = 15;
/** At most a week of buckets: older arrivals still count in the running share, no longer as a bucket of their own. */
export const MOVE_DAY_BUCKETS_MAX = 7 * 24 * (60 / MOVE_DAY_BUCKET_MINUTES);

/** One group's (or the whole move's) counts, a number per bucket of `MoveDayTimeline.buckets`. */
export interface MoveDaySeries {
  /** People with a seat on a published floor (the board's 'expected'). */
  expected: number;
  /** Arrivals in each bucket. */
  arrivals: number[];
  /** The share of `expected` arrived by each bucket's end, in percent with one decimal (the running share). */
  arrivedShare: number[];
  /** Reports made in each bucket. */
  reports: number[];
}

/** GET /v1/moves/{moveId}/move-day/timeline: the day as a picture. */
export interface MoveDayTimeline {
  by: MoveDayGrouping;
  /** The move's time zone (its location's country's, as the CSV's times). */
  timeZone: string;
  bucketMinutes: number;
  /** Each bucket's start as the move's wall-clock time with its offset (`2026-11-28T07:15:00+01:00`), oldest first, without gaps; empty before the first arrival or report. */
  buckets: string[];
  all: MoveDaySeries;
  /**
   * One series per group, in the board's order (floors) or the waves' (the people in no wave last). `arrival`:
   * a wave's arrival window's start, the move's wall-clock time (`YYYY-MM-DDTHH:mm`), which the chart marks;
   * null for a floor, the people in no wave and a wave without one.
   */
  groups: (MoveDaySeries & { id: string; name: string; arrival: string | null })[];
}

/** The API's words (English, like the rest of the API's errors); the visitor site shows `moveDayTexts`. */
export const moveDayMessages = {
  notAPerson: 'this needs your personal link: open the link in your seat letter',
  personalLinkInvalid: 'This personal link is no longer valid: use the link in your latest seat letter',
  undoTooLate: `an arrival can be taken back only within ${ARRIVAL_UNDO_MINUTES} minutes`,
  noArrival: 'no arrival to take back',
  notPacked: 'nothing packed to take back',
  reportNotFound: 'report not found',
  notATeamMember: "the assignee must be a member of the move's team",
  photoTooLarge: `the photo is larger than ${REPORT_PHOTO_MAX_BYTES / 1024 / 1024} MB`,
  photoNotImage: 'Only JPEG and PNG photos can be used.',
  photoUnreadable: 'the photo could not be read as an image',
} as const;

const v = messages.validation;
const unknownField = 'unknown field: ${unknown}';

/** POST /v1/visit/{path}/reports: what is wrong at the person's seat (the seat is filled in by the server). */
export const reportCreateSchema = yup
  .object({
    category: yup
      .string()
      .oneOf(reportCategories, `one of ${reportCategories.join(', ')}`)
      .required(v.required),
    text: yup.string().trim().required(v.required).max(REPORT_TEXT_MAX, `maximum ${REPORT_TEXT_MAX} characters`).meta({ multiline: true }),
  })
  .noUnknown(true, unknownField);

/** PATCH /v1/reports/{reportId}: any of status, assignee (a team member, or null), answer ('' removes it). */
export const reportUpdateSchema = yup
  .object({
    status: yup
      .string()
      .oneOf(reportStatuses, `one of ${reportStatuses.join(', ')}`)
      .optional(),
    assigneeId: idField(idShapes.userId)
      .nullable()
      .optional()
      .meta({ rule: `a member of the move's team, else 400 '${moveDayMessages.notATeamMember}'` }),
    answer: yup.string().trim().max(REPORT_ANSWER_MAX, `maximum ${REPORT_ANSWER_MAX} characters`).optional().meta({ multiline: true }),
  })
  .noUnknown(true, unknownField);

/** GET /v1/moves/{moveId}/reports: filters and page. */
export const reportListQuery = yup
  .object({
    status: yup
      .string()
      .oneOf(reportStatuses, `one of ${reportStatuses.join(', ')}`)
      .optional(),
    category: yup
      .string()
      .oneOf(reportCategories, `one of ${reportCategories.join(', ')}`)
      .optional(),
    /** A floor's id (planner item). */
    floor: idParameter(idShapes.plannerItem),
    page: wholeNumberParameter(100_000),
    pageSize: wholeNumberParameter(MOVE_DAY_PAGE_SIZE_MAX),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');

/** GET /v1/moves/{moveId}/move-day/timeline: the grouping (floor when not given). */
export const moveDayTimelineQuery = yup
  .object({
    by: yup
      .string()
      .oneOf(moveDayGroupings, `one of ${moveDayGroupings.join(', ')}`)
      .optional(),
  })
  .noUnknown(true, 'unknown parameter: ${unknown}');

export const reportPaging = (query: { page?: string; pageSize?: string }) => ({
  page: query.page ? Number(query.page) : 1,
  pageSize: query.pageSize ? Number(query.pageSize) : MOVE_DAY_PAGE_SIZE,
});

export type ReportCreateInput = yup.InferType<typeof reportCreateSchema>;
export type ReportUpdateInput = yup.InferType<typeof reportUpdateSchema>;
