import * as yup from './yup.ts';
import { emailAddress, phoneNumber } from './contactRules.ts';
import { fileTypeRule } from './fileTypes.ts';
import { idField } from './api/idField.ts';
import { idShapes } from './api/ids.ts';
import { messages } from './messages.ts';
import { STICKERS_MAX } from './move.ts';
import { FLOOR_DIRECTIONS_MAX } from './moveDay.ts';
import { typeMessages } from './validation.ts';
import { type FloorScale, type MarkerSize, METRES_PER_PIXEL, type PlanPoint } from './floorScale.ts';

/** The floor-plan planner (spec part 2, sections 2-5, 9): floors, space and table markers, people. */

export const labelColors = ['blue', 'red', 'yellow', 'green', 'purple', 'pink', 'orange', 'peach', 'grey', 'white'] as const;
export type LabelColor = (typeof labelColors)[number];
export const floorSizes = ['small', 'large'] as const;
export type FloorSize = (typeof floorSizes)[number];
export const markerTypes = ['room', 'table'] as const;
export type MarkerType = (typeof markerTypes)[number];

/** Table letters in their order: A-Z, then the Norwegian (and Swedish) letters. */
export const tableLetters = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'Å', 'Ä', 'Ö', 'Æ', 'Ø'] as const;
export const FLOOR_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
// WebP beside the spec's three: a page of an architect's PDF is rendered to it in the browser (issue 50), the
// smallest of the types a canvas writes for a drawing sharp enough to read room numbers in.
export const floorImageTypes = ['image/jpeg', 'image/png', 'image/svg+xml', 'image/webp'] as const;
/**
 * The PDF a floor's plan was rendered from (issue 50), kept with the floor for its next replacement and
 * shown to no visitor. An architect's A0 drawings run to tens of MB; a Function takes no request over 100 MB.
 */
export const FLOOR_SOURCE_MAX_BYTES = 40 * 1024 * 1024;
export const floorSourceTypes = ['application/pdf'] as const;
/** What the floor step's file chooser takes: a plan's image, or a PDF whose pages become floors. */
export const floorPlanFileRule = fileTypeRule([...floorImageTypes, ...floorSourceTypes]);
export const pdfFileRule = fileTypeRule(floorSourceTypes);
/** Beyond the spec: a new image within 2 % of the old aspect ratio keeps the markers. */
export const ASPECT_TOLERANCE = 0.02;

/** A floor (layout) as the API answers it. */
export interface Floor {
  /** `{moveId}_{uuid}`. */
  id: string;
  moveId: string;
  floor_name: string;
  file_name: string;
  label_color: LabelColor | null;
  floor_size: FloorSize;
  isDefault: boolean;
  published: boolean;
  /** The image at `/v1/layouts/{id}/image?v={version}`. */
  image: { url: string; title: string; version: string; width: number; height: number };
  /** Directions for visitors to the floor (plain text); absent or null when there are none. */
  directions?: string | null;
  /** Metres per pixel of the image once calibrated (issue 50); null until then. */
  scale: FloorScale | null;
  /** Where people come onto the floor (the lift, the stairs), for the walk to a seat; null when not marked. */
  entrance: PlanPoint | null;
  /**
   * The PDF the plan was rendered from (issue 50), at `/v1/layouts/{id}/source`, for the planner only (the
   * visitor site's floors never carry it); null when the plan was an image.
   */
  source?: { file_name: string; url: string; version: string } | null;
  etag?: string;
}

