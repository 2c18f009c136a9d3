import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Container, CosmosClient, type OperationInput } from '@azure/cosmos';
import { afterAll, describe, expect, it } from 'vitest';
import { EMULATOR_KEY, startCosmos } from '../src/cosmos.ts';
import { DurableStore } from '../src/cosmosJournal.ts';
import { repoRoot } from '../src/dataDir.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cosmos-journal-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const clientFor = (endpoint: string) => new CosmosClient({ endpoint, key: EMULATOR_KEY, connectionPolicy: { enableEndpointDiscovery: false } });

/** The emulator in its own process, as `npm start` runs it, with a small journal so that it takes snapshots under load. */
async function startCosmosProcess(dataDir: string, snapshotAfterBytes: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'local/src/testing/cosmosProcess.ts', dataDir, String(snapshotAfterBytes)], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
  const endpoint = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const line = output.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve((JSON.parse(line) as { endpoint: string }).endpoint);
    });
    exited.then(() => reject(new Error(`the emulator ended before it started: ${output}`)));
  });
  return { child, exited, client: clientFor(endpoint) };
}

/** What a document must be after the restart: its last acknowledged value, or the one of a write still unanswered at the kill. */
interface Expectation {
  container: 'byId' | 'byClient';
  id: string;
  partition: string;
  acknowledged: number | 'absent';
  unanswered?: number | 'absent';
}

