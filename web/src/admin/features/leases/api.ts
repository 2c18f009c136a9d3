import { apiPaths, type Lease, type LeaseInput, type Reminder, type ReminderInput } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { useResource } from '../../../common/api/useResource.ts';

export const useLeases = (clientId: string | undefined) => useResource<Lease[]>(clientId ? apiPaths.clientLeases(clientId) : null);
export const useLease = (leaseId: string | undefined) => useResource<Lease>(leaseId ? apiPaths.lease(leaseId) : null);
export const useReminders = (leaseId: string | undefined) => useResource<Reminder[]>(leaseId ? apiPaths.leaseReminders(leaseId) : null);

const ifMatch = (etag: string | undefined): Record<string, string> => (etag ? { 'If-Match': etag } : {});

export async function createLease(api: ApiClient, clientId: string, input: LeaseInput): Promise<Lease> {
  return (await api.request<Lease>(apiPaths.clientLeases(clientId), { method: 'POST', body: input })).data;
}

/** Sends the ETag the form was loaded with: a concurrent change is refused (412), not overwritten. */
export async function updateLease(api: ApiClient, leaseId: string, input: LeaseInput, etag: string | undefined): Promise<Lease> {
  return (await api.request<Lease>(apiPaths.lease(leaseId), { method: 'PUT', body: input, headers: ifMatch(etag) })).data;
}

export async function createReminder(api: ApiClient, leaseId: string, input: ReminderInput): Promise<Reminder> {
  return (await api.request<Reminder>(apiPaths.leaseReminders(leaseId), { method: 'POST', body: input })).data;
}

export async function updateReminder(api: ApiClient, reminderId: string, input: ReminderInput, etag: string | undefined): Promise<Reminder> {
  return (await api.request<Reminder>(apiPaths.reminder(reminderId), { method: 'PUT', body: input, headers: ifMatch(etag) })).data;
}

export async function deleteReminder(api: ApiClient, reminderId: string): Promise<void> {
  await api.request<void>(apiPaths.reminder(reminderId), { method: 'DELETE' });
}

/** Downloads the client's calendar (the call needs the bearer token, so it cannot be a plain link). */
export async function downloadCalendar(api: ApiClient, clientId: string, fileName: string): Promise<void> {
  const blob = await api.blob(apiPaths.clientCalendar(clientId));
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
