import { labelColors } from '../../planner.ts';
import { contentLocales } from '../../locales.ts';
import { arrayOf, auditFields, bool, etagField, extend, int, nullable, object, oneOf, str, translationsOf } from './shape.ts';

/** The answers of the waves' routes (issue 48), beside their types in `wave.ts`. */

const window = nullable(object({ start: str, end: str }));
const load = object({ people: int, crates: int });

export const waveSchema = object(
  {
    id: str,
    moveId: str,
    position: int,
    name: str,
    day: str,
    packBy: nullable(str),
    pickUp: window,
    arrival: window,
    capacity: object({ people: nullable(int), crates: nullable(int) }),
    color: nullable(oneOf(...labelColors)),
  },
  { ...auditFields, ...etagField, translations: translationsOf(contentLocales, ['name']) },
);

export const waveWithLoadSchema = extend(waveSchema, { load, overCapacity: object({ people: bool, crates: bool }) });

export const waveListSchema = object({ waves: arrayOf(waveWithLoadSchema), withoutWave: load, timeZone: str }, etagField);

export const waveAssignmentSchema = object({ changed: int, wave: nullable(waveWithLoadSchema) }, etagField);

export const waveDeletedSchema = object({ unassigned: int });

const dayPerson = object({
  id: str,
  name: str,
  seat: nullable(str),
  crates: int,
  packedAt: nullable(str),
  arrivedAt: nullable(str),
  late: object({ packing: bool, arrival: bool }),
});

export const waveDaySchema = object({
  day: str,
  timeZone: str,
  now: str,
  waves: arrayOf(extend(waveWithLoadSchema, { people: arrayOf(dayPerson) })),
});
