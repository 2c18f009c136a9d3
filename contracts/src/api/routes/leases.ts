import type { ClientReminder, Lease, Reminder } from '../../entities.ts';
import { leaseBodySchema, reminderCreateBodySchema, reminderUpdateBodySchema } from '../../schemas/lease.ts';
import { defineRoute, fileReply, jsonReply, noReply } from '../contract.ts';
import { idShapes } from '../ids.ts';
import { clientReminderSchema, leaseAnswerSchema, reminderAnswerSchema } from '../answers/leases.ts';
import { arrayOf } from '../answers/shape.ts';

// Leases and reminders are 'not external' (decisions.md): every call is internal.
export const leaseRoutes = {
  listOfClient: defineRoute({
    name: 'leases-list',
    method: 'GET',
    path: 'v1/clients/{clientId}/leases',
    access: 'internal',
    summary: "A client's leases with their reminder counts",
    params: { clientId: idShapes.id },
    response: jsonReply<Lease[]>('the leases', arrayOf(leaseAnswerSchema)),
  }),
  create: defineRoute({
    name: 'leases-create',
    method: 'POST',
    path: 'v1/clients/{clientId}/leases',
    access: 'internal',
    summary: 'Add a lease to a client',
    params: { clientId: idShapes.id },
    body: leaseBodySchema,
    status: 201,
    response: jsonReply<Lease>('the new lease, with its ETag', leaseAnswerSchema),
  }),
  get: defineRoute({
    name: 'leases-get',
    method: 'GET',
    path: 'v1/leases/{leaseId}',
    access: 'internal',
    summary: 'A lease',
    params: { leaseId: idShapes.childOfClient },
    response: jsonReply<Lease>('the lease, with its ETag', leaseAnswerSchema),
  }),
  update: defineRoute({
    name: 'leases-update',
    method: 'PUT',
    path: 'v1/leases/{leaseId}',
    access: 'internal',
    summary: 'Edit a lease',
    params: { leaseId: idShapes.childOfClient },
    body: leaseBodySchema,
    response: jsonReply<Lease>('the saved lease, with its new ETag', leaseAnswerSchema),
  }),
  reminders: defineRoute({
    name: 'lease-reminders-list',
    method: 'GET',
    path: 'v1/leases/{leaseId}/reminders',
    access: 'internal',
    summary: "A lease's reminders by due date",
    params: { leaseId: idShapes.childOfClient },
    response: jsonReply<Reminder[]>('the reminders', arrayOf(reminderAnswerSchema)),
  }),
  addReminder: defineRoute({
    name: 'lease-reminders-create',
    method: 'POST',
    path: 'v1/leases/{leaseId}/reminders',
    access: 'internal',
    summary: 'Add a reminder to a lease',
    params: { leaseId: idShapes.childOfClient },
    body: reminderCreateBodySchema,
    status: 201,
    response: jsonReply<Reminder>('the new reminder, with its ETag', reminderAnswerSchema),
  }),
  clientReminders: defineRoute({
    name: 'client-reminders-list',
    method: 'GET',
    path: 'v1/clients/{clientId}/reminders',
    access: 'internal',
    summary: "Every reminder of a client's leases, by due date",
    params: { clientId: idShapes.id },
    response: jsonReply<ClientReminder[]>('the reminders with their leases', arrayOf(clientReminderSchema)),
  }),
  calendar: defineRoute({
    name: 'client-calendar',
    method: 'GET',
    path: 'v1/clients/{clientId}/calendar.ics',
    access: 'internal',
    summary: "A client's reminders and lease deadlines as all-day iCalendar events",
    params: { clientId: idShapes.id },
    response: fileReply(['text/calendar'], 'the calendar, as an attachment'),
  }),
};

export const reminderRoutes = {
  update: defineRoute({
    name: 'reminders-update',
    method: 'PUT',
    path: 'v1/reminders/{reminderId}',
    access: 'internal',
    summary: 'Edit a reminder (moving the due date of an unsent one makes it due again)',
    params: { reminderId: idShapes.grandchildOfClient },
    body: reminderUpdateBodySchema,
    response: jsonReply<Reminder>('the saved reminder, with its new ETag', reminderAnswerSchema),
  }),
  delete: defineRoute({
    name: 'reminders-delete',
    method: 'DELETE',
    path: 'v1/reminders/{reminderId}',
    access: 'internal',
    summary: 'Delete a reminder',
    params: { reminderId: idShapes.grandchildOfClient },
    status: 204,
    response: noReply('deleted'),
  }),
};
