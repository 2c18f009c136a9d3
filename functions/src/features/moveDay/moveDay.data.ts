import type { MoveDaySeat, ReportCategory, ReportStatus } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { blobContainer } from '../../platform/blob/client.ts';
import { readFile, storeFile } from '../../platform/blob/files.ts';
import { container, deleteIfMatch, queryAll, readDoc, replaceIfMatch, statusOf } from '../../platform/cosmos/client.ts';
import { blobContainers } from '../../platform/cosmos/containers.ts';

/**
 * Move day's documents, all in the container 'moveDay' under the move's partition (`/moveId`): an
 * arrival is one create in one partition (its id `arrival_{personId}` makes it one per person: a second
 * create is a 409 the handler answers with the first), a report one create, a board read one
 * single-partition query. Photos in the blob container `move-day-photos` at `{reportId}`.
 */
export interface ArrivalDoc {
  id: string;
  moveId: string;
  type: 'arrival';
  personId: string;
  arrivedAt: string;
  seat: MoveDaySeat | null;
}

export interface ReportDoc {
  id: string;
  moveId: string;
  type: 'report';
  personId: string;
  personName: string;
  seat: MoveDaySeat | null;
  category: ReportCategory;
  text: string;
  status: ReportStatus;
  assigneeId: string | null;
  answer: string;
  answeredAt: string | null;
  /** The stored photo's version (the blob's ETag) and type; null without one. */
  photo: { version: string; type: string } | null;
  createdAt: string;
  updatedAt: string;
  updatedBy: string;
}

export type Stored<T> = T & { etag?: string };

const moveDay = () => container('moveDay');
const photos = () => blobContainer(blobContainers.moveDayPhotos);

export const arrivalId = (personId: string) => `arrival_${personId}`;

let writes = 0;
/** How many writes of arrivals and reports this process has finished: a read of move day under way before one is not shared after it (dayReads.ts). */
export const moveDayWrites = () => writes;
/** `work`, counted as a write once it is done (or failed). */
async function written<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } finally {
    writes += 1;
  }
}

/** Records the arrival, once: a second call (another tap, another phone, a retry) answers the first. */
export async function recordArrival(doc: ArrivalDoc): Promise<{ arrival: Stored<ArrivalDoc>; created: boolean }> {
  try {
    const { resource } = await written(moveDay().items.create(doc));
    return { arrival: { ...doc, etag: resource?._etag }, created: true };
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
    const first = await readArrival(doc.moveId, doc.personId);
    if (first) return { arrival: first, created: false };
    // Taken back between the create and the read: record it again.
    return recordArrival(doc);
  }
}

export const readArrival = (moveId: string, personId: string) => readDoc<ArrivalDoc>(moveDay(), arrivalId(personId), moveId);
export const removeArrival = (arrival: Stored<ArrivalDoc>, etag: string) => written(deleteIfMatch(moveDay(), arrival.id, arrival.moveId, etag, 'arrival'));

export const listArrivals = (moveId: string) =>
  queryAll<ArrivalDoc>(moveDay(), "SELECT * FROM c WHERE c.moveId = @m AND c.type = 'arrival'", [{ name: '@m', value: moveId }]);

/** 'My crates are packed' (issue 48): one per person, like an arrival; the wave's 'today' view reads them. */
export interface PackedDoc {
  id: string;
  moveId: string;
  type: 'packed';
  personId: string;
  packedAt: string;
}
export const packedId = (personId: string) => `packed_${personId}`;

/** Records that the person has packed, once: a second call answers the first. */
export async function recordPacked(doc: PackedDoc): Promise<Stored<PackedDoc>> {
  try {
    const { resource } = await moveDay().items.create(doc);
    return { ...doc, etag: resource?._etag };
  } catch (error) {
    if (statusOf(error) !== 409) throw error;
    return (await readPacked(doc.moveId, doc.personId)) ?? recordPacked(doc);
  }
}
export const readPacked = (moveId: string, personId: string) => readDoc<PackedDoc>(moveDay(), packedId(personId), moveId);
export const removePacked = (packed: Stored<PackedDoc>, etag: string) => deleteIfMatch(moveDay(), packed.id, packed.moveId, etag, 'packed');
/** When each person of the move said they had packed, by person id. */
export async function packedTimes(moveId: string): Promise<Map<string, string>> {
  const docs = await queryAll<PackedDoc>(moveDay(), "SELECT * FROM c WHERE c.moveId = @m AND c.type = 'packed'", [{ name: '@m', value: moveId }]);
  return new Map(docs.map((d) => [d.personId, d.packedAt]));
}

export const newReportId = (moveId: string) => `${moveId}_${randomUUID()}`;

export async function createReport(doc: ReportDoc): Promise<Stored<ReportDoc>> {
  const { resource } = await written(moveDay().items.create(doc));
  return { ...doc, etag: resource?._etag };
}

export const readReport = (moveId: string, reportId: string) =>
  readDoc<ReportDoc>(moveDay(), reportId, moveId).then((doc) => (doc?.type === 'report' ? doc : undefined));

export function saveReport(doc: Stored<ReportDoc>, etag: string): Promise<Stored<ReportDoc>> {
  const { etag: _old, ...stored } = doc;
  return written(replaceIfMatch(moveDay(), stored, doc.moveId, etag, 'report'));
}

export const listReports = (moveId: string) =>
  queryAll<ReportDoc>(moveDay(), "SELECT * FROM c WHERE c.moveId = @m AND c.type = 'report'", [{ name: '@m', value: moveId }]);

export const listPersonReports = (moveId: string, personId: string) =>
  queryAll<ReportDoc>(moveDay(), "SELECT * FROM c WHERE c.moveId = @m AND c.type = 'report' AND c.personId = @p", [
    { name: '@m', value: moveId },
    { name: '@p', value: personId },
  ]);

export const storePhoto = async (reportId: string, bytes: Uint8Array, type: string) => storeFile(await photos(), reportId, bytes, type);
export const readPhoto = async (reportId: string) => readFile(await photos(), reportId);

/** `{moveId}_{uuid}` (the move id is `{clientId}_{locationId}`) → the move; null for another shape. */
export function moveIdOfReport(id: string): string | null {
  const parts = id.split('_');
  return parts.length === 3 && parts.every(Boolean) ? `${parts[0]}_${parts[1]}` : null;
}

/** When each person of the move arrived (personId → ISO time): the waves' 'today' view reads it (passed in by the route table). */
export const arrivalTimes = async (moveId: string) => new Map((await listArrivals(moveId)).map((a) => [a.personId, a.arrivedAt]));
