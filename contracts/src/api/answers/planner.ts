import { floorSizes, labelColors, markerTypes } from '../../planner.ts';
import { waveChangeFields } from '../../seatLetters.ts';
import { arrayOf, bool, etagField, extend, int, nullable, num, object, oneOf, str } from './shape.ts';

/** A floor's calibration and a point on its plan (issue 50): the planner's and the visitor site's floors. */
export const floorScaleSchema = object({ metresPerPixel: num });
export const planPointSchema = object({ positionX: num, positionY: num });

/** The answers of the planner's routes, of the seat letters and of the movers' pass, beside their types. */

export const floorSchema = object(
  {
    id: str,
    moveId: str,
    floor_name: str,
    file_name: str,
    label_color: nullable(oneOf(...labelColors)),
    floor_size: oneOf(...floorSizes),
    isDefault: bool,
    published: bool,
    image: object({ url: str, title: str, version: str, width: num, height: num }),
    scale: nullable(floorScaleSchema),
    entrance: nullable(planPointSchema),
  },
  { ...etagField, directions: nullable(str), source: nullable(object({ file_name: str, url: str, version: str })) },
);

export const markerUserSchema = object(
  {
    id: str,
    moveId: str,
    name: str,
    move_layout_marker_id: nullable(str),
    stickersCount: nullable(int),
    email: nullable(str),
    waveId: nullable(str),
    phone: nullable(str),
    department: nullable(str),
  },
  etagField,
);

const markerPlaceFields = {
  id: str,
  move_layout_id: str,
  marker_type: oneOf(...markerTypes),
  title: str,
  coordinates: object({ positionX: num, positionY: num }),
  openSpace: bool,
  spaceId: nullable(str),
  size: nullable(object({ width: num, height: num })),
};

export const markerSchema = object({ ...markerPlaceFields, users: arrayOf(markerUserSchema) }, etagField);

export const floorWithMarkersSchema = extend(floorSchema, { markers: arrayOf(markerSchema) });
export const floorWithPlacesSchema = extend(floorSchema, { markers: arrayOf(object(markerPlaceFields, etagField)) });

export const importSummarySchema = object(
  {
    imported: int,
    added: int,
    moved: int,
    withoutSeat: int,
    skipped: arrayOf(object({ line: int, text: str, reason: str })),
  },
  {
    rows: arrayOf(
      object(
        { line: int, name: str, email: nullable(str), markerId: nullable(str), waveId: nullable(str), wave: nullable(str) },
        { phone: str, department: str },
      ),
    ),
  },
);

export const unassignedSchema = object({ unassigned: int });

const letterStatus = oneOf('waiting', 'sending', 'sent', 'failed');

const letterSeat = object({ floor: str, space: str, table: nullable(str) });
const waveWindow = nullable(object({ start: str, end: str }));
/** What a letter said of a wave (`LetterWaveKey`). */
const letterWave = object({ id: str, name: str, day: str, packBy: nullable(str), pickUp: waveWindow, arrival: waveWindow });

export const seatLettersStateSchema = object({
  rows: arrayOf(
    object({
      personId: str,
      name: str,
      email: nullable(str),
      seat: nullable(letterSeat),
      status: nullable(letterStatus),
      sentAt: nullable(str),
      error: nullable(str),
      seatChanged: bool,
      waveChanged: bool,
      wave: nullable(str),
      waveChange: nullable(object({ changed: arrayOf(oneOf(...waveChangeFields)), from: nullable(letterWave), to: nullable(letterWave) })),
      seatChanges: arrayOf(object({ at: str, by: str, from: nullable(letterSeat), to: nullable(letterSeat) })),
      labelsReplacedAt: nullable(str),
    }),
  ),
  counts: object({ waiting: int, sending: int, sent: int, failed: int, withoutAddress: int, withoutSeat: int, changed: int }),
  cannotSend: nullable(str),
});

export const seatLettersQueuedSchema = object({ queued: int, withoutAddress: int, withoutSeat: int, unchanged: int });

export const moversPassStateSchema = object(
  { pass: nullable(object({ id: str, token: str, expiresAt: str, createdAt: str, createdBy: str })), defaultLastDay: str },
  etagField,
);
