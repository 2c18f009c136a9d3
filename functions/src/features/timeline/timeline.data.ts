import { type Audit, cleanTranslations, type ItemTranslations, type TimelineEvent, type TimelineOwnerKind, type TimelineSectionInput } from '@movers/contracts';
import { randomUUID } from 'node:crypto';
import { container, queryAll, readDoc } from '../../platform/cosmos/client.ts';
import { type HistoryTarget, recordedWrite } from '../../platform/history/recordedWrite.ts';

/** A timeline section with its events, in 'timelineSections' (partition key /ownerId, e.g. `brokering:{id}`). */
export interface SectionDoc extends Audit {
  id: string;
  ownerId: string;
  title: string;
  date: string;
  events: TimelineEvent[];
  /** A move's timeline: the title in the move's other languages (absent on sections stored before). */
  translations?: ItemTranslations<'title'>;
}

export const ownerIdOf = (kind: TimelineOwnerKind, entityId: string) => `${kind}:${entityId}`;

/**
 * Partition lookup: a section id is `{kind}~{ownerEntityId}~{uuid}`, so `/v1/timeline_sections/{id}`
 * knows its owner (for the access check) and its partition key without a query.
 */
export function parseSectionId(sectionId: string): { kind: string; entityId: string; ownerId: string } | null {
  const parts = sectionId.split('~');
  if (parts.length !== 3 || parts.some((p) => p === '')) return null;
  return { kind: parts[0], entityId: parts[1], ownerId: `${parts[0]}:${parts[1]}` };
}

/**
 * New events get an id; ids a section already has are kept, any other id is replaced. An event sent
 * without translations keeps those of the event of its id (a client of the spec's shape loses none).
 */
function withEventIds(events: TimelineSectionInput['events'], known: Map<string, TimelineEvent>): TimelineEvent[] {
  return events.map((e) => {
    const id = e.id && known.has(e.id) ? e.id : randomUUID();
    const translations = e.translations !== undefined ? cleanTranslations(e.translations) : known.get(id)?.translations;
    // As translations: an event sent without waves keeps those of the event of its id (issue 48).
    const waves = e.waves !== undefined ? [...new Set(e.waves)] : known.get(id)?.waves;
    return {
      id,
      title: e.title,
      description: e.description ?? null,
      startDate: e.startDate,
      endDate: e.endDate ?? null,
      ...(translations && Object.keys(translations).length > 0 ? { translations } : {}),
      ...(waves && waves.length > 0 ? { waves } : {}),
    };
  });
}

/**
 * Every change of a section (its events are in it) is recorded in its owner's partition with the section,
 * in one batch (platform/history); a move's sections are in the move's recent changes, a brokering
 * project's have no move.
 */
function targetOf(doc: SectionDoc): HistoryTarget {
  const parsed = parseSectionId(doc.id);
  return {
    container: 'timelineSections',
    partitionKey: doc.ownerId,
    kind: 'timeline-section',
    moveId: parsed?.kind === 'move' ? parsed.entityId : null,
    title: doc.title,
    what: 'section',
  };
}

/** The owner's sections: the history entries that share the partition (type 'history') are left out. */
export async function listSections(ownerId: string) {
  return queryAll<SectionDoc>(container('timelineSections'), "SELECT * FROM c WHERE c.ownerId = @ownerId AND (NOT IS_DEFINED(c.type) OR c.type != 'history')", [
    { name: '@ownerId', value: ownerId },
  ]);
}

export async function getSection(sectionId: string) {
  const parsed = parseSectionId(sectionId);
  if (!parsed) return undefined;
  return readDoc<SectionDoc>(container('timelineSections'), sectionId, parsed.ownerId);
}

export async function createSection(kind: TimelineOwnerKind, entityId: string, input: TimelineSectionInput, by: string) {
  const now = new Date().toISOString();
  const doc: SectionDoc = {
    id: `${kind}~${entityId}~${randomUUID()}`,
    ownerId: ownerIdOf(kind, entityId),
    title: input.title,
    date: input.date,
    events: withEventIds(input.events ?? [], new Map()),
    ...(input.translations ? { translations: cleanTranslations(input.translations) } : {}),
    createdAt: now,
    createdBy: by,
    updatedAt: now,
    updatedBy: by,
  };
  return (await recordedWrite(targetOf(doc), { after: doc }))!;
}

export async function updateSection(current: SectionDoc & { etag?: string }, change: Partial<TimelineSectionInput>, by: string, etag: string) {
  const { etag: _read, ...stored } = current;
  const next: SectionDoc = {
    ...stored,
    ...(change.title !== undefined ? { title: change.title } : {}),
    ...(change.date !== undefined ? { date: change.date } : {}),
    ...(change.events !== undefined ? { events: withEventIds(change.events, new Map(current.events.map((e) => [e.id, e]))) } : {}),
    ...(change.translations !== undefined ? { translations: cleanTranslations(change.translations) } : {}),
    updatedAt: new Date().toISOString(),
    updatedBy: by,
  };
  return (await recordedWrite(targetOf(next), { before: current, after: next, ifMatch: etag }))!;
}

export async function deleteSection(current: SectionDoc, etag: string) {
  await recordedWrite(targetOf(current), { before: current, ifMatch: etag });
}
