export { leaseRoutes } from './routes.ts';
export { sendDueReminders } from './reminderMail.ts';
