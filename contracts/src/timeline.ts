import * as yup from './yup.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { Audit } from './entities.ts';
import { localDayKey, toIsoDay } from './dates.ts';
import { localMinuteAt } from './waveTimes.ts';
import { messages } from './messages.ts';
import type { ItemTranslations } from './itemTranslations.ts';
import { itemTranslationsSchema } from './itemTranslationsSchema.ts';

/** Timeline of a move or a brokering project (spec part 2, sections 3 and 5). */
export interface TimelineEvent {
  id: string;
  title: string;
  description: string | null;
  /** ISO timestamps at 00:00:00.000Z of the day. */
  startDate: string;
  endDate: string | null;
  /** A move's timeline: title and description in the move's other languages (the fields above are the default's). */
  translations?: ItemTranslations<'title' | 'description'>;
  /** A move's timeline: the waves the event is for (issue 48); absent or empty: the whole move. */
  waves?: string[];
}

/** The texts of a section and of an event that have a version per language of a move. */
export const sectionTexts = ['title'] as const;
export const eventTexts = ['title', 'description'] as const;

export interface TimelineSection extends Partial<Audit> {
  id: string;
  ownerId: string;
  title: string;
  date: string;
  events: TimelineEvent[];
  /** A move's timeline: the title in the move's other languages. */
  translations?: ItemTranslations<'title'>;
  etag?: string;
}

export type TimelineOwnerKind = 'brokering' | 'move';

/**
 * Who may change a timeline, per owner: a brokering project's timeline is kept by the provider's staff
 * (part 1); a move's is 'any signed-in' like the rest of the move's content (part 2), so the client's
 * own External users keep it too. Reading follows the owner's access in both cases.
 */
export const timelineWriters = { brokering: 'internal', move: 'signedIn' } as const satisfies Record<TimelineOwnerKind, 'internal' | 'signedIn'>;

/** A timeline's event and section bodies: their schemas' types, so a field is declared once. */
export type TimelineEventInput = yup.InferType<typeof timelineEventSchema>;
export type TimelineSectionInput = yup.InferType<typeof timelineSectionSchema>;

export const EVENT_DESCRIPTION_MAX = 255;
const DAY_MS = 24 * 60 * 60 * 1000;

const isDay = (value: unknown) => toIsoDay(value) !== null;
/** A typed day becomes the stored one; anything else stays as it was so that validation calls it invalid. */
const toStoredDay = (value: unknown) => toIsoDay(value) ?? value;

const required = messages.validation.required;
const invalidDate = messages.timeline.invalidDate;
const day = () =>
  yup
    .string()
    .transform((_v, original) => (typeof original === 'string' && original.trim() === '' ? undefined : toStoredDay(original)))
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
      .transform((v, original) => (emptyToNull(v, original) === null ? null : toStoredDay(original)))
      .nullable()
      .default(null)
      .test('after-start', messages.timeline.endAfterStart, function (end) {
        const start = this.parent.startDate as unknown;
        if (!end || !isDay(start) || !isDay(end)) return true;
        return Date.parse(end) - Date.parse(start as string) >= DAY_MS;
      })
      .meta({ rule: `a day after startDate at the earliest, else 400 '${messages.timeline.endAfterStart}'` }),
    translations: itemTranslationsSchema({ title: 200, description: EVENT_DESCRIPTION_MAX }),
    waves: yup
      .array(idField(idShapes.moveItem).required())
      .max(100)
      .optional()
      .meta({ rule: "waves of the move (a brokering's timeline takes none), else 400 'no such wave in this move'" }),
  })
  .noUnknown(true, 'unknown field: ${unknown}');

const events = yup.array(timelineEventSchema.required()).max(200);

/** POST: a new section; events optional. */
export const timelineSectionSchema = yup
  .object({
    title: yup.string().trim().max(200).required(required),
    date: day().required(required),
    events: events.default([]),
    translations: itemTranslationsSchema({ title: 200 }),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .strict(false);

/** PATCH: any of title, date and events; what is sent is validated as on create, events are replaced. */
export const timelineSectionPatchSchema = yup
  .object({
    title: yup.string().trim().max(200).min(1, required).optional(),
    date: day().optional(),
    events: events.optional(),
    translations: itemTranslationsSchema({ title: 200 }),
  })
  .noUnknown(true, 'unknown field: ${unknown}')
  .meta({ openapi: { minProperties: 1 } })
  .test('not-empty', 'nothing to update', (v) => v !== undefined && Object.keys(v).length > 0)
  .strict(false);

/** `YYYY-MM-DD` of a stored day. */
const dayKey = (iso: string) => iso.slice(0, 10);
/**
 * Current (shown in bold): starts today or earlier and ends after today, or is open-ended and starts
 * today (spec part 2, section 4).
 */
export function isCurrentEvent(event: Pick<TimelineEvent, 'startDate' | 'endDate'>, now: Date, timeZone?: string): boolean {
  // A move's today is the move's (issue 55); a brokering project's, the screen's.
  const today = timeZone ? localMinuteAt(now, timeZone).slice(0, 10) : localDayKey(now);
  const start = dayKey(event.startDate);
  if (!event.endDate) return start === today;
  return start <= today && dayKey(event.endDate) > today;
}

/** Sections by date (then title), events by start date: the order the screens show. */
export function sortTimeline<T extends Pick<TimelineSection, 'date' | 'title' | 'events'>>(sections: T[]): T[] {
  return [...sections]
    .map((s) => ({ ...s, events: [...s.events].sort((a, b) => a.startDate.localeCompare(b.startDate) || a.title.localeCompare(b.title, 'en')) }))
    .sort((a, b) => a.date.localeCompare(b.date) || a.title.localeCompare(b.title, 'en'));
}
