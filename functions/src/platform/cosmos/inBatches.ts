/** Runs `work` on every item, `size` at a time: many writes to the store without opening hundreds of requests at once. */
export async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}