/** A person (marker user, owner): unassigned while `move_layout_marker_id` is null. */
export interface MarkerUser {
  id: string;
  moveId: string;
  name: string;
  /** A table's id, else a space's; null while unassigned. */
  move_layout_marker_id: string | null;
  /** Null: the move's default. */
  stickersCount: number | null;
  /**
   * Where the person's seat letter goes; null when none. Staff and the client's own users see it (the
   * planner's answers); the visitor site and the label sheet never carry it.
   */
  email: string | null;
  /** The person's wave (issue 48), or null when they are in none. */
  waveId: string | null;
  /**
   * A phone number the move team can reach the person at on move day (who has not arrived yet); null
   * when none. Seen where the address is (the planner's answers, the move-day board); never on the
   * visitor site, a seat letter or a label.
   */
  phone: string | null;
  /**
   * The person's department, team or unit as the import's file or the people step gives it (issue 48: the
   * people step picks a department's people for a wave); null when none. Staff only: never on the visitor
   * site, a seat letter or a label.
   */
  department: string | null;
  etag?: string;
}

export interface Marker {
  id: string;
  move_layout_id: string;
  marker_type: MarkerType;
  /** The space number, or the table letter. */
  title: string;
  coordinates: { positionX: number; positionY: number };
  /** A space: whether it is an open space. */
  openSpace: boolean;
  /** A table: its space's id. */
  spaceId: string | null;
  /** Drawn as a rectangle of this size (percent of the image) centred on the position; null: a pin. */
  size: MarkerSize | null;
  users: MarkerUser[];
  etag?: string;
}

export interface FloorWithMarkers extends Floor {
  markers: Marker[];
}

/** A floor with its markers but not their people: where people can be placed (the people list has who is where). */
export interface FloorWithPlaces extends Floor {
  markers: Omit<Marker, 'users'>[];
}

/** What an import did: counts and each line skipped with why. */
export interface ImportSummary {
  /** Lines taken: people placed, or added or kept without a seat by a file without a place column. */
  imported: number;
  /** People the file adds to the move. */
  added: number;
  /** People already in the move whose seat the file changes (to another seat). */
  moved: number;
  /** People without a seat once the file is imported (not in it, or in a file without places). */
  withoutSeat: number;
  skipped: { line: number; text: string; reason: string }[];
  /**
   * A preview's first lines taken, as the import reads them (at most `IMPORT_PREVIEW_ROWS`): the screen
   * shows them so a quoted cell ("Larsen, Ola") can be seen to stay one name. The seat is the marker the
   * line's place names, null for a file without places. The wave (issue 48) is the one the line's `wave`
   * column names (its id and its name in the move's default language), null without one.
   */
  rows?: {
    line: number;
    name: string;
    email: string | null /** A line's phone, when it gives one. */;
    phone?: string;
    /** A line's department, when it gives one. */
    department?: string;
    markerId: string | null;
    waveId: string | null;
    wave: string | null;
  }[];
}

/** How many of a file's lines a preview shows as they will be read. */
export const IMPORT_PREVIEW_ROWS = 10;

const unknownFields = 'unknown field: ${unknown}';
const v = messages.validation;

// Multipart fields are not seen by the JSON bodies' strict pass: control characters are refused here.
const floorName = yup
  .string()
  .trim()
  .max(100)
  .matches(/^[^\u0000-\u001f\u007f-\u009f]*$/, typeMessages.control)
  .required(messages.planner.floorRequired);
const stickers = yup.number().strict().integer().min(0).max(STICKERS_MAX);
const position = yup.number().strict().min(0).max(100).required(v.required);
const planPoint = yup.object({ positionX: position, positionY: position }).noUnknown(true, unknownFields);
/** A marker's size: each side from a hundredth of a percent (as positions are kept) to the whole image. */
const sizeSide = yup.number().strict().min(0.01).max(100).required(v.required);
const markerSize = yup
  .object({ width: sizeSide, height: sizeSide })
  .noUnknown(true, unknownFields)
  .nullable()
  .default(undefined)
  .optional()
  .meta({ rule: "percent of the image's width and height, each from 0.01 to 100; null: drawn as a pin" });
