import { type LetterSeat, type MoveDaySeat, moveDayTexts } from '@movers/contracts';
import { stringify } from 'csv-stringify/sync';
import type { PersonSeat } from '../planner/index.ts';
import type { ArrivalDoc, ReportDoc } from './moveDay.data.ts';

/**
 * The after-move review's CSV (the planner's conventions: UTF-8 with a BOM, semicolons, CRLF, cells a
 * spreadsheet would run as a formula neutralised with an apostrophe; csv-stringify quotes). One row per
 * person with a seat or an arrival, then one row per report.
 */
const BOM = '\uFEFF';
const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
const seatCells = (seat: LetterSeat | MoveDaySeat | null | undefined) => [seat?.floor ?? '', seat?.space ?? '', seat?.table ?? ''];
const en = moveDayTexts.en;

export function moveDayCsv(people: PersonSeat[], arrivals: ArrivalDoc[], reports: ReportDoc[]): string {
  const arrivalOf = new Map(arrivals.map((a) => [a.personId, a]));
  const header = ['Kind', 'Name', 'Floor', 'Space', 'Table', 'Arrived at', 'Reported at', 'Category', 'Text', 'Status', 'Answer', 'Answered at', 'Photo'];
  const rows: string[][] = [];
  for (const person of people) {
    const arrival = arrivalOf.get(person.id);
    if (!person.seat && !arrival) continue;
    rows.push(['arrival', person.name, ...seatCells(arrival?.seat ?? person.seat), arrival?.arrivedAt ?? '', '', '', '', '', '', '', '']);
  }
  for (const r of reports) {
    rows.push([
      'report',
      r.personName,
      ...seatCells(r.seat),
      '',
      r.createdAt,
      en.categories[r.category],
      r.text,
      en.statuses[r.status],
      r.answer,
      r.answeredAt ?? '',
      r.photo ? 'yes' : '',
    ]);
  }
  const cells = [header, ...rows].map((row) => row.map((c) => neutralise(c)));
  return BOM + stringify(cells, { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[";\r\n]/ });
}
