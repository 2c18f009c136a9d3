import type { Container } from '@azure/cosmos';
import { moveColorKeys } from '@movers/contracts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import type { ColorsDoc, MoveDoc } from '@movers/functions/src/features/moves/moves.data.ts';
import { imageVersions, storeImage } from '@movers/functions/src/features/moves/images.data.ts';
import { hashPassword } from '@movers/functions/src/features/moves/password.ts';
import { CLIENT_A_ID } from './directory.ts';

/** The demo move's visitor-site password (README). */
export const DEMO_MOVE_PASSWORD = 'flytting-2026';
export const DEMO_MOVE_PATH = 'aurora-hq';

const slug = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

async function createIfMissing<T extends { id: string }>(c: Container, doc: T) {
  try {
    await c.items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/**
 * A move service for every location whose service is enabled; the one of Aurora HQ Bjørvika (client A)
 * is the complete demo move, with languages, colours, a notice and a team.
 */
export async function seedMoves(locations: { id: string; clientId: string; name: string }[], audit: Record<string, string>) {
  for (const location of locations) {
    const id = `${location.clientId}_${location.id}`;
    const demo = location.clientId === CLIENT_A_ID && location.name === 'Aurora HQ Bjørvika';
    const path = demo ? DEMO_MOVE_PATH : slug(location.name);
    const move: MoveDoc = {
      id,
      type: 'move',
      clientId: location.clientId,
      locationId: location.id,
      path,
      isEnabled: true,
      authorizationScheme: demo ? 'emailPassword' : 'password',
      whitelistedDomains: demo ? ['client-a.test'] : [],
      passwordHash: await hashPassword(DEMO_MOVE_PASSWORD),
      sessionVersion: 1,
      languages: demo ? ['no', 'en'] : ['en'],
      defaultLanguage: demo ? 'no' : 'en',
      teamMembers: demo ? [{ id: 'u0000000-0000-4000-8000-000000000002' }] : [],
      clientContact: demo ? [{ id: 'u0000000-0000-4000-8000-000000000003' }] : [],
      hideFloorSelection: false,
      stickersCount: 2,
      unassignedPeople: [],
      // In the default language (bokmål) and in English.
      notificationText: demo ? 'Flyttebyrået kommer fredag klokken 08.00. Pakk pulten din innen torsdag.' : '',
      notificationTranslations: demo ? { en: 'The movers arrive on Friday at 08:00. Please pack your desk by Thursday.' } : {},
      notificationColor: demo ? '#8a3b00' : null,
      showNotification: demo,
      ...(audit as Pick<MoveDoc, 'createdAt' | 'createdBy' | 'updatedAt' | 'updatedBy'>),
    };
    await createIfMissing(container('movePaths'), { id: path, moveId: id, clientId: location.clientId });
    await createIfMissing(container('moves'), move);
    const colors: ColorsDoc = {
      id: `${id}_colors`,
      type: 'colors',
      clientId: location.clientId,
      moveId: id,
      ...(Object.fromEntries(moveColorKeys.map((k) => [k, null])) as Record<(typeof moveColorKeys)[number], null>),
      ...(demo ? { headingColor: '#0b3d5c', primaryColor: '#005a9e', darkerPrimaryColor: '#004578', backgroundColor: '#f4f8fb' } : {}),
    };
    await createIfMissing(container('moves'), colors);
    if (demo) await seedDemoTimeline(id, audit);
    if (demo) await seedDemoImages(id);
  }
}

/** An SVG of the demo's branding: a mark (an aurora over a roof) and, for the logos, the name. */
const brandSvg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;
const mark = (x: number, y: number, s: number) =>
  `<g transform="translate(${x} ${y}) scale(${s})"><path d="M2 30 L20 14 L38 30 Z" fill="#005a9e"/><path d="M4 12 C14 0 26 0 36 12" fill="none" stroke="#2bb673" stroke-width="4" stroke-linecap="round"/></g>`;
const demoImages = {
  logo: brandSvg(
    140,
    40,
    `${mark(0, 2, 1)}<text x="46" y="27" font-family="Arial, sans-serif" font-size="16" font-weight="700" fill="#0b3d5c">Aurora HQ</text>`,
  ),
  loginlogo: brandSvg(
    200,
    90,
    `${mark(80, 2, 1)}<text x="100" y="66" text-anchor="middle" font-family="Arial, sans-serif" font-size="22" font-weight="700" fill="#0b3d5c">Aurora HQ</text><text x="100" y="84" text-anchor="middle" font-family="Arial, sans-serif" font-size="12" fill="#3d4f5f">Bjørvika</text>`,
  ),
  background: brandSvg(
    1600,
    900,
    '<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b3d5c"/><stop offset="1" stop-color="#2bb673"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/><path d="M0 700 C400 560 800 840 1600 620 L1600 900 L0 900 Z" fill="#ffffff" fill-opacity="0.12"/>',
  ),
};

/** The demo move's logo, login logo and background (once: a restart keeps what the team uploaded since). */
async function seedDemoImages(moveId: string) {
  const versions = await imageVersions(moveId);
  for (const [kind, svg] of Object.entries(demoImages) as [keyof typeof demoImages, string][])
    if (!versions[kind]) await storeImage(moveId, kind, Buffer.from(svg), 'image/svg+xml');
}

/**
 * The demo move's timeline: packing, the move itself, and the first days in the new office; in bokmål
 * (the move's default) and in English (`translations.en`).
 */
async function seedDemoTimeline(moveId: string, audit: Record<string, string>) {
  const day = (d: string) => `${d}T00:00:00.000Z`;
  type Texts = [title: string, description: string | null];
  const event = (n: number, [title, description]: Texts, [enTitle, enDescription]: Texts, start: string, end: string | null) => ({
    id: `e0000000-0000-4000-8000-0000000001${String(n).padStart(2, '0')}`,
    title,
    description,
    startDate: day(start),
    endDate: end ? day(end) : null,
    translations: { en: { title: enTitle, ...(enDescription ? { description: enDescription } : {}) } },
  });
  const sections = [
    {
      n: 1,
      title: 'Før flyttingen',
      en: 'Before the move',
      date: '2026-12-01',
      events: [
        event(1, ['Flyttekasser leveres', null], ['Packing crates delivered', null], '2026-12-01', null),
        event(2, ['Pakk pulten din', 'Merk hver kasse med navnet ditt'], ['Pack your desk', 'Label each crate with your name'], '2026-12-07', '2026-12-11'),
      ],
    },
    {
      n: 2,
      title: 'Flyttehelgen',
      en: 'Moving weekend',
      date: '2026-12-12',
      events: [
        event(3, ['Flyttebyrået kommer', null], ['The movers arrive', null], '2026-12-12', '2026-12-14'),
        event(
          4,
          ['Første dag i Bjørvika', 'Frokost i kantina fra klokken 08.00'],
          ['First day in Bjørvika', 'Breakfast in the canteen from 08:00'],
          '2026-12-15',
          null,
        ),
      ],
    },
  ];
  for (const s of sections)
    await createIfMissing(container('timelineSections'), {
      id: `move~${moveId}~s0000000-0000-4000-8000-0000000001${String(s.n).padStart(2, '0')}`,
      ownerId: `move:${moveId}`,
      title: s.title,
      date: day(s.date),
      events: s.events,
      translations: { en: { title: s.en } },
      ...audit,
    });
}
