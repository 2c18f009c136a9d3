export { leaseRoutes } from './routes.ts';
export { sendDueReminders } from './reminderMail.ts';
export { reminderRestoreHooks } from './restoreHooks.ts';
