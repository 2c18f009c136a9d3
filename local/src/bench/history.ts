import { randomUUID } from 'node:crypto';
import { container, queryAll, readDoc } from '@movers/functions/src/platform/cosmos/client.ts';
import { inBatches } from '@movers/functions/src/platform/cosmos/inBatches.ts';
import { recordedWrite } from '@movers/functions/src/platform/history/recordedWrite.ts';

/**
 * History's cost (issue 37), against the stack's Cosmos (the local emulator: its figures say how the code
 * behaves, not what Azure charges): the same write of a person with its history entry (one transactional
 * batch) beside the plain replace, in alternating rounds; the first page of a record's history when it
 * has 1,000 entries, through the API; the planner's undo and redo of a rename, through the API; and the bytes history adds for a move of 2,000 people moved twice.
 */
export interface HistoryFigures {
  plainMs: number;
  recordedMs: number;
  firstPageMs: number;
  /** The planner's undo and redo (issue 50): a restore through the API, median of 15 each. */
  undoMs: number;
  redoMs: number;
  people: number;
  recordBytes: number;
  historyBytes: number;
  entries: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

interface PersonDoc {
  id: string;
  moveId: string;
  type: 'person';
  name: string;
  markerId: string | null;
  stickersCount: number | null;
  email: string | null;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

export async function measureHistory(options: { apiOrigin: string; token: string; clientId: string; people: number; writes: number }): Promise<HistoryFigures> {
  const planner = container('planner');
  // A move of its own: only its partition is read and counted.
  const moveId = `${options.clientId}_bench-history-${Date.now().toString(36)}`;
  const target = (doc: PersonDoc) => ({
    container: 'planner' as const,
    partitionKey: moveId,
    kind: 'person' as const,
    moveId,
    title: doc.name,
    what: 'person',
  });
  const now = new Date().toISOString();
  const person = (n: number): PersonDoc => ({
    id: `${moveId}_${randomUUID()}`,
    moveId,
    type: 'person',
    name: `History Person ${n}`,
    markerId: null,
    stickersCount: null,
    email: null,
    createdAt: now,
    createdBy: 'bench',
    updatedAt: now,
    updatedBy: 'bench',
  });
  const seat = (n: number) => `${moveId}_${String(n).padStart(8, '0')}-0000-4000-8000-000000000000`;

  // 1. One write with and without its entry, alternating so both see the same machine.
  const plainDoc = person(-1);
  const recordedDoc = person(-2);
  await planner.items.create(plainDoc);
  await recordedWrite(target(recordedDoc), { after: recordedDoc });
  const plain: number[] = [];
  const recorded: number[] = [];
  for (let i = 0; i < options.writes; i++) {
    let started = performance.now();
    await planner.item(plainDoc.id, moveId).replace({ ...plainDoc, markerId: seat(i) });
    plain.push(performance.now() - started);
    const before = await readDoc<PersonDoc>(planner, recordedDoc.id, moveId);
    started = performance.now();
    await recordedWrite(target(recordedDoc), { before, after: { ...recordedDoc, markerId: seat(i) } as PersonDoc, ifMatch: before!.etag });
    recorded.push(performance.now() - started);
  }

  // 2. A record with 1,000 entries: its first page through the API, median of 15.
  let current = await readDoc<PersonDoc>(planner, recordedDoc.id, moveId);
  for (let i = options.writes; i < 1000; i++) {
    current = await recordedWrite(target(recordedDoc), { before: current, after: { ...recordedDoc, markerId: seat(i) } as PersonDoc, ifMatch: current!.etag });
  }
  const pages: number[] = [];
  for (let i = 0; i < 15; i++) {
    const started = performance.now();
    const answer = await fetch(`${options.apiOrigin}/api/v1/history/person/${recordedDoc.id}`, { headers: { Authorization: `Bearer ${options.token}` } });
    await answer.arrayBuffer();
    if (!answer.ok) throw new Error(`history: ${answer.status}`);
    pages.push(performance.now() - started);
  }
  await planner.item(plainDoc.id, moveId).delete();
  await recordedWrite(target(recordedDoc), { before: current });

  // 2b. The planner's undo (issue 50): a rename undone and redone through the API, each a restore on the
  // current ETag that asks the server to refuse when someone else changed the person since.
  const undoDoc = person(-3);
  await recordedWrite(target(undoDoc), { after: undoDoc });
  const created = await readDoc<PersonDoc>(planner, undoDoc.id, moveId);
  let renamed = await recordedWrite(target(undoDoc), { before: created, after: { ...undoDoc, name: 'History Person renamed' }, ifMatch: created!.etag });
  const [rename] = await queryAll<{ id: string }>(
    planner,
    "SELECT c.id FROM c WHERE c.moveId = @m AND c.type = 'history' AND c.recordId = @r AND c.action = 'update'",
    [
      { name: '@m', value: moveId },
      { name: '@r', value: undoDoc.id },
    ],
  );
  let etag = renamed!.etag!;
  const undos: number[] = [];
  const redos: number[] = [];
  for (let i = 0; i < 15; i++) {
    for (const state of ['before', 'after'] as const) {
      const started = performance.now();
      const answer = await fetch(`${options.apiOrigin}/api/v1/history/person/${undoDoc.id}/restore`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.token}`, 'Content-Type': 'application/json', 'If-Match': etag },
        body: JSON.stringify({ entryId: rename!.id, state, unlessChangedByOthers: true }),
      });
      const body = (await answer.json()) as { etag: string };
      if (!answer.ok) throw new Error(`undo: ${answer.status} ${JSON.stringify(body)}`);
      (state === 'before' ? undos : redos).push(performance.now() - started);
      etag = body.etag;
    }
  }
  renamed = await readDoc<PersonDoc>(planner, undoDoc.id, moveId);
  await recordedWrite(target(undoDoc), { before: renamed });

  // 3. A move of 2,000 people, each moved twice: what its records and its history take.
  await inBatches(
    Array.from({ length: options.people }, (_, n) => person(n)),
    32,
    async (doc) => {
      let stored = await recordedWrite(target(doc), { after: doc });
      for (const move of [1, 2])
        stored = await recordedWrite(target(doc), { before: stored, after: { ...doc, markerId: seat(move) } as PersonDoc, ifMatch: stored!.etag });
    },
  );
  const docs = await queryAll<{ id: string; type: string }>(planner, 'SELECT * FROM c WHERE c.moveId = @m', [{ name: '@m', value: moveId }]);
  // The move's documents go again, so that the figures measured after these see the emulator as before.
  await inBatches(docs, 32, async (doc) => {
    await planner.item(doc.id, moveId).delete();
  });
  const bytes = (type: (t: string) => boolean) => docs.filter((d) => type(d.type)).reduce((sum, d) => sum + Buffer.byteLength(JSON.stringify(d)), 0);
  return {
    plainMs: median(plain),
    recordedMs: median(recorded),
    firstPageMs: median(pages),
    undoMs: median(undos),
    redoMs: median(redos),
    people: options.people,
    recordBytes: bytes((t) => t === 'person'),
    historyBytes: bytes((t) => t === 'history'),
    entries: docs.filter((d) => d.type === 'history').length,
  };
}
