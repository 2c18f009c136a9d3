/**
 * The app's Storage queues, declared once: the Functions app enqueues to and is triggered by them, the
 * local stack creates them in Azurite, and infra/ creates them (with their poison queues) in Azure.
 */
export const queueNames = ['seat-letters'] as const;

export type QueueName = (typeof queueNames)[number];

/**
 * The Functions host's connection name for every queue trigger: it reads `QueueStorage` (a connection
 * string, local only) or `QueueStorage__queueServiceUri` (identity-based, in Azure). The app's own queue
 * client reads the same two settings, so the trigger and the sender cannot point at different accounts.
 */
export const QUEUE_CONNECTION = 'QueueStorage';

/** Where the Functions host moves a message that failed maxDequeueCount times: `<queue>-poison`. */
export const poisonQueueName = (queueName: string): string => `${queueName}-poison`;
