import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Mailbox, mailFromSendMail } from '../src/mailbox.ts';
import { InvocationContext } from '@movers/functions/src/platform/azureFunctions.ts';
import { startTimers } from '../src/timerRunner.ts';

describe('local mailbox', () => {
  it('reads a Graph sendMail body and keeps it in memory and in mail.jsonl, a line per mail', () => {
    const dir = mkdtempSync(join(tmpdir(), 'mailbox-'));
    try {
      const box = new Mailbox(dir);
      const body = { message: { subject: 'Hi', body: { contentType: 'Text', content: 'text' }, toRecipients: [{ emailAddress: { address: 'a@b.test' } }] } };
      const mail = mailFromSendMail('sender@x.test', body, 'm1', new Date('2026-01-01T00:00:00Z'))!;
      expect(mail).toEqual({ id: 'm1', from: 'sender@x.test', sentAt: '2026-01-01T00:00:00.000Z', subject: 'Hi', body: 'text', to: ['a@b.test'] });
      box.add(mail);
      expect(new Mailbox(dir).all()).toEqual([mail]);
      box.add({ ...mail, id: 'm1b' });
      expect(
        readFileSync(join(dir, 'mail.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => JSON.parse(line).id),
      ).toEqual(['m1', 'm1b']);
      const withImage = mailFromSendMail(
        's',
        { message: { ...body.message, attachments: [{ name: 'qr.png', contentType: 'image/png', contentBytes: 'AAEC', contentId: 'qr', isInline: true }] } },
        'm4',
        new Date(),
      );
      expect(withImage?.attachments).toEqual([{ name: 'qr.png', contentType: 'image/png', contentId: 'qr', isInline: true, size: 3 }]);
      expect(mailFromSendMail('s', { message: { subject: 'x', toRecipients: [] } }, 'm2', new Date())).toBeUndefined();
      expect(mailFromSendMail('s', null, 'm3', new Date())).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('local timer runner', () => {
  it('runs each timer on the interval, never overlapping itself, and waits for a running handler on stop', async () => {
    let runs = 0;
    let active = 0;
    let maxActive = 0;
    const runner = startTimers(
      {
        InvocationContext,
        timers: [
          {
            name: 't',
            schedule: '0 */5 * * * *',
            handler: async () => {
              runs += 1;
              active += 1;
              maxActive = Math.max(maxActive, active);
              await new Promise((r) => setTimeout(r, 35));
              active -= 1;
            },
          },
        ],
      },
      10,
    );
    await new Promise((r) => setTimeout(r, 120));
    await runner.stop();
    const after = runs;
    expect(after).toBeGreaterThanOrEqual(2);
    expect(maxActive).toBe(1);
    expect(active).toBe(0);
    await new Promise((r) => setTimeout(r, 40));
    expect(runs).toBe(after);
  });
});
