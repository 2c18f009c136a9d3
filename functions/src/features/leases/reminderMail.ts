import type { InvocationContext } from '@azure/functions';
import { formatDottedDay } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { readSetting } from '../../platform/config/config.ts';
import { container, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { recordedWrite } from '../../platform/history/recordedWrite.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { graphClient } from '../../platform/graph/client.ts';
import { getClientDoc } from '../clients/index.ts';
import { getDirectoryUser } from '../users/index.ts';
import { type LeaseDoc, type ReminderDoc, reminderTarget } from './leases.data.ts';

type Stored<T> = T & { etag?: string };

export interface SendResult {
  sent: string[];
  skipped: string[];
  failed: string[];
}

/**
 * Reminders that are due, not done and not sent. This is a cross-partition query (every client's
 * partition) and the only one in the feature: acceptable because the timer runs it once per run, never
 * per request. Reminders are few compared with a container scan's cost at this scale.
 */
async function dueReminders(now: Date): Promise<Stored<ReminderDoc>[]> {
  return queryAll<ReminderDoc>(
    container('leases'),
    "SELECT * FROM c WHERE c.type = 'reminder' AND NOT IS_DEFINED(c.sentAt) AND c.done = false AND c.dueDate <= @now",
    [{ name: '@now', value: now.toISOString() }],
  );
}

/**
 * Claims a reminder for this run: an ETag-guarded replace that sets sentAt before any mail goes out.
 * If another run claimed (or someone edited) the reminder since it was read, Cosmos answers 412 and this
 * run leaves it alone. So a reminder is mailed at most once, even when runs overlap. Recorded in the
 * reminder's history by 'system' (the timer acts for no one), as a release is.
 */
async function claim(reminder: Stored<ReminderDoc>, runId: string, now: Date): Promise<Stored<ReminderDoc> | undefined> {
  const { etag, ...doc } = reminder;
  const at = now.toISOString();
  try {
    return await recordedWrite(reminderTarget(doc), { before: reminder, after: { ...doc, sentAt: at, sendClaim: { runId, at } }, ifMatch: etag });
  } catch (error) {
    if (error instanceof HttpError && (error.status === 412 || error.status === 404)) return undefined;
    throw error;
  }
}

/** Gives a claimed reminder back when its mail could not be sent, so the next run tries again. */
async function release(claimed: Stored<ReminderDoc>): Promise<void> {
  const { etag, sentAt: _s, sendClaim: _c, ...doc } = claimed;
  await recordedWrite(reminderTarget(doc), { before: claimed, after: doc, ifMatch: etag }).catch(() => undefined);
}

/** Recipients: REMINDER_MAIL_TO (comma-separated addresses) when set; unset or 'creator': the person who created the reminder. */
async function recipientsFor(reminder: ReminderDoc, cache: Map<string, string | null>): Promise<string[]> {
  const configured = (readSetting('REMINDER_MAIL_TO') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s && s.toLowerCase() !== 'creator');
  if (configured.length > 0) return configured;
  if (!cache.has(reminder.createdBy)) {
    const user = await getDirectoryUser(reminder.createdBy).catch(() => undefined);
    cache.set(reminder.createdBy, user?.mail ?? null);
  }
  const mail = cache.get(reminder.createdBy);
  return mail ? [mail] : [];
}

function message(reminder: ReminderDoc, lease: LeaseDoc | undefined, clientName: string, to: string[]) {
  const leaseTitle = lease?.title ?? 'lease';
  return {
    message: {
      subject: `Lease reminder: ${reminder.title} (${leaseTitle}, ${clientName})`,
      body: {
        contentType: 'Text',
        content: [
          `Reminder for the lease "${leaseTitle}" of ${clientName}, due ${formatDottedDay(reminder.dueDate)}.`,
          '',
          reminder.title,
          '',
          reminder.description,
        ].join('\n'),
      },
      toRecipients: to.map((address) => ({ emailAddress: { address } })),
    },
    saveToSentItems: false,
  };
}

/**
 * The timer's work: e-mails every due, unsent reminder through Graph (POST /users/{sender}/sendMail)
 * and marks it sent. Each reminder is claimed first (see `claim`), so overlapping runs never mail one
 * twice. A failed send releases the claim for the next run.
 */
export async function sendDueReminders(context: Pick<InvocationContext, 'log' | 'warn' | 'error'>, now: Date = new Date()): Promise<SendResult> {
  const result: SendResult = { sent: [], skipped: [], failed: [] };
  const sender = readSetting('REMINDER_MAIL_SENDER');
  if (!sender || sender.toLowerCase() === 'disabled') {
    context.warn('REMINDER_MAIL_SENDER is not set: lease reminders are not sent');
    return result;
  }
  const runId = randomUUID();
  const due = await dueReminders(now);
  const mails = new Map<string, string | null>();
  for (const reminder of due) {
    const claimed = await claim(reminder, runId, now);
    if (!claimed) {
      result.skipped.push(reminder.id);
      continue;
    }
    try {
      const [lease, client] = await Promise.all([readDoc<LeaseDoc>(container('leases'), reminder.leaseId, reminder.clientId), getClientDoc(reminder.clientId)]);
      const to = await recipientsFor(reminder, mails);
      if (to.length === 0) throw new Error('no recipient for the reminder');
      await (await graphClient()).api(`/users/${encodeURIComponent(sender)}/sendMail`).post(message(reminder, lease, client?.name ?? reminder.clientId, to));
      result.sent.push(reminder.id);
    } catch (error) {
      context.error(`lease reminder ${reminder.id} could not be sent`, error);
      await release(claimed);
      result.failed.push(reminder.id);
    }
  }
  if (due.length > 0) context.log(`lease reminders: ${result.sent.length} sent, ${result.skipped.length} claimed elsewhere, ${result.failed.length} failed`);
  return result;
}