const scaleRule = `metres per pixel of the image, from ${METRES_PER_PIXEL.min} to ${METRES_PER_PIXEL.max}`;
const floorScale = yup
  .object({
    metresPerPixel: yup
      .number()
      .strict()
      .required(v.required)
      .test('finite', 'must be a finite number', (n) => n === undefined || Number.isFinite(n))
      .min(METRES_PER_PIXEL.min, `must be at least ${METRES_PER_PIXEL.min} (${scaleRule})`)
      .max(METRES_PER_PIXEL.max, `must be at most ${METRES_PER_PIXEL.max} (${scaleRule})`),
  })
  .noUnknown(true, unknownFields)
  .nullable()
  .default(undefined)
  .meta({ rule: `${scaleRule}; null removes the calibration` });

/** The text fields of POST /v1/moves/{moveId}/layouts (multipart; the file is `layout`). */
export const floorCreateFieldsSchema = yup
  .object({
    floor_name: floorName,
    label_color: yup.string().oneOf(labelColors, 'not a label colour').nullable().default(null),
    floor_size: yup.string().oneOf(floorSizes, 'small or large').default('small'),
    published: yup.boolean().default(true),
    isDefault: yup.boolean().default(false),
  })
  .noUnknown(true, unknownFields);

export const floorUpdateSchema = yup
  .object({
    floor_name: floorName.optional().default(undefined),
    label_color: yup.string().oneOf(labelColors, 'not a label colour').nullable().optional(),
    floor_size: yup.string().oneOf(floorSizes, 'small or large').optional(),
    published: yup.boolean().strict().optional(),
    isDefault: yup.boolean().strict().optional(),
    /** Directions for visitors to the floor ('east lifts to the 4th floor'), plain text; '' or null removes them. */
    directions: yup.string().trim().max(FLOOR_DIRECTIONS_MAX, `maximum ${FLOOR_DIRECTIONS_MAX} characters`).nullable().optional().meta({ multiline: true }),
    /** The calibration (issue 50): a line of known length drawn on the plan, as metres per pixel; null removes it. */
    scale: floorScale.optional(),
    /** Where people come onto the floor, in percent of the image; null removes it. */
    entrance: planPoint.nullable().default(undefined).optional(),
  })
  .noUnknown(true, unknownFields);

/** PUT /v1/layouts/{id}/image: `confirmReset=true` allows a new aspect ratio (markers removed). */
export const floorImageQuery = yup.object({ confirmReset: yup.string().oneOf(['true', 'false']).optional() }).noUnknown(true, unknownFields);

/** The message for a table title that is not one of the letters. */
export const TABLE_LETTER_MESSAGE = 'one letter A-Z, Å, Ä, Ö, Æ or Ø, uppercase';

/** A table's title: one of the letters. */
const TABLE_LETTER = new RegExp(`^(?:${tableLetters.join('|')})$`);
const markerTitleRule = `a space's number or name (up to 20 characters); a table's ${TABLE_LETTER_MESSAGE}, else 400`;

export const markerCreateSchema = yup
  .object({
    marker_type: yup.string().oneOf(markerTypes).required(v.required),
    title: yup.string().trim().max(20).required(v.required).meta({ rule: markerTitleRule }),
    coordinates: yup.object({ positionX: position, positionY: position }).noUnknown(true, unknownFields).required(v.required),
    openSpace: yup.boolean().strict().default(false),
    size: markerSize,
    /** A table's space (a marker id of a space on the same floor). */
    spaceId: yup
      .string()
      .matches(idShapes.plannerItem.pattern, 'not a space')
      .nullable()
      .default(null)
      .meta({ rule: "a table's space on the same floor, else 400 'not a space on this floor'" }),
    /** The spec's client sends the floor in the body too: taken when it is the address's floor. */
    move_layout_id: idField(idShapes.plannerItem)
      .optional()
      .meta({ rule: "the floor in the request's address, else 400 'must be the floor in the request's address'" }),
  })
  .noUnknown(true, unknownFields)
  .meta({
    openapi: {
      if: { required: ['marker_type'], properties: { marker_type: { const: 'table' } } },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, not a thenable
      then: { properties: { title: { pattern: TABLE_LETTER.source } } },
    },
  });

