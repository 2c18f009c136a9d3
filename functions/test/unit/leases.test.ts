import { describe, expect, it } from 'vitest';
import { calendar, clientCalendar, escapeText, foldLine } from '../../src/features/leases/ics.ts';
import { newLeaseId, newReminderId, parseLeaseId, parseReminderId } from '../../src/features/leases/ids.ts';
import type { LeaseDoc, ReminderDoc } from '../../src/features/leases/leases.data.ts';

const CLIENT = 'c0000000-0000-4000-8000-00000000000a';
const now = new Date('2026-03-20T10:30:05.000Z');

describe('lease and reminder ids carry their partition', () => {
  it('round-trips the client id and lease id', () => {
    const lease = newLeaseId(CLIENT);
    expect(parseLeaseId(lease)).toEqual({ clientId: CLIENT });
    const reminder = newReminderId(lease);
    expect(parseReminderId(reminder)).toEqual({ clientId: CLIENT, leaseId: lease });
    expect(parseLeaseId(reminder)).toBeNull();
    expect(parseReminderId(lease)).toBeNull();
  });

  it('refuses ids of another shape', () => {
    for (const id of ['x', `${CLIENT}`, `${CLIENT}_`, `../${CLIENT}_1`, `${CLIENT}_e0000000-0000-4000-8000-000000000001 `]) {
      expect(parseLeaseId(id)).toBeNull();
    }
  });
});

describe('iCalendar', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('folds lines at 75 octets without splitting a UTF-8 character', () => {
    const line = `SUMMARY:${'ø'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) expect(part.startsWith(' ')).toBe(true);
    expect(parts.map((p, i) => (i === 0 ? p : p.slice(1))).join('')).toBe(line);
    expect(foldLine('SHORT:x')).toBe('SHORT:x');
  });

  it('writes CRLF lines, UID, DTSTAMP and all-day DTSTART;VALUE=DATE', () => {
    const text = calendar('Demo, Inc', [{ uid: 'u1@x', day: '2026-04-01T00:00:00.000Z', summary: 'Lease end; A', description: 'line1\nline2' }], now);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines).toContain('VERSION:2.0');
    expect(lines).toContain('X-WR-CALNAME:Demo\\, Inc');
    expect(lines).toContain('UID:u1@x');
    expect(lines).toContain('DTSTAMP:20260320T103005Z');
    expect(lines).toContain('DTSTART;VALUE=DATE:20260401');
    expect(lines).toContain('DTEND;VALUE=DATE:20260402');
    expect(lines).toContain('SUMMARY:Lease end\\; A');
    expect(lines).toContain('DESCRIPTION:line1\\nline2');
    expect(lines.at(-2)).toBe('END:VCALENDAR');
  });

  it("lists a client's lease deadlines and reminders, sorted by day", () => {
    const lease = {
      id: `${CLIENT}_e0000000-0000-4000-8000-000000000001`,
      title: 'HQ',
      leaseEnd: '2027-01-01T00:00:00.000Z',
      leaseRenewalDeadline: '2026-06-01T00:00:00.000Z',
      increasedFloorSpaceDeadline: null,
    } as unknown as LeaseDoc;
    const reminder = {
      id: `${lease.id}_d0000000-0000-4000-8000-000000000001`,
      leaseId: lease.id,
      title: 'Call landlord',
      description: 'x',
      dueDate: '2026-05-01T00:00:00.000Z',
    } as ReminderDoc;
    const text = clientCalendar({ clientName: 'Aurora', leases: [lease], reminders: [reminder], now });
    const summaries = text.split('\r\n').filter((l) => l.startsWith('SUMMARY:'));
    expect(summaries).toEqual(['SUMMARY:HQ: Call landlord', 'SUMMARY:HQ: lease renewal deadline', 'SUMMARY:HQ: lease end']);
    expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  });
});
