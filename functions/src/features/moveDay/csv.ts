import { type LetterSeat, type MoveDaySeat, moveDayTexts } from '@movers/contracts';
import { stringify } from 'csv-stringify/sync';
import type { PersonSeat } from '../planner/index.ts';
import { localTimestamp } from '../../platform/time/localTime.ts';
import type { ArrivalDoc, ReportDoc } from './moveDay.data.ts';
import { toBoardReport } from './views.ts';

/**
 * The after-move review's CSV (the planner's conventions: UTF-8 with a BOM, semicolons, CRLF, cells a
 * spreadsheet would run as a formula neutralised with an apostrophe; csv-stringify quotes). One row per
 * person with a seat or an arrival ('arrival' with its time, or 'not arrived'), then one row per report
 * ('report'). Times are the move's wall-clock time with their offset, as the board shows them, not UTC;
 * a report's photo is the API's absolute address of it (a team member's token opens it).
 */
const BOM = '\uFEFF';
const neutralise = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
const seatCells = (seat: LetterSeat | MoveDaySeat | null | undefined) => [seat?.floor ?? '', seat?.space ?? '', seat?.table ?? ''];
const en = moveDayTexts.en;

export const moveDayCsvKinds = { arrived: 'arrival', notArrived: 'not arrived', report: 'report' } as const;

export interface MoveDayCsvOptions {
  /** The move's time zone (`timeZoneOfCountry`). */
  timeZone: string;
  /** The API's absolute base the routes' `v1/…` paths follow (`https://host/api`). */
  apiBase: string;
  /** The move's waves' names by id (issue 48): a person's row names their wave. */
  waveNames?: Map<string, string>;
}

export function moveDayCsv(people: PersonSeat[], arrivals: ArrivalDoc[], reports: ReportDoc[], { timeZone, apiBase, waveNames }: MoveDayCsvOptions): string {
  const arrivalOf = new Map(arrivals.map((a) => [a.personId, a]));
  const local = (iso: string | null | undefined) => (iso ? localTimestamp(iso, timeZone) : '');
  const header = [
    'Kind',
    'Name',
    'Floor',
    'Space',
    'Table',
    'Arrived at',
    'Reported at',
    'Category',
    'Text',
    'Status',
    'Answer',
    'Answered at',
    'Photo',
    'Wave',
  ];
  const rows: string[][] = [];
  for (const person of people) {
    const arrival = arrivalOf.get(person.id);
    if (!person.seat && !arrival) continue;
    const kind = arrival ? moveDayCsvKinds.arrived : moveDayCsvKinds.notArrived;
    const wave = (person.waveId && waveNames?.get(person.waveId)) || '';
    rows.push([kind, person.name, ...seatCells(arrival?.seat ?? person.seat), local(arrival?.arrivedAt), '', '', '', '', '', '', '', wave]);
  }
  for (const r of reports) {
    const photo = toBoardReport(r).photo;
    rows.push([
      moveDayCsvKinds.report,
      r.personName,
      ...seatCells(r.seat),
      '',
      local(r.createdAt),
      en.categories[r.category],
      r.text,
      en.statuses[r.status],
      r.answer,
      local(r.answeredAt),
      photo ? `${apiBase}${photo}` : '',
      '',
    ]);
  }
  const cells = [header, ...rows].map((row) => row.map((c) => neutralise(c)));
  return BOM + stringify(cells, { delimiter: ';', record_delimiter: '\r\n', quoted_match: /[";\r\n]/ });
}
