import { contentLocales } from '../../locales.ts';
import { moveDayGroupings, reportCategories, reportStatuses } from '../../moveDay.ts';
import { labelColors } from '../../planner.ts';
import { seatStates } from '../../moveDayMap.ts';
import { arrayOf, bool, extend, int, nullable, num, object, oneOf, str, translationsOf } from './shape.ts';

/** The answers of move day's routes, beside their types in `moveDay.ts`. */

const seat = nullable(object({ floorId: str, floor: str, space: str, table: nullable(str), markerId: str, positionX: num, positionY: num }));
const category = oneOf(...reportCategories);
const status = oneOf(...reportStatuses);

export const visitArrivalSchema = object({ arrivedAt: str, seat, undoUntil: str }, { etag: str });

export const visitPackedSchema = object({ packedAt: str }, { etag: str });

export const visitReportSchema = object({
  id: str,
  category,
  text: str,
  status,
  answer: str,
  answeredAt: nullable(str),
  seat,
  photo: nullable(str),
  createdAt: str,
  updatedAt: str,
});

export const visitMeSchema = object({
  person: object({ id: str, name: str, language: nullable(oneOf(...contentLocales)) }),
  seat,
  directions: nullable(str),
  labels: int,
  deadlines: arrayOf(
    object(
      { id: str, title: str, section: str, startDate: str, endDate: nullable(str) },
      { translations: translationsOf(contentLocales, ['title', 'section']) },
    ),
  ),
  contacts: arrayOf(
    object(
      { id: str, name: str, title: nullable(str), phonenumber: nullable(str), email: nullable(str) },
      { translations: translationsOf(contentLocales, ['title']) },
    ),
  ),
  arrival: nullable(visitArrivalSchema),
  reports: arrayOf(visitReportSchema),
  wave: nullable(
    object(
      {
        id: str,
        name: str,
        day: str,
        packBy: nullable(str),
        pickUp: nullable(object({ start: str, end: str })),
        arrival: nullable(object({ start: str, end: str })),
        color: nullable(oneOf(...labelColors)),
        timeZone: str,
        moments: arrayOf(object({ kind: oneOf('packBy', 'pickUp', 'arrival'), local: str, at: str })),
      },
      { translations: translationsOf(contentLocales, ['name']) },
    ),
  ),
  packed: nullable(visitPackedSchema),
  timeZone: str,
});

export const moveDayReportSchema = object(
  {
    id: str,
    moveId: str,
    personId: str,
    personName: str,
    seat,
    category,
    text: str,
    status,
    assigneeId: nullable(str),
    answer: str,
    answeredAt: nullable(str),
    photo: nullable(str),
    createdAt: str,
    updatedAt: str,
  },
  { etag: str },
);

export const moveDayReportPageSchema = object({ items: arrayOf(moveDayReportSchema), total: int, page: int, pageSize: int });

export const moveDayBoardSchema = object({
  expected: int,
  arrived: int,
  floors: arrayOf(
    object({
      floorId: str,
      floor: str,
      expected: int,
      arrived: int,
      notArrived: arrayOf(
        object({ personId: str, name: str, space: str, table: nullable(str), email: nullable(str), phone: nullable(str), waveId: nullable(str) }),
      ),
    }),
  ),
  withoutSeat: arrayOf(object({ personId: str, name: str, email: nullable(str), phone: nullable(str), waveId: nullable(str), arrived: bool })),
  reports: object({ new: int, inProgress: int, resolved: int }),
  openReportSeats: arrayOf(str),
  lastChange: nullable(str),
  version: str,
  changesOnly: bool,
  arrivedSince: arrayOf(str),
});

export const moveDayMapSchema = object({
  floors: arrayOf(
    object({
      floorId: str,
      floor: str,
      image: object({ version: str, width: num, height: num }),
      expected: int,
      arrived: int,
      seats: arrayOf(
        object({
          markerId: str,
          space: str,
          table: nullable(str),
          positionX: num,
          positionY: num,
          state: oneOf(...seatStates),
          categories: arrayOf(category),
          people: arrayOf(object({ personId: str, name: str, arrivedAt: nullable(str) })),
        }),
      ),
    }),
  ),
  reports: arrayOf(moveDayReportSchema),
  lastChange: nullable(str),
  version: str,
  changesOnly: bool,
});

const series = object({ expected: int, arrivals: arrayOf(int), arrivedShare: arrayOf(num), reports: arrayOf(int) });

export const moveDayTimelineSchema = object({
  by: oneOf(...moveDayGroupings),
  timeZone: str,
  bucketMinutes: int,
  buckets: arrayOf(str),
  all: series,
  groups: arrayOf(extend(series, { id: str, name: str, arrival: nullable(str) })),
});
