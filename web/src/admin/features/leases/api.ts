import { type LeaseInput, type ReminderInput, api as routes } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { callRoute, keyOf, revalidate, useRoute } from '../../../common/api/route.ts';

export const useLeases = (clientId: string | undefined) => useRoute(routes.leases.listOfClient, clientId ? { clientId } : null);
export const useLease = (leaseId: string | undefined) => useRoute(routes.leases.get, leaseId ? { leaseId } : null);
export const useReminders = (leaseId: string | undefined) => useRoute(routes.leases.reminders, leaseId ? { leaseId } : null);

/** The client's leases list and the lease itself (its reminder count), and the lease's reminders. */
const leaseChanged = (clientId: string, leaseId: string) =>
  revalidate(keyOf(routes.leases.listOfClient, { clientId }), keyOf(routes.leases.get, { leaseId }), keyOf(routes.leases.reminders, { leaseId }));

export async function createLease(api: ApiClient, clientId: string, input: LeaseInput) {
  const saved = await callRoute(api, routes.leases.create, { params: { clientId }, body: input });
  await leaseChanged(clientId, saved.id);
  return saved;
}

/** Sends the ETag the form was loaded with: a concurrent change is refused (412), not overwritten. */
export async function updateLease(api: ApiClient, leaseId: string, input: LeaseInput, etag: string | undefined) {
  const saved = await callRoute(api, routes.leases.update, { params: { leaseId }, body: input, etag });
  await leaseChanged(saved.clientId, leaseId);
  return saved;
}

export async function createReminder(api: ApiClient, leaseId: string, input: ReminderInput) {
  const saved = await callRoute(api, routes.leases.addReminder, { params: { leaseId }, body: input });
  await leaseChanged(saved.clientId, leaseId);
  return saved;
}

export async function updateReminder(api: ApiClient, reminderId: string, input: ReminderInput, etag: string | undefined) {
  const saved = await callRoute(api, routes.reminders.update, { params: { reminderId }, body: input, etag });
  await leaseChanged(saved.clientId, saved.leaseId);
  return saved;
}

/** Deletes the reminder as it was read (its ETag): one changed meanwhile is refused (412). */
export async function deleteReminder(api: ApiClient, reminder: { id: string; leaseId: string; clientId: string; etag?: string }) {
  await callRoute(api, routes.reminders.delete, { params: { reminderId: reminder.id }, etag: reminder.etag });
  await leaseChanged(reminder.clientId, reminder.leaseId);
}

/** Downloads the client's calendar (the call needs the bearer token, so it cannot be a plain link). */
export async function downloadCalendar(api: ApiClient, clientId: string, fileName: string): Promise<void> {
  const blob = await callRoute(api, routes.leases.calendar, { params: { clientId } });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** After a restore from the lease's history: the lease as restored, in its page and the client's list. */
export const leaseRestored = (clientId: string, leaseId: string) => leaseChanged(clientId, leaseId);

/** After a restore from a reminder's history: the lease's reminders (and its count) as restored. */
export const reminderRestored = (clientId: string, leaseId: string) => leaseChanged(clientId, leaseId);
