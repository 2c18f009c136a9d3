import type { InvocationContext } from '@azure/functions';
import { sendDueReminders } from './features/leases/index.ts';
import { cleanAbandonedUploads } from './features/moveDocuments/index.ts';
import { cleanImagePreviews } from './features/moves/index.ts';

/** A timer-triggered function, declared once: index.ts registers it with Azure, the local stack runs it on an interval. */
export interface TimerDefinition {
  name: string;
  /** NCRONTAB with seconds: `{second} {minute} {hour} {day} {month} {day-of-week}`. */
  schedule: string;
  handler: (context: InvocationContext) => Promise<void>;
}

export const timers: TimerDefinition[] = [
  {
    name: 'send-lease-reminders',
    schedule: '0 */5 * * * *',
    handler: async (context) => {
      await sendDueReminders(context);
    },
  },
  {
    // A move image's preview (uploaded while the settings form was open) is kept for a day at most.
    name: 'clean-move-image-previews',
    schedule: '0 17 * * * *',
    handler: async (context) => {
      const removed = await cleanImagePreviews();
      if (removed > 0) context.log(`move image previews removed: ${removed}`);
    },
  },
  {
    // A large document's upload never committed within a day: its blocks (or a blob the browser committed
    // itself) and its record go. Uncommitted blocks would expire in 7 days anyway; a committed blob would not.
    name: 'clean-document-uploads',
    schedule: '0 37 * * * *',
    handler: async (context) => {
      const removed = await cleanAbandonedUploads();
      if (removed > 0) context.log(`abandoned document uploads removed: ${removed}`);
    },
  },
];
