import type { HistoryKind } from '@movers/contracts';
import type { ContainerKey } from '../cosmos/containers.ts';
import { container, queryAll } from '../cosmos/client.ts';

/** Where a record of a kind lives, found from its id alone (ids carry their partition: decision 0013). */
export interface RecordPlace {
  clientId: string;
  partitionKey: string;
  moveId: string | null;
}

export interface HistoryKindDefinition {
  container: ContainerKey;
  /** Who may read the record (and so its history): besides this, an External user reaches only their client's. */
  readAccess: 'signedIn' | 'internal';
  /** Who may change it (and so restore it). */
  writeAccess: (place: RecordPlace) => 'signedIn' | 'internal';
  /** The record's place; null when the id is not one of this kind. */
  locate(recordId: string): Promise<RecordPlace | null>;
  /** What the record is called, as its own feature names its entries (a person's name, a question). */
  title(doc: Record<string, unknown>): string | null;
}

type Stored = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : null);
const named = (doc: Stored) => text(doc.name);
const titled = (doc: Stored) => text(doc.title);
/** A page: its title in its own default language, else its first. */
const pageTitle = (doc: Stored) => {
  const translations = Array.isArray(doc.translations) ? (doc.translations as { locale?: string; title?: string }[]) : [];
  return text((translations.find((t) => t.locale === doc.defaultLanguage) ?? translations[0])?.title);
};

const uuid = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;
const word = /^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/;
const parts = (id: string, count: number) => {
  const split = id.split('_');
  return split.length === count && split.every((p) => word.test(p)) ? split : null;
};

/** `{clientId}_{uuid}` and deeper: the client's partition. */
const ofClient =
  (count: number) =>
  async (id: string): Promise<RecordPlace | null> => {
    const p = parts(id, count);
    return p && uuid.test(p[count - 1]) ? { clientId: p[0], partitionKey: p[0], moveId: null } : null;
  };

/** `{moveId}_{uuid}` with moveId `{clientId}_{locationId}`: the move's partition. */
const ofMove = async (id: string): Promise<RecordPlace | null> => {
  const p = parts(id, 3);
  return p && uuid.test(p[2]) ? { clientId: p[0], partitionKey: `${p[0]}_${p[1]}`, moveId: `${p[0]}_${p[1]}` } : null;
};

const moveItem = (c: ContainerKey, title: (doc: Stored) => string | null): HistoryKindDefinition => ({
  container: c,
  readAccess: 'signedIn',
  writeAccess: () => 'signedIn',
  locate: ofMove,
  title,
});

/**
 * Every kind of record with a history. A location's id is a bare UUID: its client is looked up, in its
 * own records or, for one whose entries outlived it, in its history.
 */
export const historyKindDefinitions: Record<HistoryKind, HistoryKindDefinition> = {
  client: {
    container: 'clients',
    readAccess: 'signedIn',
    writeAccess: () => 'internal',
    locate: async (id) => (word.test(id) ? { clientId: id, partitionKey: id, moveId: null } : null),
    title: named,
  },
  location: {
    container: 'locations',
    readAccess: 'signedIn',
    writeAccess: () => 'internal',
    // A location's id is a word (a UUID, or a seeded id of the same alphabet), as its routes take it.
    locate: async (id) => {
      if (!word.test(id)) return null;
      const [row] = await queryAll<{ clientId: string }>(container('locations'), 'SELECT TOP 1 c.clientId FROM c WHERE c.id = @id OR c.recordId = @id', [
        { name: '@id', value: id },
      ]);
      return row ? { clientId: row.clientId, partitionKey: row.clientId, moveId: null } : null;
    },
    title: named,
  },
  lease: { container: 'leases', readAccess: 'internal', writeAccess: () => 'internal', locate: ofClient(2), title: titled },
  reminder: { container: 'leases', readAccess: 'internal', writeAccess: () => 'internal', locate: ofClient(3), title: titled },
  brokering: { container: 'brokerings', readAccess: 'signedIn', writeAccess: () => 'internal', locate: ofClient(2), title: named },
  move: {
    container: 'moves',
    readAccess: 'signedIn',
    writeAccess: () => 'internal',
    // The move's id, or its colours' (`{moveId}_colors`, their own document and ETag): one record in history.
    locate: async (id) => {
      const p = parts(id, 2) ?? parts(id, 3);
      if (!p || (p.length === 3 && p[2] !== 'colors')) return null;
      return { clientId: p[0], partitionKey: p[0], moveId: `${p[0]}_${p[1]}` };
    },
    // The move's settings are one record of the move's own: its entries need no name.
    title: () => null,
  },
  page: moveItem('movePages', pageTitle),
  faq: moveItem('faqQuestions', (doc) => text(doc.question)),
  contact: moveItem('moveContacts', named),
  detail: moveItem('moveDetails', titled),
  'timeline-section': {
    container: 'timelineSections',
    readAccess: 'signedIn',
    // A brokering project's timeline is staff's; a move's, its planners' too.
    writeAccess: (place) => (place.moveId ? 'signedIn' : 'internal'),
    locate: async (id) => {
      const [ownerKind, entityId, last, ...rest] = id.split('~');
      if (rest.length || !last || !word.test(last) || (ownerKind !== 'move' && ownerKind !== 'brokering')) return null;
      const p = parts(entityId ?? '', 2);
      if (!p) return null;
      return { clientId: p[0], partitionKey: `${ownerKind}:${entityId}`, moveId: ownerKind === 'move' ? entityId : null };
    },
    title: titled,
  },
  floor: moveItem('planner', titled),
  marker: moveItem('planner', titled),
  person: moveItem('planner', named),
  wave: moveItem('planner', named),
};