/** PUT /v1/markers/{id}: title, position and (for a space) openSpace; the type and floor do not change. */
export const markerUpdateSchema = yup
  .object({
    title: yup.string().trim().max(20).required(v.required).meta({ rule: markerTitleRule }),
    coordinates: yup.object({ positionX: position, positionY: position }).noUnknown(true, unknownFields).required(v.required),
    openSpace: yup.boolean().strict().default(false),
    /** Not sent: the stored size stays; null: drawn as a pin. */
    size: markerSize,
    spaceId: yup
      .string()
      .matches(idShapes.plannerItem.pattern, 'not a space')
      .nullable()
      .optional()
      .meta({ rule: "a table's space on the same floor, else 400 'not a space on this floor'" }),
  })
  .noUnknown(true, unknownFields);

const personName = yup.string().trim().min(1, v.required).max(200).required(v.required);
/** The longest e-mail address (RFC 5321's path limit). */
export const PERSON_EMAIL_MAX = 254;
/** A person's address: '' or null clears it. */
const personEmail = yup
  .string()
  .trim()
  .max(PERSON_EMAIL_MAX, `maximum ${PERSON_EMAIL_MAX} characters`)
  .test(emailAddress(v.invalidEmail))
  .transform((value: string) => (value === '' ? null : value))
  .nullable();
/** The longest phone number a person may have (as a move's contact's). */
export const PERSON_PHONE_MAX = 50;
/** A person's phone number, the API's one phone rule (`contactRules.ts`): '' or null clears it. */
const personPhone = yup
  .string()
  .trim()
  .max(PERSON_PHONE_MAX, `maximum ${PERSON_PHONE_MAX} characters`)
  .test(phoneNumber(v.phone))
  .transform((value: string) => (value === '' ? null : value))
  .nullable();
/** The longest department a person may have. */
export const PERSON_DEPARTMENT_MAX = 100;
/** A person's department: plain text on one line; '' or null clears it. The import's cells are checked by it too (no strict pass there). */
const personDepartment = yup
  .string()
  .trim()
  .max(PERSON_DEPARTMENT_MAX, `maximum ${PERSON_DEPARTMENT_MAX} characters`)
  .matches(/^[^\u0000-\u001f\u007f-\u009f]*$/, typeMessages.control)
  .transform((value: string) => (value === '' ? null : value))
  .nullable();
const markerRef = yup.string().matches(idShapes.plannerItem.pattern, 'not a space or table');

export const markerUserCreateSchema = yup
  .object({
    name: personName,
    /** The space or table (its id carries the move): required, as the person is made on assigning. */
    move_layout_marker_id: markerRef.required(v.required),
    stickersCount: stickers.nullable().default(null),
    email: personEmail.default(null),
    phone: personPhone.default(null),
    department: personDepartment.default(null),
  })
  .noUnknown(true, unknownFields);

export const markerUserUpdateSchema = yup
  .object({
    name: personName,
    move_layout_marker_id: markerRef.nullable().defined(v.required),
    stickersCount: stickers.nullable().default(null),
    /** Not sent: the stored address stays (screens that move people do not send it). */
    email: personEmail.optional(),
    /** Not sent: the person keeps their wave; null takes them out of it. */
    waveId: idField(idShapes.moveItem).nullable().optional().meta({ rule: "a wave of the person's move, else 400 'no such wave in this move'" }),
    /** Not sent: the stored number stays (as the address). */
    phone: personPhone.optional(),
    /** Not sent: the stored department stays (as the address). */
    department: personDepartment.optional(),
  })
  .noUnknown(true, unknownFields);

/** The longest pasted names text and import file (characters); the routes take JSON bodies of up to 4 bytes a character. */
export const PEOPLE_TEXT_MAX = 200_000;
export const IMPORT_TEXT_MAX = 1_000_000;

