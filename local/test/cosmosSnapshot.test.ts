import { CosmosClient } from '@azure/cosmos';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startCosmos } from '../src/cosmos.ts';
import { freePort } from '../src/testing/freePort.ts';

const dir = mkdtempSync(join(tmpdir(), 'cosmos-snapshot-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const clientFor = (endpoint: string, key: string) => new CosmosClient({ endpoint, key, connectionPolicy: { enableEndpointDiscovery: false } });

describe('Cosmos emulator snapshot', () => {
  it('keeps what was saved across a restart', async () => {
    const first = await startCosmos({ port: await freePort(), dataDir: dir });
    const db = (await clientFor(first.endpoint, first.key).databases.createIfNotExists({ id: 'movers' })).database;
    const { container } = await db.containers.createIfNotExists({ id: 'clients', partitionKey: { paths: ['/id'] } });
    await container.items.create({ id: 'kept', name: 'Saved before restart' });
    await first.stop();

    const second = await startCosmos({ port: await freePort(), dataDir: dir });
    const { resource } = await clientFor(second.endpoint, second.key).database('movers').container('clients').item('kept', 'kept').read();
    expect(resource?.name).toBe('Saved before restart');
    await second.stop();
  });
});
