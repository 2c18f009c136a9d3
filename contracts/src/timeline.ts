import * as yup from 'yup';
import { idField } from './api/ids.ts';
import type { Audit } from './entities.ts';
import { messages } from './messages.ts';

/** Timeline of a move or a brokering project (spec part 2, sections 3 and 5). */
export interface TimelineEvent {
  id: string;
  title: string;
  description: string | null;
  /** ISO timestamps at 00:00:00.000Z of the day. */
  startDate: string;
  endDate: string | null;
}

export interface TimelineSection extends Partial<Audit> {
  id: string;
  ownerId: string;
  title: string;
  date: string;
  events: TimelineEvent[];
  etag?: string;
}

export type TimelineOwnerKind = 'brokering' | 'move';

export interface TimelineEventInput {
  id?: string;
  title: string;
  description: string | null;
  startDate: string;
  endDate: string | null;
}

export interface TimelineSectionInput {
  title: string;
  date: string;
  events: TimelineEventInput[];
}

export const EVENT_DESCRIPTION_MAX = 255;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A day as the API stores it: `YYYY-MM-DD` or an ISO timestamp becomes `YYYY-MM-DDT00:00:00.000Z` of
 * that (UTC) day; anything else is returned unchanged so validation can call it invalid.
 */
export function toDayTimestamp(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const match = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2}))?$/.exec(value.trim());
  if (!match) return value;
  const date = new Date(match[4] ? value.trim() : `${match[1]}-${match[2]}-${match[3]}T00:00:00.000Z`);
  if (Number.isNaN(date.getTime())) return value;
  if (!match[4] && date.getUTCDate() !== Number(match[3])) return value; // 2026-02-30
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate())).toISOString();
}

const isDay = (value: unknown) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(value);

const required = messages.validation.required;
const invalidDate = messages.timeline.invalidDate;
const day = () =>
  yup
    .string()
    .transform((_v, original) => (typeof original === 'string' && original.trim() === '' ? undefined : toDayTimestamp(original)))
    .test('day', invalidDate, (v) => v === undefined || v === null || isDay(v));
const emptyToNull = (_v: unknown, original: unknown) => (typeof original === 'string' && original.trim() === '' ? null : original);

export const timelineEventSchema = yup
  .object({
    id: idField().optional(),
    title: yup.string().trim().max(200).required(required),
    description: yup
      .string()
      .transform(emptyToNull)
      .trim()
      .max(EVENT_DESCRIPTION_MAX, `maximum ${EVENT_DESCRIPTION_MAX} characters`)
      .nullable()
      .default(null)
      .meta({ multiline: true }),
    startDate: day().required(required),
    endDate: day()
      .transform((v, original) => (emptyToNull(v, original) === null ? null : toDayTimestamp(original)))
      .nullable()
      .default(null)
      .test('after-start', messages.timeline.endAfterStart, function (end) {
        const start = this.parent.startDate as unknown;
        if (!end || !isDay(start) || !isDay(end)) return true;
        return Date.parse(end) - Date.parse(start as string) >= DAY_MS;
      }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

const events = yup.array(timelineEventSchema.required()).max(200);

/** POST: a new section; events optional. */
export const timelineSectionSchema = yup
  .object({
    title: yup.string().trim().max(200).required(required),
    date: day().required(required),
    events: events.default([]),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

/** PATCH: any of title, date and events; what is sent is validated as on create, events are replaced. */
export const timelineSectionPatchSchema = yup
  .object({
    title: yup.string().trim().max(200).min(1, required).optional(),
    date: day().optional(),
    events: events.optional(),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .test('not-empty', 'nothing to update', (v) => v !== undefined && Object.keys(v).length > 0)
  .strict(false);

/** `YYYY-MM-DD` of a stored day. */
const dayKey = (iso: string) => iso.slice(0, 10);
/** `YYYY-MM-DD` of the viewer's calendar day. */
const localDayKey = (now: Date) => `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;

/**
 * Current (shown in bold): starts today or earlier and ends after today, or is open-ended and starts
 * today (spec part 2, section 4).
 */
export function isCurrentEvent(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, now: Date): boolean {
  const today = localDayKey(now);
  const start = dayKey(event.startDate);
  if (!event.endDate) return start === today;
  return start <= today && dayKey(event.endDate) > today;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** `D MMMM YYYY` of a stored day. */
export function formatDay(iso: string): string {
  const d = new Date(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** One day, or a range; a range within one month is abbreviated: `3–7 March 2026`. */
export function formatEventDays(startIso: string, endIso: string | null): string {
  if (!endIso || dayKey(endIso) === dayKey(startIso)) return formatDay(startIso);
  const s = new Date(startIso);
  const e = new Date(endIso);
  if (s.getUTCFullYear() === e.getUTCFullYear() && s.getUTCMonth() === e.getUTCMonth()) {
    return `${s.getUTCDate()}–${e.getUTCDate()} ${MONTHS[e.getUTCMonth()]} ${e.getUTCFullYear()}`;
  }
  if (s.getUTCFullYear() === e.getUTCFullYear()) {
    return `${s.getUTCDate()} ${MONTHS[s.getUTCMonth()]} – ${formatDay(endIso)}`;
  }
  return `${formatDay(startIso)} – ${formatDay(endIso)}`;
}

/** Sections by date (then title), events by start date: the order the screens show. */
export function sortTimeline<T extends Pick<TimelineSection, 'date' | 'title' | 'events'>>(sections: T[]): T[] {
  return [...sections]
    .map((s) => ({ ...s, events: [...s.events].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title, 'en')) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title, 'en'));
}