/** POST /v1/moves/{moveId}/people: names pasted or uploaded, one a line. */
export const peopleCreateSchema = yup
  .object({
    names: yup.string().max(PEOPLE_TEXT_MAX).required(v.required).meta({
      multiline: true,
      rule: "one person a line, at most 5000: 'Name', 'Name <address>' or 'Name;address', a name of at most 200 characters and a valid e-mail address, else 400 naming the line ('line 1: Invalid email')",
    }),
  })
  .noUnknown(true, unknownFields);

/** POST /v1/moves/{moveId}/people/import: the CSV text. */
export const peopleImportSchema = yup
  .object({
    csv: yup.string().max(IMPORT_TEXT_MAX).meta({ multiline: true }).required(v.required),
    /** True: answer what the import would do and change nothing. */
    preview: yup.boolean().strict(),
  })
  .noUnknown(true, unknownFields);

// ---- Pure rules shared by the screen and the server -------------------------------------------------

/** A person from a pasted line: `Name`, `Name <address>` or `Name;address`; the address as written (checked by the caller). */
export function splitPersonLine(line: string): { name: string; email: string | null } {
  const angled = /^(.*?)\s*<([^<>]*)>\s*$/.exec(line);
  if (angled) return { name: angled[1].trim(), email: angled[2].trim() || null };
  const semicolon = line.indexOf(';');
  if (semicolon >= 0) return { name: line.slice(0, semicolon).trim(), email: line.slice(semicolon + 1).trim() || null };
  return { name: line.trim(), email: null };
}

/** Whether an address is one a person may have (the people form's rule). */
export const isPersonEmail = (email: string) => personEmail.isValidSync(email);
/** Whether a number is one a person may have (the people form's and the import's rule). */
export const isPersonPhone = (phone: string) => personPhone.isValidSync(phone);
/** Whether a department is one a person may have (the people step's and the import's rule). */
export const isPersonDepartment = (department: string) => personDepartment.isValidSync(department);