describe('local Cosmos journal', () => {
  it('keeps every acknowledged change of every kind when the emulator is killed (SIGKILL) under load, across snapshots', async () => {
    const dir = tempDir();
    const first = await startCosmosProcess(dir, 16 * 1024);
    const { database } = await first.client.databases.createIfNotExists({ id: 'durable' });
    const containers: Record<Expectation['container'], Container> = {
      byId: (await database.containers.createIfNotExists({ id: 'byId', partitionKey: { paths: ['/id'] } })).container,
      byClient: (await database.containers.createIfNotExists({ id: 'byClient', partitionKey: { paths: ['/clientId'] } })).container,
    };
    const { container: dropped } = await database.containers.createIfNotExists({ id: 'dropped', partitionKey: { paths: ['/id'] } });
    await dropped.items.create({ id: 'gone' });
    await dropped.delete();

    const expectations: Expectation[] = [];
    let acknowledgedCount = 0;
    let killed = false;
    const acknowledge = (e: Expectation, value: number | 'absent') => {
      e.acknowledged = value;
      e.unanswered = undefined;
      acknowledgedCount += 1;
      if (acknowledgedCount >= 400 && !killed) {
        killed = true;
        first.child.kill('SIGKILL');
      }
    };
    /** Runs one write; false once the emulator is gone. */
    const write = async (e: Expectation, value: number | 'absent', run: () => Promise<unknown>) => {
      e.unanswered = value;
      try {
        await run();
      } catch (error) {
        if (killed) return false;
        throw error;
      }
      acknowledge(e, value);
      return true;
    };

    // Each writer takes documents one at a time through create, replace, patch, upsert and (every other one) delete.
    const writer = async (n: number) => {
      const name: Expectation['container'] = n % 2 ? 'byClient' : 'byId';
      const c = containers[name];
      for (let i = 0; !killed; i++) {
        const id = `w${n}-${i}`;
        const partition = name === 'byClient' ? `client-${n % 3}` : id;
        const doc = (v: number) => ({ id, clientId: partition, v, text: 'x'.repeat(100) });
        const e: Expectation = { container: name, id, partition, acknowledged: 'absent' };
        expectations.push(e);
        const steps: [number | 'absent', () => Promise<unknown>][] = [
          [1, () => c.items.create(doc(1))],
          [2, () => c.item(id, partition).replace(doc(2))],
          [3, () => c.item(id, partition).patch([{ op: 'set', path: '/v', value: 3 }])],
          [4, () => c.items.upsert(doc(4))],
          ...(i % 2 === 0 ? [['absent', () => c.item(id, partition).delete()] as [number | 'absent', () => Promise<unknown>]] : []),
        ];
        for (const [value, run] of steps) if (!(await write(e, value, run))) return;
      }
    };
    // One writer sends bulk requests: two creates, an upsert and a delete of the round before's documents.
    const bulkWriter = async () => {
      const c = containers.byClient;
      let previous: Expectation[] = [];
      for (let round = 0; !killed; round++) {
        const made = ['a', 'b'].map((s): Expectation => ({ container: 'byClient', id: `bulk${round}${s}`, partition: 'client-bulk', acknowledged: 'absent' }));
        const operations: [Expectation, number | 'absent', OperationInput][] = [
          ...made.map((e): [Expectation, number, OperationInput] => [
            e,
            1,
            { operationType: 'Create', resourceBody: { id: e.id, clientId: e.partition, v: 1 } },
          ]),
          ...(previous.length
            ? [
                [previous[0], 2, { operationType: 'Upsert', resourceBody: { id: previous[0].id, clientId: 'client-bulk', v: 2 } }] as [
                  Expectation,
                  number,
                  OperationInput,
                ],
                [previous[1], 'absent', { operationType: 'Delete', id: previous[1].id, partitionKey: 'client-bulk' }] as [
                  Expectation,
                  'absent',
                  OperationInput,
                ],
              ]
            : []),
        ];
        expectations.push(...made);
        for (const [e, value] of operations) e.unanswered = value;
        let results: { statusCode: number }[];
        try {
          results = await c.items.bulk(operations.map(([, , op]) => op));
        } catch (error) {
          if (killed) return;
          throw error;
        }
        if (results.some((r) => r.statusCode >= 300)) {
          if (killed) return;
          throw new Error(`bulk answered ${results.map((r) => r.statusCode)}`);
        }
        for (const [e, value] of operations) acknowledge(e, value);
        previous = made;
      }
    };
    await Promise.all([...[0, 1, 2, 3, 4, 5].map(writer), bulkWriter()]);
    expect(await first.exited).toBe('SIGKILL');
    const journalsAtKill = readdirSync(dir).filter((f) => f.startsWith('cosmos-journal-'));

    const second = await startCosmos({ port: 0, dataDir: dir });
    try {
      const db = clientFor(second.endpoint).database('durable');
      const lost: string[] = [];
      for (const e of expectations) {
        const { resource } = await db.container(e.container).item(e.id, e.partition).read<{ v: number }>();
        const found = resource ? resource.v : 'absent';
        if (found !== e.acknowledged && found !== e.unanswered) lost.push(`${e.container}/${e.id}: ${found}, acknowledged ${e.acknowledged}`);
      }
      expect(lost, `${lost.length} of ${expectations.length} documents not as acknowledged`).toEqual([]);
      const { resources } = await db.containers.readAll().fetchAll();
      expect(Object.fromEntries(resources.map((c) => [c.id, c.partitionKey?.paths]))).toEqual({ byId: ['/id'], byClient: ['/clientId'] });
      // The load went on across snapshots (each starts a new journal generation). A kill inside a
      // snapshot may leave two journals behind, which is as good (see the test below).
      expect(Math.max(...journalsAtKill.map((f) => Number(f.match(/\d+/)?.[0])))).toBeGreaterThan(2);
    } finally {
      await second.stop();
    }
  }, 60_000);

  it('ignores an unfinished last journal line (a write never answered) and refuses a damaged one', () => {
    const dir = tempDir();
    const lines = [
      { op: 'createDatabase', db: 'd' },
      { op: 'putContainer', db: 'd', coll: 'c', partitionKey: '/clientId' },
      { op: 'put', db: 'd', coll: 'c', doc: { id: 'kept', clientId: 'a' } },
      { op: 'put', db: 'd', coll: 'c', doc: { id: 'deleted', clientId: 'a' } },
      { op: 'delete', db: 'd', coll: 'c', id: 'deleted', partition: 'a' },
    ].map((entry) => JSON.stringify(entry));
    writeFileSync(join(dir, 'cosmos-journal-1.ndjson'), `${lines.join('\n')}\n{"op":"put","db":"d","coll":"c","doc":{"id":"unfini`);
    const store = new DurableStore(dir);
    expect([...store.state.get('d')!.get('c')!.items.values()]).toEqual([{ id: 'kept', clientId: 'a' }]);

    writeFileSync(join(dir, 'cosmos-journal-1.ndjson'), `${lines[0]}\n{"op":\n${lines[1]}\n`);
    expect(() => new DurableStore(dir)).toThrow(/line 2 is not a journal entry/);
  });

  it('recovers from a kill at either point inside a snapshot', () => {
    const entry = (value: object) => `${JSON.stringify(value)}\n`;
    const snapshot = (journal: number, items: object[]) => JSON.stringify({ format: 2, journal, databases: { d: { c: { partitionKey: '/id', items } } } });
    const docs = (store: DurableStore) => [...store.state.get('d')!.get('c')!.items.values()];

    // Killed after the next journal was opened, before the new snapshot replaced the old one.
    const before = tempDir();
    writeFileSync(join(before, 'cosmos.json'), snapshot(1, [{ id: 'a', v: 1 }]));
    writeFileSync(join(before, 'cosmos-journal-1.ndjson'), entry({ op: 'put', db: 'd', coll: 'c', doc: { id: 'b', v: 1 } }));
    writeFileSync(join(before, 'cosmos-journal-2.ndjson'), '');
    expect(docs(new DurableStore(before))).toEqual([
      { id: 'a', v: 1 },
      { id: 'b', v: 1 },
    ]);

    // Killed after the new snapshot was renamed into place, before the journal it contains was removed.
    const after = tempDir();
    writeFileSync(join(after, 'cosmos.json'), snapshot(2, [{ id: 'a', v: 2 }]));
    writeFileSync(
      join(after, 'cosmos-journal-1.ndjson'),
      entry({ op: 'put', db: 'd', coll: 'c', doc: { id: 'a', v: 1 } }) + entry({ op: 'delete', db: 'd', coll: 'c', id: 'a', partition: 'a' }),
    );
    writeFileSync(join(after, 'cosmos-journal-2.ndjson'), entry({ op: 'put', db: 'd', coll: 'c', doc: { id: 'b', v: 2 } }));
    const store = new DurableStore(after);
    expect(docs(store)).toEqual([
      { id: 'a', v: 2 },
      { id: 'b', v: 2 },
    ]);
    // The next snapshot removes the journals it contains.
    store.snapshot();
    store.close();
    expect(readdirSync(after).sort()).toEqual(['cosmos-journal-3.ndjson', 'cosmos.json']);
    expect(docs(new DurableStore(after))).toEqual([
      { id: 'a', v: 2 },
      { id: 'b', v: 2 },
    ]);
  });

  it('reads a data dir written before the journal existed (snapshot only)', async () => {
    const dir = tempDir();
    writeFileSync(
      join(dir, 'cosmos.json'),
      JSON.stringify({ movers: { clients: { partitionKey: '/id', items: [{ id: 'old', name: 'From the old format', _etag: 'x' }] } } }),
    );
    const cosmos = await startCosmos({ port: 0, dataDir: dir });
    try {
      const { resource } = await clientFor(cosmos.endpoint).database('movers').container('clients').item('old', 'old').read();
      expect(resource?.name).toBe('From the old format');
    } finally {
      await cosmos.stop();
    }
  });
});
