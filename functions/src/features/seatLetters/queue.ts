import type { QueueName } from '../../platform/queue/names.ts';

/** The Storage queue of the seat letters (one of `queueNames`, which infra/ and the local stack create): one message per person. */
export const SEAT_LETTER_QUEUE: QueueName = 'seat-letters';
