import { type ImportSummary, isPersonEmail, messages, parsePlace } from '@movers/contracts';
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

export function labelSheet(rows: (string | number)[][]): string {
  const cells = [LABEL_HEADER, ...rows].map((row) => row.map((c) => neutralise(String(c))));
  return BOM + stringify(cells, { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[";\r\n]/ });
}

/** One line of an import: where (space, optional table letter) and who. */
export interface ImportLine {
  line: number;
  text: string;
  space: string;
  table: string | null;
  name: string;
  /** From the optional third column; null when the line gives none. */
  email: string | null;
}

/**
 * Parses an allocation: header skipped, column 1 the place, column 2 the name, column 3 (optional) the
 * person's e-mail address; rows without a name or place, or with an address that is none, skipped with a
 * reason.
 */
export function parseAllocation(csv: string): { lines: ImportLine[]; skipped: ImportSummary['skipped'] } {
  // Files from different programs mix line endings: one kind for the parser.
  const text = (csv.startsWith(BOM) ? csv.slice(1) : csv).replace(/\r\n?/g, '\n');
  let records: { record: string[]; info: { lines: number }; raw?: string }[];
  try {
    records = parse(text, {
      delimiter: ';',
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      raw: true,
    }) as unknown as typeof records;
  } catch (error) {
    return { lines: [], skipped: [{ line: 0, text: '', reason: `the file is not valid CSV: ${(error as Error).message}` }] };
  }
  const lines: ImportLine[] = [];
  const skipped: ImportSummary['skipped'] = [];
  for (const [index, { record, info, raw: rawLine }] of records.entries()) {
    if (index === 0) continue;
    const raw = (rawLine ?? record.join(';')).replace(/\r?\n$/, '');
    const name = (record[1] ?? '').trim();
    const place = parsePlace(record[0] ?? '');
    const email = (record[2] ?? '').trim() || null;
    if (!name) skipped.push({ line: info.lines, text: raw, reason: 'no name' });
    else if (email !== null && !isPersonEmail(email)) skipped.push({ line: info.lines, text: raw.slice(0, 300), reason: messages.validation.invalidEmail });
    else if (!place) skipped.push({ line: info.lines, text: raw, reason: 'no space' });
    else if (name.length > NAME_MAX) skipped.push({ line: info.lines, text: raw.slice(0, 100), reason: `a name has at most ${NAME_MAX} characters` });
    else lines.push({ line: info.lines, text: raw, space: place.space, table: place.table, name, email });
  }
  return { lines, skipped };
}
