import type { Container } from '@azure/cosmos';
import type { BrokeringDoc } from '@movers/functions/src/features/brokerings/index.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { CLIENT_A_ID, CLIENT_B_ID } from './directory.ts';

/** Seeded brokering projects: ids are `{clientId}_{uuid}` (see brokerings.data.ts). */
export const seededBrokerings = {
  /** Folder Brokering/P-1001 with nested folders and documents. */
  withDocuments: `${CLIENT_A_ID}_b0000000-0000-4000-8000-000000000001`,
  /** Folder Brokering/P-1404 does not exist in the library (→ 404). */
  withoutFolder: `${CLIENT_A_ID}_b0000000-0000-4000-8000-000000000002`,
  /** Folder Brokering/P-1002: ext-a@client-a.test is refused by the store (→ 403). */
  restricted: `${CLIENT_A_ID}_b0000000-0000-4000-8000-000000000003`,
  /** Client B's project. */
  clientB: `${CLIENT_B_ID}_b0000000-0000-4000-8000-000000000004`,
};

const SUPER = 'u0000000-0000-4000-8000-000000000001';
const STAFF = 'u0000000-0000-4000-8000-000000000002';
const EXT_A = 'u0000000-0000-4000-8000-000000000003';
const EXT_B = 'u0000000-0000-4000-8000-000000000004';
const INGRID = 'u0000000-0000-4000-8000-000000000006';
const LARS = 'u0000000-0000-4000-8000-000000000007';

async function createIfMissing(c: Container, doc: { id: string } & Record<string, unknown>): Promise<void> {
  try {
    await c.items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/** Create-if-missing: edits made in the running stack survive restarts. */
export async function seedBrokerings(): Promise<void> {
  const now = new Date().toISOString();
  const audit = { createdAt: now, createdBy: 'seed', updatedAt: now, updatedBy: 'seed' };
  const projects: Omit<BrokeringDoc, 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'>[] = [
    {
      id: seededBrokerings.withDocuments,
      clientId: CLIENT_A_ID,
      name: 'Aurora HQ relocation',
      clientContact: { id: EXT_A },
      projectManager: { id: STAFF },
      teamMembers: [{ id: STAFF }, { id: INGRID }],
      externalTeamMembers: [{ id: EXT_A }],
      documentPrefix: 'Brokering',
      documentProjectId: 'P-1001',
    },
    {
      id: seededBrokerings.withoutFolder,
      clientId: CLIENT_A_ID,
      name: 'Aurora Bergen lease search',
      clientContact: null,
      projectManager: { id: INGRID },
      teamMembers: [{ id: INGRID }],
      externalTeamMembers: [],
      documentPrefix: 'Brokering',
      documentProjectId: 'P-1404',
    },
    {
      id: seededBrokerings.restricted,
      clientId: CLIENT_A_ID,
      name: 'Aurora board premises',
      clientContact: { id: EXT_A },
      projectManager: { id: SUPER },
      teamMembers: [{ id: SUPER }, { id: LARS }],
      externalTeamMembers: [],
      documentPrefix: 'Brokering',
      documentProjectId: 'P-1002',
    },
    {
      id: seededBrokerings.clientB,
      clientId: CLIENT_B_ID,
      name: 'Boreal Stockholm consolidation',
      clientContact: { id: EXT_B },
      projectManager: { id: STAFF },
      teamMembers: [{ id: STAFF }],
      externalTeamMembers: [{ id: EXT_B }],
      documentPrefix: 'Brokering',
      documentProjectId: 'P-1003',
    },
  ];
  for (const project of projects) await createIfMissing(container('brokerings'), { ...project, ...audit });

  const owner = seededBrokerings.withDocuments;
  await createIfMissing(container('timelineSections'), {
    id: `brokering~${owner}~s0000000-0000-4000-8000-000000000001`,
    ownerId: `brokering:${owner}`,
    title: 'Search and shortlist',
    date: '2026-01-12T00:00:00.000Z',
    events: [
      {
        id: 'e0000000-0000-4000-8000-000000000001',
        title: 'Kick-off meeting',
        description: 'Requirements and budget with the client team',
        startDate: '2026-01-15T00:00:00.000Z',
        endDate: null,
      },
      {
        id: 'e0000000-0000-4000-8000-000000000002',
        title: 'Viewings',
        description: null,
        startDate: '2026-02-03T00:00:00.000Z',
        endDate: '2026-02-07T00:00:00.000Z',
      },
    ],
    ...audit,
  });
}