/** Names from pasted or uploaded text: one a line, trimmed, empty lines dropped. */
export function splitNames(text: string): string[] {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/**
 * The next space number: the highest numeric title + 1, else the first of the floor's numbers, which run
 * from floor × 100 (small) or × 1000 (large): 301 on floor 3, not 300 (issue 55); '' when the floor's title
 * is no number.
 */
export function suggestSpaceNumber(floorTitle: string, size: FloorSize, spaceTitles: string[]): string {
  const numbers = spaceTitles.filter((t) => /^\d+$/.test(t.trim())).map((t) => Number(t.trim()));
  if (numbers.length > 0) return String(Math.max(...numbers) + 1);
  const floor = Number(floorTitle.trim());
  if (floorTitle.trim() === '' || !Number.isFinite(floor)) return '';
  return String(floor * (size === 'small' ? 100 : 1000) + 1);
}

/** The next table letter after the highest used single letter (A-Z, Å, Ä, Ö, Æ, Ø); 'A' when none; null after Ø. */
export function suggestTableLetter(usedLetters: string[]): string | null {
  const positions = usedLetters.map((l) => tableLetters.indexOf(l as (typeof tableLetters)[number])).filter((i) => i >= 0);
  if (positions.length === 0) return tableLetters[0];
  return tableLetters[Math.max(...positions) + 1] ?? null;
}

export const isTableLetter = (value: string) => (tableLetters as readonly string[]).includes(value);

/** Titles compare without case and surrounding space. */
export const titleKey = (title: string) => title.trim().toLocaleLowerCase('nb');

/**
 * Renaming a floor: the new titles of the floors involved. A title another floor has is swapped with
 * it (that floor takes the renamed one's old title); the same title changes nothing.
 */
export function renameFloor(floors: { id: string; title: string }[], id: string, newTitle: string): { id: string; title: string }[] {
  const renamed = floors.find((f) => f.id === id);
  if (!renamed || titleKey(renamed.title) === titleKey(newTitle)) return renamed && renamed.title !== newTitle ? [{ id, title: newTitle }] : [];
  const holder = floors.find((f) => f.id !== id && titleKey(f.title) === titleKey(newTitle));
  return holder
    ? [
        { id, title: newTitle },
        { id: holder.id, title: renamed.title },
      ]
    : [{ id, title: newTitle }];
}

/** The default floor: the one the move names when it exists, else the first by numeric title (descending); null when none. */
export function defaultFloorId(floors: { id: string; title: string }[], named: string | null | undefined): string | null {
  if (named && floors.some((f) => f.id === named)) return named;
  return sortFloors(floors)[0]?.id ?? null;
}

/** Floors by numeric title, descending; names that are no number after them, alphabetically. */
export function sortFloors<T extends { title: string }>(floors: T[]): T[] {
  const num = (t: string) => (/^-?\d+(\.\d+)?$/.test(t.trim()) ? Number(t.trim()) : null);
  return [...floors].sort((a, b) => {
    const x = num(a.title);
    const y = num(b.title);
    if (x !== null && y !== null) return y - x;
    if (x !== null) return -1;
    if (y !== null) return 1;
    return a.title.localeCompare(b.title, 'nb');
  });
}

/** An import line's first column: the space title and an optional table letter ('101', '101A', '101 B'). */
export function parsePlace(cell: string): { space: string; table: string | null } | null {
  const text = cell.trim();
  if (!text) return null;
  const last = text.slice(-1);
  if (text.length > 1 && isTableLetter(last.toLocaleUpperCase('nb')) && /\d\s*$/.test(text.slice(0, -1))) {
    return { space: text.slice(0, -1).trim(), table: last.toLocaleUpperCase('nb') };
  }
  return { space: text, table: null };
}

/** Whether two images' aspect ratios are within the tolerance (markers stay where they were). */
export function sameAspect(a: { width: number; height: number }, b: { width: number; height: number }): boolean {
  if (!a.width || !a.height || !b.width || !b.height) return false;
  const ra = a.width / a.height;
  const rb = b.width / b.height;
  return Math.abs(ra - rb) / ra <= ASPECT_TOLERANCE;
}

/** What a label row is made of: floors, markers and people as the server stores them. */
export interface LabelSource {
  floors: { id: string; title: string; labelColor: LabelColor | null }[];
  markers: { id: string; layoutId: string; markerType: MarkerType; title: string; spaceId: string | null }[];
  people: { id: string; name: string; markerId: string | null; stickersCount: number | null; waveId?: string | null }[];
  /** The move's stickers per person, for those without their own count. */
  defaultCount: number;
  companyName: string;
  /**
   * The move's waves (issue 48): a label carries its person's, so the crew can load by wave; numbered by
   * `position` (else in the order given).
   */
  waves?: { id: string; name: string; color: LabelColor | null; position?: number }[];
}

/** A row of the label order sheet (spec part 2, section 3). */
export interface LabelRow {
  ownerKey: string;
  name: string;
  floor: string;
  space: string;
  table: string;
  color: LabelColor | '';
  count: number;
  roomNumber: string;
  companyName: string;
  /** The person's wave's name, '' without one (issue 48). */
  wave: string;
  waveColor: LabelColor | '';
  /**
   * The wave's 1-based number in the move's order of waves, '' without one (issue 55): printed large on
   * the sticker, it tells the waves apart on a grey-scale print, where the colour is lost.
   */
  waveNumber: string;
}

// One collator each, made once: localeCompare with options builds one per comparison (slow over thousands of rows).
const byNumber = new Intl.Collator('nb', { numeric: true });
const byName = new Intl.Collator('nb');

/** The label order sheet: one row per person, by floor, space (numbers in order) and name; the unassigned have empty places. */
type PlaceMarker = { id: string; layoutId: string; markerType: MarkerType; title: string; spaceId: string | null };

/**
 * Where a person sits, from their marker: the space (a table's own space), the table's letter ('' at a
 * space) and the floor; none when the marker is not on one of the floors given. The label sheet and the
 * seat letters read seats this one way.
 */
export function placesOfMarkers<F extends { id: string }, M extends PlaceMarker>(floors: F[], markers: M[]) {
  const floorById = new Map(floors.map((f) => [f.id, f]));
  const markerById = new Map(markers.filter((m) => floorById.has(m.layoutId)).map((m) => [m.id, m]));
  return (markerId: string | null): { floor: F; space: M; table: string } | undefined => {
    const marker = markerId ? markerById.get(markerId) : undefined;
    const space = marker?.markerType === 'table' ? markerById.get(marker.spaceId ?? '') : marker;
    if (!marker || !space) return undefined;
    return { floor: floorById.get(space.layoutId)!, space, table: marker.markerType === 'table' ? marker.title : '' };
  };
}

export function labelRows({ floors, markers, people, defaultCount, companyName, waves = [] }: LabelSource): LabelRow[] {
  const placeOf = placesOfMarkers(floors, markers);
  const waveById = new Map(waves.map((w) => [w.id, w]));
  const ordered = waves.map((w, i) => ({ id: w.id, at: w.position ?? i })).sort((a, b) => a.at - b.at);
  const numberOf = new Map(ordered.map((w, i) => [w.id, String(i + 1)]));
  const rows = people.map((person): LabelRow => {
    const place = placeOf(person.markerId);
    const space = place?.space;
    const table = place?.table ?? '';
    const floor = place?.floor;
    return {
      ownerKey: person.id,
      name: person.name,
      floor: floor?.title ?? '',
      space: space?.title ?? '',
      table,
      color: floor?.labelColor ?? '',
      count: person.stickersCount ?? defaultCount,
      roomNumber: space ? `${space.title}${table}` : '',
      companyName,
      wave: (person.waveId && waveById.get(person.waveId)?.name) || '',
      waveColor: (person.waveId && waveById.get(person.waveId)?.color) || '',
      waveNumber: (person.waveId && numberOf.get(person.waveId)) || '',
    };
  });
  return rows.sort(
    (a, b) => byNumber.compare(a.floor, b.floor) || byNumber.compare(a.space, b.space) || byNumber.compare(a.table, b.table) || byName.compare(a.name, b.name),
  );
}

/**
 * A place as every list and label writes it (issue 39: '303 A' in one list and '303 · A' in another):
 * the space and its table letter with a space between ('303 A'), after the floor when one is given
 * ('Floor 3 · 303 A', the floor word in the screen's language).
 */
export function placeName(place: { floor?: string | null; space: string; table?: string | null }, floorWord?: string): string {
  const room = [place.space, place.table].filter(Boolean).join(' ');
  return place.floor ? `${floorWord ? `${floorWord} ` : ''}${place.floor} · ${room}` : room;
}

/**
 * A person's seat link: the visitor site's page that opens on their seat (`/{path}/seat/{personId}`),
 * from the move's site address (`{public address}/{path}`). The label sheet prints it as a QR code and
 * the label CSV carries it as a column.
 */
export const seatLink = (site: string, personId: string) => `${site.replace(/\/$/, '')}/seat/${encodeURIComponent(personId)}`;

/**
 * Floor-plan zoom (spec part 2, section 9): default 1, buttons (and + / −) in steps of 0.15 down to 0.15,
 * pinch and Ctrl+wheel down to 0.1; at most 2.
 */
export const floorZoom = { initial: 1, step: 0.15, buttonMin: 0.15, min: 0.1, max: 2 } as const;

/** How far a zoom-out button press goes from `scale`: a step, or what is left above the buttons' minimum. */
export const zoomOutStep = (scale: number) => Math.max(0, Math.min(floorZoom.step, Math.round((scale - floorZoom.buttonMin) * 1000) / 1000));
