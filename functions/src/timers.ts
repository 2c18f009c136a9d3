import type { InvocationContext } from '@azure/functions';
import { sendDueReminders } from './features/leases/index.ts';

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
];
