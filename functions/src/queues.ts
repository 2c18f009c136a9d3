import type { InvocationContext } from '@azure/functions';
import { SEAT_LETTER_QUEUE, sendSeatLetter } from './features/seatLetters/index.ts';

/**
 * A queue-triggered function, declared once: index.ts registers it with Azure (connection `QueueStorage`,
 * platform/queue/names.ts), the local stack's queue runner polls its queue with the host's semantics.
 *
 * The handler gets the message body as the host hands it over (base64 decoded, JSON parsed) and the
 * invocation context, whose `triggerMetadata.dequeueCount` (a number, 1 on the first try) and
 * `triggerMetadata.id` say which try of which message this is. Resolving deletes the message; throwing
 * leaves it for another try, and after the fifth failed try the host moves it to `<queueName>-poison`.
 * So a handler must be idempotent: a message can be handled again after a crash or a lost delete.
 */
export interface QueueDefinition {
  name: string;
  /** One of `queueNames` (platform/queue/names.ts), which infra/ and the local stack create. */
  queueName: string;
  handler(message: unknown, context: InvocationContext): Promise<void>;
}

export const queues: QueueDefinition[] = [
  // One message per person: their seat letter, mailed through Graph (features/seatLetters).
  { name: 'send-seat-letter', queueName: SEAT_LETTER_QUEUE, handler: sendSeatLetter },
];
