import { type ImportSummary, isPersonDepartment, PERSON_DEPARTMENT_MAX, isPersonEmail, isPersonPhone, messages, parsePlace } from '@movers/contracts';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/**
 * The planner's CSV: the label order sheet written and the allocation read, both semicolon-separated
 * UTF-8 (the sheet with a byte-order mark so that spreadsheet programs show Æ, Ø, Å). csv-stringify and
 * csv-parse do the quoting and its reading (quotes, separators and line breaks inside cells).
 */

/** As long as a name typed in the planner may be. */
const NAME_MAX = 200;

export const LABEL_HEADER = ['Name', 'Floor', 'Space', 'Table', 'Colour', 'Count', 'Room number', 'Company name', 'Seat link'];
const BOM = '\uFEFF';

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR first) is neutralised with a leading apostrophe. */
export function neutralise(cell: string): string {
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/**
 * The sheet's columns: with 'Wave', 'Wave colour' and 'Wave number' (the number the stickers print, issue 55)
 * for a move with waves, 'Old labels' last for changed people only.
 */
export const labelHeader = ({ waves, changed }: { waves: boolean; changed: boolean }) => [
  ...LABEL_HEADER,
  ...(waves ? ['Wave', 'Wave colour', 'Wave number'] : []),
  ...(changed ? ['Old labels'] : []),
];

export function labelSheet(rows: (string | number)[][], header: string[] = LABEL_HEADER): string {
  const cells = [header, ...rows].map((row) => row.map((c) => neutralise(String(c))));
  return BOM + stringify(cells, { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[";\r\n]/ });
}

/** One line of an import: where (space, optional table letter) and who. */
export interface ImportLine {
  line: number;
  text: string;
  /** Null when the file has no column for the place: the person is imported without a seat. */
  space: string | null;
  table: string | null;
  name: string;
  /** From the e-mail column; null when the line gives none. */
  email: string | null;
  /** The wave's name as the line writes it (issue 48); null in a file without a wave column, '' for an empty cell. */
  wave: string | null;
  /** From the phone column (only a header names it); null when the line gives none. */
  phone: string | null;
  /** From the department column (only a header names it); null when the line gives none. */
  department: string | null;
}

type Column = 'space' | 'table' | 'name' | 'email' | 'wave' | 'phone' | 'department';

/**
 * Header cells the import understands, in English and Norwegian (Bokmål and Nynorsk), compared without
 * case, spaces, dashes, dots and underscores.
 */
const headerWords: Record<Column, string[]> = {
  space: ['space', 'place', 'seat', 'room', 'roomnumber', 'desk', 'plass', 'sitteplass', 'plassering', 'rom', 'romnummer', 'kontor', 'sete'],
  table: ['table', 'tableletter', 'bord', 'bordbokstav'],
  name: ['name', 'fullname', 'person', 'navn', 'namn', 'fulltnavn', 'fulltnamn'],
  email: ['email', 'emailaddress', 'mail', 'epost', 'epostadresse', 'mailadresse'],
  wave: ['wave', 'movewave', 'bølge', 'flyttebølge', 'bølgje'],
  phone: [
    'phone',
    'phonenumber',
    'telephone',
    'mobile',
    'mobilephone',
    'mobilenumber',
    'cell',
    'cellphone',
    'telefon',
    'telefonnummer',
    'tlf',
    'tlfnr',
    'mobil',
    'mobilnummer',
    'mobiltelefon',
  ],
  department: ['department', 'dept', 'team', 'unit', 'avdeling', 'seksjon', 'enhet'],
};
const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s._\-–]/g, '');

/**
 * The header's columns when it names them (a name column at least); otherwise null, and the spec's order
 * holds: space (with its table letter), name, e-mail.
 */
export function headerColumns(cells: string[]): Partial<Record<Column, number>> | null {
  const found: Partial<Record<Column, number>> = {};
  cells.forEach((cell, index) => {
    const key = headerKey(cell);
    const column = (Object.keys(headerWords) as Column[]).find((c) => headerWords[c].includes(key));
    if (column && found[column] === undefined) found[column] = index;
  });
  return found.name === undefined ? null : found;
}

/**
 * The separator of a file: semicolons (the spec's, and what Excel writes in Norway) or commas (Excel
 * elsewhere), read from the header line: the one it has more of outside quotes, semicolons on a tie.
 */
export function detectDelimiter(text: string): ';' | ',' {
  const first = text.split('\n', 1)[0].replace(/"[^"]*"/g, '');
  const count = (c: string) => first.split(c).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/**
 * Parses an allocation: the first line a header. A header that names its columns (space or place, table,
 * name, e-mail, wave, phone, department, in any order, in English or Norwegian; `headerWords`) is read by name; otherwise column 1
 * is the place, column 2 the name, column 3 (optional) the e-mail address (spec part 2). Semicolons or
 * commas. A file without a place column imports its people without a seat. Rows without a name or place,
 * or with an address that is none, are skipped with a reason.
 */
export function parseAllocation(csv: string): { lines: ImportLine[]; skipped: ImportSummary['skipped'] } {
  // Files from different programs mix line endings: one kind for the parser.
  const text = (csv.startsWith(BOM) ? csv.slice(1) : csv).replace(/\r\n?/g, '\n');
  const delimiter = detectDelimiter(text);
  let records: { record: string[]; info: { lines: number }; raw?: string }[];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as typeof records;
  } catch (error) {
    return { lines: [], skipped: [{ line: 0, text: '', reason: `the file is not valid CSV: ${(error as Error).message}` }] };
  }
  const columns = headerColumns(records[0]?.record ?? []) ?? { space: 0, name: 1, email: 2 };
  const cellOf = (record: string[], column: Column) => {
    const index = columns[column];
    return index === undefined ? '' : (record[index] ?? '').trim();
  };
  const lines: ImportLine[] = [];
  const skipped: ImportSummary['skipped'] = [];
  for (const [index, { record, info, raw: rawLine }] of records.entries()) {
    if (index === 0) continue;
    const raw = (rawLine ?? record.join(delimiter)).replace(/\r?\n$/, '');
    const name = cellOf(record, 'name');
    const placeCell = [cellOf(record, 'space'), cellOf(record, 'table')].join('');
    const place = columns.space === undefined ? null : parsePlace(placeCell);
    const email = cellOf(record, 'email') || null;
    const wave = columns.wave === undefined ? null : cellOf(record, 'wave');
    const phone = cellOf(record, 'phone') || null;
    const department = cellOf(record, 'department') || null;
    if (!name) skipped.push({ line: info.lines, text: raw, reason: 'no name' });
    else if (email !== null && !isPersonEmail(email)) skipped.push({ line: info.lines, text: raw.slice(0, 300), reason: messages.validation.invalidEmail });
    else if (phone !== null && !isPersonPhone(phone)) skipped.push({ line: info.lines, text: raw.slice(0, 300), reason: messages.validation.phone });
    else if (department !== null && !isPersonDepartment(department))
      skipped.push({ line: info.lines, text: raw.slice(0, 300), reason: `a department has at most ${PERSON_DEPARTMENT_MAX} characters, on one line` });
    else if (columns.space !== undefined && !place) skipped.push({ line: info.lines, text: raw, reason: 'no space' });
    else if (name.length > NAME_MAX) skipped.push({ line: info.lines, text: raw.slice(0, 100), reason: `a name has at most ${NAME_MAX} characters` });
    else lines.push({ line: info.lines, text: raw, space: place?.space ?? null, table: place?.table ?? null, name, email, wave, phone, department });
  }
  return { lines, skipped };
}
