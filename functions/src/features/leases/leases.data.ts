import type { Audit, Lease, LeaseInput, Reminder, ReminderInput } from '@movers/contracts';
import { reminderFlags } from '@movers/contracts';
import { container, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';
import { newLeaseId, newReminderId, parseLeaseId, parseReminderId } from './ids.ts';

/** A lease as stored in 'leases' (partition /clientId), beside its reminders. */
export interface LeaseDoc extends LeaseInput, Audit {
  id: string;
  type: 'lease';
  clientId: string;
}

/** A reminder as stored, in its lease's client partition. */
export interface ReminderDoc extends Audit {
  id: string;
  type: 'reminder';
  clientId: string;
  leaseId: string;
  title: string;
  description: string;
  dueDate: string;
  done: boolean;
  doneComment: string;
  /** Set when the reminder mail was claimed for sending (see reminderMail.ts); never cleared after a send. */
  sentAt?: string;
  /** Which timer run claimed the reminder, for the logs. */
  sendClaim?: { runId: string; at: string };
}

type WithEtag<T> = T & { etag?: string };

const leases = () => container('leases');

/** Each write of a lease or reminder is recorded in its history, in one batch with it (platform/history). */
export const leaseTarget = (doc: { clientId: string; title: string }): HistoryTarget => ({
  container: 'leases',
  partitionKey: doc.clientId,
  kind: 'lease',
  title: doc.title,
  what: 'lease',
});
export const reminderTarget = (doc: { clientId: string; title: string }): HistoryTarget => ({
  container: 'leases',
  partitionKey: doc.clientId,
  kind: 'reminder',
  title: doc.title,
  what: 'reminder',
});

/**
 * remindersCount is not stored: it is counted from the reminders in the lease's partition when the
 * lease is read. A stored counter would need a read-modify-write on the lease for every reminder change
 * (the emulator's batch is not atomic), could drift when two people act at once, and would change the
 * lease's ETag so that an open lease form went stale each time someone added a reminder. Counting is
 * one query on one partition and is always equal to the real number.
 */
async function reminderCounts(clientId: string): Promise<Map<string, number>> {
  const rows = await queryAll<{ leaseId: string }>(leases(), "SELECT c.leaseId FROM c WHERE c.clientId = @clientId AND c.type = 'reminder'", [
    { name: '@clientId', value: clientId },
  ]);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.leaseId, (counts.get(r.leaseId) ?? 0) + 1);
  return counts;
}

export function toLease(doc: WithEtag<LeaseDoc>, remindersCount: number): Lease {
  const { type: _type, ...rest } = doc;
  return { ...rest, remindersCount };
}

export function toReminder(doc: WithEtag<ReminderDoc>, now: Date): Reminder {
  const { type: _type, sendClaim: _claim, sentAt, ...rest } = doc;
  const base = { ...rest, sentAt: sentAt ?? null };
  return { ...base, ...reminderFlags(base, now) };
}

/** The client's leases, sorted by title, with their reminder counts. */
export async function listLeases(clientId: string): Promise<Lease[]> {
  const [docs, counts] = await Promise.all([leaseDocsOfClient(clientId), reminderCounts(clientId)]);
  return docs.map((d) => toLease(d, counts.get(d.id) ?? 0)).sort((a, b) => a.title.localeCompare(b.title, 'en'));
}

export async function getLeaseDoc(leaseId: string): Promise<WithEtag<LeaseDoc> | undefined> {
  const parsed = parseLeaseId(leaseId);
  if (!parsed) return undefined;
  const doc = await readDoc<LeaseDoc>(leases(), leaseId, parsed.clientId);
  return doc?.type === 'lease' ? doc : undefined;
}

export async function getLease(leaseId: string): Promise<Lease | undefined> {
  const doc = await getLeaseDoc(leaseId);
  if (!doc) return undefined;
  return toLease(doc, (await reminderCounts(doc.clientId)).get(doc.id) ?? 0);
}

