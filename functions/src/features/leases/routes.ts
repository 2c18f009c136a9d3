import { api, type ClientReminder, type LeaseInput, leaseSchema, reminderSchema } from '@movers/contracts';
import { revalidate } from '../../platform/http/body.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import { file, noContent, ok, withEtag } from '../../platform/http/responses.ts';
import { type BoundRoute, bind } from '../../platform/http/route.ts';
import { getClientDoc } from '../clients/index.ts';
import { locationsOfClient } from '../locations/index.ts';
import { clientCalendar } from './ics.ts';
import {
  createLeaseDoc,
  createReminderDoc,
  deleteReminderDoc,
  getLease,
  getLeaseDoc,
  getReminderDoc,
  leaseDocsOfClient,
  listLeases,
  remindersOfClient,
  remindersOfLease,
  toReminder,
  updateLeaseDoc,
  updateReminderDoc,
} from './leases.data.ts';

// Lease and reminder screens are all 'not external' (decisions.md): every route here is 'internal',
// so External users get 403 from the pipeline before any data is read.

/** The client must exist (a point read through the clients feature). */
async function assertClientExists(clientId: string): Promise<{ id: string; name: string }> {
  const client = await getClientDoc(clientId);
  if (!client) throw notFound('client not found');
  return client;
}

/** Today's rules (no lease end in the past unless unchanged), and the lease's locations must be the client's. */
async function checkedLease(body: LeaseInput, clientId: string, previousLeaseEnd?: string | null): Promise<LeaseInput> {
  const input = await revalidate(leaseSchema(new Date(), previousLeaseEnd), body);
  const own = new Set((await locationsOfClient(clientId)).map((l) => l.id));
  const unknown = input.locations.filter((id) => !own.has(id));
  if (unknown.length > 0) throw badRequest('validation failed', { locations: `not a location of this client: ${unknown.join(', ')}` });
  input.locations = [...new Set(input.locations)];
  return input;
}

async function leaseOr404(leaseId: string) {
  const lease = await getLeaseDoc(leaseId);
  if (!lease) throw notFound('lease not found');
  return lease;
}

async function reminderOr404(reminderId: string) {
  const reminder = await getReminderDoc(reminderId);
  if (!reminder) throw notFound('reminder not found');
  return reminder;
}

const byDueDate = <T extends { dueDate: string }>(a: T, b: T) => a.dueDate.localeCompare(b.dueDate);

export const leaseRoutes: BoundRoute[] = [
  bind(api.leases.listOfClient, async ({ params }) => {
    await assertClientExists(params.clientId);
    return ok(await listLeases(params.clientId));
  }),
  bind(api.leases.create, async ({ body, principal, params }) => {
    await assertClientExists(params.clientId);
    const input = await checkedLease(body, params.clientId);
    return withEtag(await createLeaseDoc(params.clientId, input, principal.userId), 201);
  }),
  bind(api.leases.get, async ({ params }) => {
    const lease = await getLease(params.leaseId);
    if (!lease) throw notFound('lease not found');
    return withEtag(lease);
  }),
  bind(api.leases.update, async ({ body, principal, params, ifMatch }) => {
    const current = await leaseOr404(params.leaseId);
    const input = await checkedLease(body, current.clientId, current.leaseEnd);
    return withEtag(await updateLeaseDoc(current, input, principal.userId, ifMatch()));
  }),
  bind(api.leases.reminders, async ({ params }) => {
    const lease = await leaseOr404(params.leaseId);
    const now = new Date();
    return ok((await remindersOfLease(lease)).map((r) => toReminder(r, now)).sort(byDueDate));
  }),
  bind(api.leases.addReminder, async ({ body, principal, params }) => {
    const lease = await leaseOr404(params.leaseId);
    const input = await revalidate(reminderSchema(new Date()), body);
    return withEtag(toReminder(await createReminderDoc(lease, input, principal.userId), new Date()), 201);
  }),
  bind(api.reminders.update, async ({ body, principal, params, ifMatch }) => {
    const current = await reminderOr404(params.reminderId);
    const input = await revalidate(reminderSchema(new Date(), { previousDueDate: current.dueDate }), body);
    return withEtag(toReminder(await updateReminderDoc(current, input, principal.userId, ifMatch()), new Date()));
  }),
  bind(api.reminders.delete, async ({ params, ifMatch }) => {
    const current = await reminderOr404(params.reminderId);
    await deleteReminderDoc(current, ifMatch());
    return noContent();
  }),
  bind(api.leases.clientReminders, async ({ params }) => {
    await assertClientExists(params.clientId);
    const [reminders, leases] = await Promise.all([remindersOfClient(params.clientId), leaseDocsOfClient(params.clientId)]);
    const titles = new Map(leases.map((l) => [l.id, l.title]));
    const now = new Date();
    const rows: ClientReminder[] = reminders
      .map((r) => ({ ...toReminder(r, now), lease: { id: r.leaseId, title: titles.get(r.leaseId) ?? '' } }))
      .sort(byDueDate);
    return ok(rows);
  }),
  bind(api.leases.calendar, async ({ params }) => {
    const client = await assertClientExists(params.clientId);
    const [reminders, leases] = await Promise.all([remindersOfClient(client.id), leaseDocsOfClient(client.id)]);
    const body = clientCalendar({ clientName: client.name, leases, reminders, now: new Date() });
    const safeName = client.name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'client';
    return file(body, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `attachment; filename="${safeName}-leases.ics"`,
      'Cache-Control': 'no-store',
    });
  }),
];
