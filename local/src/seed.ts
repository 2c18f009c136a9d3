import type { Container } from '@azure/cosmos';
import type { LocationSummary } from '@movers/contracts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import type { ClientDoc } from '@movers/functions/src/features/clients/clients.data.ts';
import { CLIENT_A_ID, CLIENT_B_ID, seededAccounts } from './directory.ts';
import { seedLeases } from './seedLeases.ts';
import { seedBrokerings } from './seedBrokerings.ts';
import { seedMoves } from './seedMoves.ts';
import { seedDocuments } from './seedDocuments.ts';
import { seedMoveContent } from './seedMoveContent.ts';
import { seedFeedback } from './seedFeedback.ts';
import { seedPlanner } from './seedPlanner.ts';
import { seedMoveDay } from './seedMoveDay.ts';
import { seedWaves } from './seedWaves.ts';
import { seedTemplates } from './seedTemplates.ts';

type SeedLocation = [name: string, address: string, city: string, types: ('office' | 'storage' | 'production')[], moveEnabled: boolean];
type SeedClient = [id: string, name: string, orgNumber: string, countryId: string, active: boolean, locations: SeedLocation[]];

const n = (i: number) => `c0000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

/** Demo clients: enough to page, filter and sort; client A and B have the seeded External accounts. */
export const seedClients: SeedClient[] = [
  [
    CLIENT_A_ID,
    'Aurora Shipping AS',
    '918 273 645',
    'NO',
    true,
    [
      ['Aurora HQ Bjørvika', 'Dronning Eufemias gate 16', 'Oslo', ['office'], true],
      ['Aurora Bergen Terminal', 'Kokstadvegen 4', 'Bergen', ['storage', 'production'], false],
    ],
  ],
  [
    CLIENT_B_ID,
    'Boreal Insurance AB',
    '556677-8899',
    'SE',
    true,
    [
      ['Boreal Stockholm City', 'Kungsgatan 33', 'Stockholm', ['office'], true],
      ['Boreal Göteborg', 'Lilla Bommen 1', 'Gothenburg', ['office'], false],
    ],
  ],
  [
    n(1),
    'Fjord Energy ASA',
    '987 654 321',
    'NO',
    true,
    [
      ['Fjord Energy Stavanger', 'Forusbeen 50', 'Stavanger', ['office', 'production'], true],
      ['Fjord Energy Warehouse', 'Risavika havn 2', 'Sola', ['storage'], false],
    ],
  ],
  [n(2), 'Nordlys Bank ASA', '912 345 678', 'NO', true, [['Nordlys Tromsø', 'Storgata 60', 'Tromsø', ['office'], true]]],
  [
    n(3),
    'Hygge Design ApS',
    '31 24 56 78',
    'DK',
    true,
    [
      ['Hygge Studio Nørrebro', 'Jagtvej 69', 'Copenhagen', ['office'], true],
      ['Hygge Workshop', 'Industrivej 12', 'Aarhus', ['production', 'storage'], false],
    ],
  ],
  [n(4), 'Sisu Software Oy', '2345678-9', 'FI', true, [['Sisu Helsinki', 'Mannerheimintie 12', 'Helsinki', ['office'], false]]],
  [n(5), 'Geysir Seafood hf.', '450101-2340', 'IS', true, [['Geysir Reykjavík', 'Grandagarður 8', 'Reykjavík', ['production'], true]]],
  [
    n(6),
    'Rheinwerk Logistik GmbH',
    'HRB 123456',
    'DE',
    true,
    [
      ['Rheinwerk Köln', 'Deutz-Mülheimer Str. 30', 'Cologne', ['storage'], true],
      ['Rheinwerk Berlin Büro', 'Friedrichstraße 100', 'Berlin', ['office'], true],
      ['Rheinwerk Hamburg Lager', 'Am Sandtorkai 5', 'Hamburg', ['storage'], false],
    ],
  ],
  [n(7), 'Thames Analytics Ltd', '09876543', 'GB', true, [['Thames Canary Wharf', '1 Canada Square', 'London', ['office'], true]]],
  [n(8), 'Lumière Cosmétiques SA', '552 100 554', 'FR', true, [['Lumière Paris La Défense', '1 Parvis de la Défense', 'Paris', ['office'], false]]],
  [n(9), 'Polder Bikes BV', '34123456', 'NL', true, [['Polder Amsterdam Noord', 'NDSM-plein 28', 'Amsterdam', ['office', 'production'], true]]],
  [n(10), 'Wisła Foods Sp. z o.o.', '0000123456', 'PL', true, [['Wisła Kraków', 'ul. Lubicz 17', 'Kraków', ['production'], false]]],
  [n(11), 'Iberia Solar SL', 'B12345678', 'ES', false, [['Iberia Madrid', 'Paseo de la Castellana 81', 'Madrid', ['office'], false]]],
  [n(12), 'Alpine Precision AG', 'CHE-123.456.789', 'CH', true, [['Alpine Zürich Werk', 'Hardturmstrasse 161', 'Zurich', ['production'], false]]],
];

async function createIfMissing(c: Container, doc: { id: string } & Record<string, unknown>): Promise<void> {
  try {
    await c.items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/** Seeds the demo data once: documents that exist are left as they are, so edits survive restarts. */
export async function seed(): Promise<void> {
  const now = new Date().toISOString();
  const audit = { createdAt: now, createdBy: 'seed', updatedAt: now, updatedBy: 'seed' };
  // Countries are not seeded: the app writes its shipped ISO 3166-1 list on first read, as in a new deployment.

  for (const [index, [clientId, name, orgNumber, countryId, active, locations]] of seedClients.entries()) {
    const docs: LocationSummary[] = locations.map(([locName, address, city, types, moveEnabled], i) => {
      const id = `l0000000-0000-4000-8000-${String((index + 1) * 100 + i + 1).padStart(12, '0')}`;
      return {
        id,
        clientId,
        name: locName,
        address,
        city,
        country: { id: countryId },
        isOffice: types.includes('office'),
        isStorage: types.includes('storage'),
        isProduction: types.includes('production'),
        services: { move: { id: moveEnabled ? `${clientId}_${id}` : null, isEnabled: moveEnabled } },
      };
    });
    for (const location of docs) await createIfMissing(container('locations'), { ...location, ...audit });
    await seedMoves(
      docs.filter((l) => l.services.move.isEnabled),
      audit,
    );
    const client: ClientDoc = {
      id: clientId,
      name,
      orgNumber,
      active,
      countryId,
      countOfLocations: docs.length,
      countOfActiveLocations: docs.filter((l) => l.services.move.isEnabled).length,
      ...audit,
    };
    await createIfMissing(container('clients'), { ...client });
  }

  for (const account of seededAccounts) {
    await createIfMissing(container('userProfiles'), {
      id: account.id,
      clientId: account.clientId,
      externalUserState: account.externalUserState,
      displayName: account.displayName,
      mail: account.mail,
      ...audit,
    });
  }

  await seedLeases();
  await seedBrokerings();
  await seedTemplates(audit);
  // The demo move (Aurora HQ Bjørvika of client A) gets two documents.
  await seedDocuments(`${CLIENT_A_ID}_l0000000-0000-4000-8000-000000000101`, audit);
  // …and its FAQ, contacts and details.
  await seedMoveContent(`${CLIENT_A_ID}_l0000000-0000-4000-8000-000000000101`, audit);
  // …and a few items in its feedback inbox, one answered by the staff account.
  await seedFeedback(`${CLIENT_A_ID}_l0000000-0000-4000-8000-000000000101`, audit, { id: 'u0000000-0000-4000-8000-000000000002', displayName: 'Stian Staff' });
  // Its planner: floors 2, 3 and Storage, spaces and tables, a dozen people (some assigned).
  await seedPlanner(audit);
  await seedWaves(audit);
  // Move day: one report on the board (the personal link `npm start` prints is made there, each start).
  await seedMoveDay(audit);
}
