import { claimTitle, type FloorDoc, markerKey, type MarkerDoc, type PersonDoc } from '@movers/functions/src/features/planner/planner.data.ts';
import { titleKey } from '@movers/contracts';
import { blobContainer } from '@movers/functions/src/platform/blob/client.ts';
import { quotedEtag, storeFile } from '@movers/functions/src/platform/blob/files.ts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import { blobContainers } from '@movers/functions/src/platform/cosmos/containers.ts';
import { FLOOR_PLAN_SIZE, floorPlanSvg } from './floorPlanSvg.ts';

/** The demo move's planner, by fixed ids (API tests read them): two floors, spaces, tables and a dozen people. */
export const PLANNER_MOVE = 'c0000000-0000-4000-8000-00000000000a_l0000000-0000-4000-8000-000000000101';
const item = (prefix: string, n: number) => `${PLANNER_MOVE}_${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;
export const SEEDED_FLOORS = { second: item('f0000000', 1), third: item('f0000000', 2), storage: item('f0000000', 3) };
export const seededMarker = (n: number) => item('5a000000', n);
export const seededPerson = (n: number) => item('9e000000', n);

async function createIfMissing<T extends { id: string }>(doc: T) {
  try {
    await container('planner').items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

export async function seedPlanner(audit: Record<string, string>) {
  const moveId = PLANNER_MOVE;
  const a = audit as Pick<FloorDoc, 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'>;
  const floors: [string, string, FloorDoc['labelColor'], string][] = [
    [SEEDED_FLOORS.second, '2', 'blue', '#005a9e'],
    [SEEDED_FLOORS.third, '3', 'green', '#107c10'],
    [SEEDED_FLOORS.storage, 'Storage', 'grey', '#787878'],
  ];
  const plans = await blobContainer(blobContainers.floorPlans);
  for (const [id, title, labelColor, colour] of floors) {
    // Once: a restart keeps the image and so the version the floor names.
    const blob = plans.getBlockBlobClient(id);
    const version = (await blob.exists())
      ? quotedEtag((await blob.getProperties()).etag)
      : await storeFile(plans, id, floorPlanSvg(title, colour), 'image/svg+xml');
    await createIfMissing<FloorDoc>({
      id,
      moveId,
      type: 'floor',
      title,
      labelColor,
      floorSize: 'small',
      published: true,
      fileName: `floor-${title}.svg`,
      image: { version, type: 'image/svg+xml', ...FLOOR_PLAN_SIZE },
      ...a,
    });
    await claimTitle(moveId, titleKey(title), id);
  }
  await createIfMissing({ id: '_default', moveId, type: 'default', layoutId: SEEDED_FLOORS.second });
  const space = (n: number, layoutId: string, title: string, x: number, y: number): MarkerDoc => ({
    id: seededMarker(n),
    moveId,
    type: 'marker',
    layoutId,
    markerType: 'room',
    title,
    positionX: x,
    positionY: y,
    openSpace: false,
    spaceId: null,
    ...a,
  });
  const table = (n: number, spaceN: number, layoutId: string, title: string, x: number, y: number): MarkerDoc => ({
    ...space(n, layoutId, title, x, y),
    markerType: 'table',
    spaceId: seededMarker(spaceN),
  });
  const markers = [
    space(1, SEEDED_FLOORS.second, '201', 20, 30),
    space(2, SEEDED_FLOORS.second, '202', 50, 30),
    space(3, SEEDED_FLOORS.second, '203', 80, 30),
    table(4, 1, SEEDED_FLOORS.second, 'A', 15, 40),
    table(5, 1, SEEDED_FLOORS.second, 'B', 25, 40),
    space(6, SEEDED_FLOORS.third, '301', 30, 50),
    space(7, SEEDED_FLOORS.third, '302', 70, 50),
    table(8, 6, SEEDED_FLOORS.third, 'A', 30, 60),
    // For tests that remove a space.
    space(99, SEEDED_FLOORS.storage, 'S1', 50, 50),
  ];
  for (const marker of markers) {
    await createIfMissing(marker);
    await claimTitle(moveId, markerKey(marker), marker.id);
  }
  const people: [string, number | null][] = [
    ['Ola Nordmann', 4],
    ['Kari Nordmann', 5],
    ['Åse Ødegård', 2],
    ['Bjørn Ærø', 2],
    ['Ingrid Hansen', 6],
    ['Lars Berg', 8],
    ['Siri Dahl', null],
    ['Per Strand', null],
    ['Nina Lie', null],
    ['Erik Moe', 7],
    ['Hanne Vik', null],
    ['Jonas Bakke', null],
  ];
  for (const [i, [name, marker]] of people.entries()) {
    await createIfMissing<PersonDoc>({
      id: seededPerson(i + 1),
      moveId,
      type: 'person',
      name,
      markerId: marker ? seededMarker(marker) : null,
      stickersCount: i === 0 ? 5 : null,
      // Some placed people have an address, so the demo can send seat letters (to the Graph stand-in's mailbox).
      email: [0, 1, 4, 5].includes(i) ? `${name.split(' ')[0]!.toLowerCase()}@client-a.test` : null,
      ...a,
    });
  }
  // For tests that delete a person.
  await createIfMissing<PersonDoc>({ id: seededPerson(99), moveId, type: 'person', name: 'Zz Delete Me', markerId: null, stickersCount: null, ...a });
}
