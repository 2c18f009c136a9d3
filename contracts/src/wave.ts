import * as yup from './yup.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import type { Audit } from './entities.ts';
import type { ItemTranslations } from './itemTranslations.ts';
import { itemTranslationsSchema } from './itemTranslationsSchema.ts';
import { messages } from './messages.ts';
import { type LabelColor, labelColors } from './planner.ts';

/**
 * Waves (issue 48): a large move runs over several days, one department or floor at a time. A wave has
 * a day, the times its people pack by, are picked up and arrive, and a capacity; each person belongs to
 * at most one wave. Times are the move's local wall-clock time (`YYYY-MM-DDTHH:mm`, no offset): the time
 * zone of the location's country (`functions/src/platform/time/localTime.ts`), which answers carry as
 * `timeZone` so screens and letters say it.
 */

/** A wave's id is `{moveId}_{uuid}`, as a move's other ordered items. */
export const waveIdShape = idShapes.moveItem;
export const WAVES_MAX = 100;
/** A name of 200 characters or more is refused. */
export const WAVE_NAME_MAX = 199;
/** The most people one assignment names (a move's people: the import's limit). */
export const WAVE_ASSIGN_MAX = 5000;
/** The assignment's body: 5,000 person ids of about 110 characters each, quoted, with room to spare (the API's default is 64 KB). */
export const WAVE_ASSIGN_BODY_BYTES = WAVE_ASSIGN_MAX * 128 + 1024;
export const waveTexts = ['name'] as const;

/** A start and an end, both local date-times; the end is not before the start. */
export interface WaveWindow {
  start: string;
  end: string;
}

export interface Wave extends Partial<Audit> {
  id: string;
  moveId: string;
  /** 0-based, contiguous within the move: the order the screens list waves in. */
  position: number;
  /** In the move's default language. */
  name: string;
  /** The name in the move's other languages. */
  translations?: ItemTranslations<'name'>;
  /** `YYYY-MM-DD`: the day the wave moves (the plan's day, the 'today' view's day). */
  day: string;
  /** When the crates must be packed (local `YYYY-MM-DDTHH:mm`), or null when not set. */
  packBy: string | null;
  /** When the movers take the desks. */
  pickUp: WaveWindow | null;
  /** When the people arrive at their new seats; not arrived after its end is late. */
  arrival: WaveWindow | null;
  /** Null: no limit. Crates count each person's stickers (their own, else the move's). */
  capacity: { people: number | null; crates: number | null };
  /** Printed on the labels, as a floor's colour is. */
  color: LabelColor | null;
  etag?: string;
}

export interface WaveLoad {
  people: number;
  crates: number;
}

/** A wave as the list answers it: with its people and crates, and where they pass its capacity. */
export interface WaveWithLoad extends Wave {
  load: WaveLoad;
  overCapacity: { people: boolean; crates: boolean };
}

/** GET /v1/moves/{moveId}/waves. The ETag is the list's order (a reorder's If-Match). */
export interface WaveList {
  waves: WaveWithLoad[];
  /** The people in no wave. */
  withoutWave: WaveLoad;
  /** The move's time zone (IANA), in which every time of a wave is. */
  timeZone: string;
  etag?: string;
}

/** POST /v1/moves/{moveId}/people/wave: what the assignment did. */
export interface WaveAssignment {
  /** People whose wave changed (the others already had it). */
  changed: number;
  /** The wave they are now in, with its load; null when they were taken out of their waves. */
  wave: WaveWithLoad | null;
  /** The people list's new ETag. */
  etag?: string;
}

/** A person of a wave on its day: what the 'today' view lists. */
export interface WaveDayPerson {
  id: string;
  name: string;
  /** 'Floor 3 · 304 A', or null without a seat. */
  seat: string | null;
  crates: number;
  packedAt: string | null;
  arrivedAt: string | null;
  /** Past the wave's packBy and not packed; past its arrival's end and not arrived. */
  late: { packing: boolean; arrival: boolean };
}

/** GET /v1/moves/{moveId}/waves/today: the waves of a day (the move's today unless `day` says). */
export interface WaveDay {
  day: string;
  timeZone: string;
  /** The move's local time now (`YYYY-MM-DDTHH:mm`), against which lateness is judged. */
  now: string;
  waves: (WaveWithLoad & { people: WaveDayPerson[] })[];
}

export const waveMessages = {
  tooMany: `a move has at most ${WAVES_MAX} waves`,
  nameTaken: 'the move has a wave of that name',
  dayPast: 'the day is in the past',
  endBeforeStart: 'the end must not be before the start',
  notAWave: 'no such wave in this move',
} as const;