export async function createLeaseDoc(clientId: string, input: LeaseInput, by: string): Promise<Lease> {
  const now = new Date().toISOString();
  const doc: LeaseDoc = { ...input, id: newLeaseId(clientId), type: 'lease', clientId, createdAt: now, createdBy: by, updatedAt: now, updatedBy: by };
  return toLease((await recordedWrite(leaseTarget(doc), { after: doc }))!, 0);
}

/** Replaces the editable fields; a stale If-Match gets 412 and changes nothing. */
export async function updateLeaseDoc(current: WithEtag<LeaseDoc>, input: LeaseInput, by: string, etag: string): Promise<Lease> {
  const { etag: _read, ...stored } = current;
  const next: LeaseDoc = { ...stored, ...input, updatedAt: new Date().toISOString(), updatedBy: by };
  const saved = (await recordedWrite(leaseTarget(next), { before: current, after: next, ifMatch: etag }))!;
  return toLease(saved, (await reminderCounts(current.clientId)).get(current.id) ?? 0);
}

export async function remindersOfLease(lease: LeaseDoc): Promise<WithEtag<ReminderDoc>[]> {
  return queryAll<ReminderDoc>(leases(), "SELECT * FROM c WHERE c.clientId = @clientId AND c.type = 'reminder' AND c.leaseId = @leaseId", [
    { name: '@clientId', value: lease.clientId },
    { name: '@leaseId', value: lease.id },
  ]);
}

export async function remindersOfClient(clientId: string): Promise<WithEtag<ReminderDoc>[]> {
  return queryAll<ReminderDoc>(leases(), "SELECT * FROM c WHERE c.clientId = @clientId AND c.type = 'reminder'", [{ name: '@clientId', value: clientId }]);
}

export async function leaseDocsOfClient(clientId: string): Promise<WithEtag<LeaseDoc>[]> {
  return queryAll<LeaseDoc>(leases(), "SELECT * FROM c WHERE c.clientId = @clientId AND c.type = 'lease'", [{ name: '@clientId', value: clientId }]);
}

export async function getReminderDoc(reminderId: string): Promise<WithEtag<ReminderDoc> | undefined> {
  const parsed = parseReminderId(reminderId);
  if (!parsed) return undefined;
  const doc = await readDoc<ReminderDoc>(leases(), reminderId, parsed.clientId);
  return doc?.type === 'reminder' ? doc : undefined;
}

export async function createReminderDoc(lease: LeaseDoc, input: ReminderInput, by: string): Promise<WithEtag<ReminderDoc>> {
  const now = new Date().toISOString();
  const doc: ReminderDoc = {
    id: newReminderId(lease.id),
    type: 'reminder',
    clientId: lease.clientId,
    leaseId: lease.id,
    title: input.title,
    description: input.description,
    dueDate: input.dueDate,
    done: false,
    doneComment: '',
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  return (await recordedWrite(reminderTarget(doc), { after: doc }))!;
}

export async function updateReminderDoc(current: WithEtag<ReminderDoc>, input: ReminderInput, by: string, etag: string) {
  const { etag: _read, ...stored } = current;
  const next: ReminderDoc = {
    ...stored,
    title: input.title,
    description: input.description,
    dueDate: input.dueDate,
    done: input.done ?? false,
    doneComment: input.doneComment ?? '',
    updatedAt: new Date().toISOString(),
    updatedBy: by,
  };
  // A reminder whose due date moves after it was sent is a new reminder to send.
  if (next.dueDate !== stored.dueDate && !next.done) {
    delete next.sentAt;
    delete next.sendClaim;
  }
  return (await recordedWrite(reminderTarget(next), { before: current, after: next, ifMatch: etag }))!;
}

export async function deleteReminderDoc(current: WithEtag<ReminderDoc>, etag: string): Promise<void> {
  await recordedWrite(reminderTarget(current), { before: current, ifMatch: etag });
}
