import moment from 'moment';
import type { LeaseDoc, ReminderDoc } from './leases.data.ts';

/**
 * iCalendar (RFC 5545) written by hand: CRLF line ends, lines folded at 75 octets (never inside a UTF-8
 * character), TEXT values escaped (\\ ; , and newlines), a stable UID per event, DTSTAMP in UTC, and
 * all-day events as DTSTART;VALUE=DATE with DTEND the next day.
 */

export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** Folds one content line: at most 75 octets per line, continuation lines start with a space. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    const limit = parts.length === 0 ? 75 : 74; // continuation lines spend one octet on the leading space
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

// iCalendar's DATE and UTC DATE-TIME forms (RFC 5545 3.3.4, 3.3.5).
const dateValue = (d: Date | string) => moment.utc(d).format('YYYYMMDD');
const stampValue = (d: Date | string) => moment.utc(d).format('YYYYMMDD[T]HHmmss[Z]');

export interface CalendarEvent {
  uid: string;
  /** The day (ISO timestamp; its UTC day is used). */
  day: string;
  summary: string;
  description?: string;
}

export function calendar(name: string, events: CalendarEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//movers portal//leases//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(name)}`,
  ];
  for (const event of events) {
    const day = new Date(event.day);
    if (Number.isNaN(day.getTime())) continue;
    const next = new Date(day.getTime() + 24 * 60 * 60 * 1000);
    lines.push(
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stampValue(now)}`,
      `DTSTART;VALUE=DATE:${dateValue(day)}`,
      `DTEND;VALUE=DATE:${dateValue(next)}`,
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A client's reminders and lease deadlines (renewal deadline, increased floor space deadline, lease end). */
export function clientCalendar(args: { clientName: string; leases: LeaseDoc[]; reminders: ReminderDoc[]; now: Date }): string {
  const titles = new Map(args.leases.map((l) => [l.id, l.title]));
  const events: CalendarEvent[] = [];
  for (const lease of args.leases) {
    const deadlines: [keyof LeaseDoc, string][] = [
      ['leaseRenewalDeadline', 'lease renewal deadline'],
      ['increasedFloorSpaceDeadline', 'increased floor space deadline'],
      ['leaseEnd', 'lease end'],
    ];
    for (const [field, label] of deadlines) {
      const day = lease[field] as string | null;
      if (day) events.push({ uid: `${lease.id}-${field}@movers-portal`, day, summary: `${lease.title}: ${label}` });
    }
  }
  for (const r of args.reminders) {
    const lease = titles.get(r.leaseId);
    events.push({
      uid: `${r.id}@movers-portal`,
      day: r.dueDate,
      summary: lease ? `${lease}: ${r.title}` : r.title,
      description: r.description,
    });
  }
  events.sort((a, b) => a.day.localeCompare(b.day) || a.uid.localeCompare(b.uid));
  return calendar(`${args.clientName} leases`, events, args.now);
}