const v = messages.validation;
const unknownField = 'unknown field: ${unknown}';
/** A local wall-clock time of the move: `YYYY-MM-DDTHH:mm`. */
export const LOCAL_DATE_TIME = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/;
const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
const realDay = (value: string) => {
  const date = new Date(`${value.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value.slice(0, 10);
};
const localDateTime = () =>
  yup
    .string()
    .matches(LOCAL_DATE_TIME, 'a local date and time, YYYY-MM-DDTHH:mm')
    .test('real-day', 'not a real day', (value) => value === undefined || value === null || realDay(value));
const windowSchema = yup
  .object({
    start: localDateTime().required(v.required),
    end: localDateTime()
      .required(v.required)
      .test('after-start', waveMessages.endBeforeStart, function (end) {
        const start = this.parent.start as string | undefined;
        return !start || !end || end >= start;
      })
      .meta({ rule: `not before start, else 400 '${waveMessages.endBeforeStart}'` }),
  })
  .noUnknown(true, unknownField)
  .nullable()
  .default(null);
const capacityValue = yup.number().strict().integer('must be a whole number').min(0, v.notNegative).max(1_000_000).nullable().default(null);

/** POST and PUT of a wave: the whole wave (PUT replaces it; the position is changed by the reorder). */
export const waveSchema = yup
  .object({
    name: yup
      .string()
      .trim()
      .min(1, v.required)
      .max(WAVE_NAME_MAX, `maximum ${WAVE_NAME_MAX} characters`)
      .required(v.required)
      .meta({ rule: `unique in the move (case and surrounding space ignored), else 409 '${waveMessages.nameTaken}'` }),
    translations: itemTranslationsSchema({ name: WAVE_NAME_MAX }),
    day: yup
      .string()
      .matches(DAY, 'a day, YYYY-MM-DD')
      .test('real-day', 'not a real day', (value) => value === undefined || realDay(value))
      .required(v.required)
      .meta({ rule: `today or later in the move's time zone (when created or changed), else 400 '${waveMessages.dayPast}'` }),
    packBy: localDateTime().nullable().default(null),
    pickUp: windowSchema,
    arrival: windowSchema,
    capacity: yup.object({ people: capacityValue, crates: capacityValue }).noUnknown(true, unknownField).default({ people: null, crates: null }),
    color: yup.string().oneOf(labelColors, 'not a label colour').nullable().default(null),
  })
  .noUnknown(true, unknownField);
export type WaveInput = yup.InferType<typeof waveSchema>;

/** PATCH /v1/moves/{moveId}/waves/position. */
export const wavePositionSchema = yup
  .object({
    waveId: idField(waveIdShape).required(v.required),
    newPosition: yup
      .number()
      .required(v.required)
      .integer('must be a whole number')
      .min(0, v.notNegative)
      .max(WAVES_MAX - 1, `maximum ${WAVES_MAX - 1}`),
  })
  .noUnknown(true, unknownField);

/** POST /v1/moves/{moveId}/people/wave: put people in a wave, or (null) in none. */
export const waveAssignSchema = yup
  .object({
    personIds: yup
      .array(idField(idShapes.plannerItem).required())
      .min(1, 'name at least one person')
      .max(WAVE_ASSIGN_MAX, `at most ${WAVE_ASSIGN_MAX} people`)
      .required(v.required)
      .meta({ rule: "people of this move, else 400 naming 'personIds'" }),
    waveId: idField(waveIdShape)
      .nullable()
      .defined(v.required)
      .meta({ rule: `a wave of this move, else 400 '${waveMessages.notAWave}'` }),
  })
  .noUnknown(true, unknownField);

/** GET /v1/moves/{moveId}/waves/today. */
export const waveDayQuery = yup.object({ day: yup.string().matches(DAY, 'a day, YYYY-MM-DD').optional() }).noUnknown(true, 'unknown parameter: ${unknown}');

// ---- Pure rules shared by the screens and the server -----------------------------------------------

/** A wave's load from its people (each person's crates: their stickers, else the move's). */
export function waveLoad(people: { stickersCount: number | null }[], defaultStickers: number): WaveLoad {
  return { people: people.length, crates: people.reduce((sum, p) => sum + (p.stickersCount ?? defaultStickers), 0) };
}

/** Where a load passes a capacity (a warning: the team decides). */
export function overCapacity(capacity: Wave['capacity'], load: WaveLoad): { people: boolean; crates: boolean } {
  return {
    people: capacity.people !== null && load.people > capacity.people,
    crates: capacity.crates !== null && load.crates > capacity.crates,
  };
}

/**
 * A person of a wave is late when the wave's time has passed (`now` in the move's local time) and they have
 * not; the steps come in order, so a person who has arrived is late for nothing before it (issue 55).
 */
export function lateness(
  wave: Pick<Wave, 'packBy' | 'arrival'>,
  person: { packedAt: string | null; arrivedAt: string | null },
  now: string,
): { packing: boolean; arrival: boolean } {
  return {
    packing: wave.packBy !== null && now > wave.packBy && !person.packedAt && !person.arrivedAt,
    arrival: wave.arrival !== null && now > wave.arrival.end && !person.arrivedAt,
  };
}

/** The plan's days: each day of a wave, with the waves and their load, in order. */
export function waveDays(waves: Pick<WaveWithLoad, 'day' | 'load'>[]): { day: string; waves: number; load: WaveLoad }[] {
  const days = new Map<string, { day: string; waves: number; load: WaveLoad }>();
  for (const wave of waves) {
    const entry = days.get(wave.day) ?? { day: wave.day, waves: 0, load: { people: 0, crates: 0 } };
    entry.waves += 1;
    entry.load = { people: entry.load.people + wave.load.people, crates: entry.load.crates + wave.load.crates };
    days.set(wave.day, entry);
  }
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/** A wave's name in a language of the move (its default's where that language has none). */
export const waveName = (wave: Pick<Wave, 'name' | 'translations'>, language: string) =>
  wave.translations?.[language as keyof NonNullable<Wave['translations']>]?.name ?? wave.name;
