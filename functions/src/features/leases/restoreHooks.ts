import type { RestoreHooks } from '../../platform/history/restoreHooks.ts';

/**
 * A restore of a reminder does what an edit does: a due date it moves on a reminder not done makes the
 * reminder due again (its mail is sent anew), as `updateReminderDoc` does.
 */
export const reminderRestoreHooks: RestoreHooks = {
  async beforeRestore(current, next) {
    if (next.type !== 'reminder' || next.dueDate === current.dueDate || next.done) return;
    delete next.sentAt;
    delete next.sendClaim;
  },
};
