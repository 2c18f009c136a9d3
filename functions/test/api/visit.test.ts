import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { avatarPng } from '@movers/local/src/png.ts';
import { SEEDED_FLOORS, seededPerson } from '@movers/local/src/seedPlanner.ts';
import { awayFromWindowEdge, call, ifMatch, loopbackAddress } from './call.ts';
import { moveInput } from '@movers/local/src/testing/moveInput.ts';

/**
 * The visitor site's calls (`/v1/visit/{path}/...`): only an enabled move, only what it publishes, a
 * session per move that a new password or disabling ends, sign-in links, rate limits and caching.
 * Each test makes its own moves (under a client no other test counts), so the seed stays as it is;
 * the demo move `aurora-hq` is only read.
 */
const OTHER_CLIENT = 'c0000000-0000-4000-8000-000000000012';
const DEMO = 'aurora-hq';
const DEMO_PASSWORD = 'flytting-2026';
const stack = () => inject('stack');
let n = 0;
/** A fresh caller address per test, so that counters of one test never reach another. */
const address = loopbackAddress;

interface Made {
  path: string;
  moveId: string;
  locationId: string;
}

async function makeMove(settings: Record<string, unknown> = {}): Promise<Made> {
  const tag = `${Date.now().toString(36)}${(n++).toString(36)}`;
  const location = await call('staff', 'POST', `/v1/clients/${OTHER_CLIENT}/locations`, {
    body: { name: `Zz visit ${tag}`, address: 'Veien 1', city: 'Oslo', countryId: 'NO', isOffice: true },
  });
  expect(location.status).toBe(201);
  const path = `zz-visit-${tag}`;
  const move = await call('staff', 'POST', `/v1/locations/${location.body.id}/moves`, {
    body: {
      ...moveInput(path, {
        authorizationScheme: 'emailPassword',
        whitelistedDomains: ['visit.test'],
        password: 'secret-one',
        languages: ['en', 'de'],
        teamMembers: [{ id: 'u0000000-0000-4000-8000-000000000002' }],
        notificationText: 'Lifts closed on Monday',
        notificationColor: '#8a3b00',
        showNotification: true,
      }),
      ...settings,
    },
  });
  expect(move.status, JSON.stringify(move.body)).toBe(201);
  return { path, moveId: move.body.id, locationId: location.body.id };
}

async function changeMove(made: Made, change: Record<string, unknown>, expected = 200) {
  const url = `/v1/locations/${made.locationId}/moves/${made.moveId}`;
  const current = await call('staff', 'GET', url);
  const {
    id: _i,
    clientId: _c,
    locationId: _l,
    hasPassword: _h,
    colors: _co,
    images: _im,
    etag,
    createdAt,
    createdBy,
    updatedAt,
    updatedBy,
    stickersCount,
    unassignedPeople,
    ...settings
  } = current.body;
  const body = { ...settings, password: null, teamMembers: settings.teamMembers.map((p: { id: string }) => ({ id: p.id })), clientContact: [], ...change };
  const saved = await call('staff', 'PUT', url, { body, headers: ifMatch(etag) });
  expect(saved.status, JSON.stringify(saved.body)).toBe(expected);
  return saved;
}

/** A visitor's call: no staff token; a session token and a caller address when given. */
const visit = (method: string, path: string, options: { token?: string; from?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
  call('anonymous', method, `/v1/visit/${path}`, {
    body: options.body,
    from: options.from ?? address(),
    headers: {
      ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  });

async function signIn(path: string, body: Record<string, string>, from?: string): Promise<string> {
  const answer = await visit('POST', `${path}/session`, { body, from });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.token;
}

const localMail = async () =>
  (await (await fetch(`${stack().settings.GRAPH_BASE_URL}_local/mail`)).json()) as { subject: string; to: string[]; body: string }[];
const linkIn = (body: string) => /\/link#([A-Za-z0-9_-]+)/.exec(body)?.[1];

describe('the move of a visitor site', () => {
  it('answers what the login page needs for an enabled move, and no staff field', async () => {
    const made = await makeMove();
    const answer = await visit('GET', made.path);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      path: made.path,
      name: expect.stringContaining('Zz visit'),
      languages: ['en', 'de'],
      defaultLanguage: 'en',
      authorizationScheme: 'emailPassword',
      isProtected: true,
      notice: { text: 'Lifts closed on Monday', color: '#8a3b00' },
      images: { logo: null, loginlogo: null, background: null },
      // Its times are on the move's clock, the location's country's zone, whatever the phone's (issue 55).
      timeZone: 'Europe/Oslo',
    });
    const text = JSON.stringify(answer.body);
    for (const staffOnly of [
      'passwordHash',
      'whitelistedDomains',
      'teamMembers',
      'clientContact',
      'sessionVersion',
      'createdBy',
      'u0000000',
      'visit.test',
      'clientId',
    ])
      expect(text).not.toContain(staffOnly);
    expect(answer.headers.get('cache-control')).toBe('public, max-age=60');
  });

  it('gives the notice in each language it was written in, and refuses one of no content language', async () => {
    const made = await makeMove({ notificationTranslations: { de: 'Aufzüge am Montag geschlossen' } });
    expect((await visit('GET', made.path)).body.notice).toEqual({
      text: 'Lifts closed on Monday',
      translations: { de: 'Aufzüge am Montag geschlossen' },
      color: '#8a3b00',
    });
    const bad = await changeMove(made, { notificationTranslations: { fr: 'Ascenseurs fermés' } }, 400);
    expect(bad.body.error.fields).toBeDefined();
    expect((await visit('GET', made.path)).body.notice.translations).toEqual({ de: 'Aufzüge am Montag geschlossen' });
  });

  it("gives the move's web app manifest: its name and colour, start URL and scope its path on the portal, its logo", async () => {
    const made = await makeMove();
    const manifest = await visit('GET', `${made.path}/manifest`);
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const portal = stack().settings.PORTAL_URL.replace(/\/$/, '');
    expect(manifest.body).toMatchObject({
      name: expect.stringContaining('Zz visit'),
      start_url: `${portal}/${made.path}/`,
      scope: `${portal}/${made.path}/`,
      display: 'standalone',
      lang: 'en',
      icons: [{ src: `${portal}/favicon.svg`, sizes: 'any', type: 'image/svg+xml' }],
    });
    const demo = await visit('GET', 'aurora-hq/manifest');
    expect(demo.body.icons[0].src).toMatch(/^\/api\/v1\/visit\/aurora-hq\/images\/logo\?v=/);
    expect(demo.body.theme_color).toBe('#005a9e');
    expect(demo.body.lang).toBe('nb');
  });

  it('gives an unknown and a disabled path the same 404', async () => {
    const made = await makeMove({ isEnabled: false });
    const disabled = await visit('GET', made.path);
    const unknown = await visit('GET', 'zz-no-such-move');
    expect(disabled.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(disabled.body).toEqual(unknown.body);
    expect((await visit('POST', `${made.path}/session`, { body: { email: 'a@visit.test', password: 'secret-one' } })).status).toBe(404);
  });

  it('answers 304 to If-None-Match with the ETag it gave, and the new content after a change', async () => {
    const made = await makeMove();
    const first = await visit('GET', made.path);
    const etag = first.headers.get('etag')!;
    expect(etag).toBeTruthy();
    const again = await visit('GET', made.path, { headers: { 'If-None-Match': etag } });
    expect(again.status).toBe(304);
    await changeMove(made, { notificationText: 'Lifts open again' });
    const changed = await visit('GET', made.path, { headers: { 'If-None-Match': etag } });
    expect(changed.status).toBe(200);
    expect(changed.body.notice.text).toBe('Lifts open again');
  });
});

describe("a move's images", () => {
  it('serves the login logo to anyone (the login page shows it), by the version the move names', async () => {
    const made = await makeMove();
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
    const form = new FormData();
    form.append('loginlogo', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'loginlogo.png');
    const uploaded = await fetch(`${stack().apiOrigin}/api/v1/locations/${made.locationId}/moves/${made.moveId}/loginlogo`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().tokens.staff}` },
      body: form,
    });
    expect(uploaded.status).toBe(200);
    const { images } = (await visit('GET', made.path)).body;
    expect(images.logo).toBeNull();
    expect(images.loginlogo).toMatch(new RegExp(`^/v1/visit/${made.path}/images/loginlogo\\?v=`));
    const image = await fetch(`${stack().apiOrigin}/api${images.loginlogo}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect((await visit('GET', `${made.path}/images/logo`)).status).toBe(404);
  });
});

describe('signing in', () => {
  it('e-mail with password: a wrong password and a non-whitelisted e-mail get the same answer', async () => {
    const made = await makeMove();
    const wrongPassword = await visit('POST', `${made.path}/session`, { body: { email: 'ann@visit.test', password: 'nope' } });
    const wrongDomain = await visit('POST', `${made.path}/session`, { body: { email: 'ann@elsewhere.test', password: 'secret-one' } });
    expect(wrongPassword.status).toBe(401);
    expect(wrongDomain.status).toBe(401);
    expect(wrongDomain.body).toEqual(wrongPassword.body);
    expect(wrongPassword.body.error.message).toBe('The e-mail address or password is wrong');
    const token = await signIn(made.path, { email: 'Ann@Visit.test', password: 'secret-one' });
    expect((await visit('GET', `${made.path}/pages`, { token })).status).toBe(200);
  });

  it('password only: the password alone signs in', async () => {
    const made = await makeMove({ authorizationScheme: 'password', whitelistedDomains: [] });
    expect((await visit('POST', `${made.path}/session`, { body: { password: 'wrong' } })).body.error.message).toBe('The password is wrong');
    const token = await signIn(made.path, { password: 'secret-one' });
    expect((await visit('GET', `${made.path}/timeline`, { token })).status).toBe(200);
  });

  it('content needs a session of this move: none, a forged one and another move’s are refused', async () => {
    const made = await makeMove();
    const other = await makeMove();
    const otherToken = await signIn(other.path, { email: 'a@visit.test', password: 'secret-one' });
    for (const route of ['pages', 'timeline', 'documents', 'faq', 'contacts', 'details']) {
      expect((await visit('GET', `${made.path}/${route}`)).status).toBe(401);
      expect((await visit('GET', `${made.path}/${route}`, { token: otherToken })).status).toBe(401);
      expect((await visit('GET', `${made.path}/${route}`, { token: `${otherToken.slice(0, -4)}AAAA` })).status).toBe(401);
      // A staff token is no visitor session either.
      expect((await visit('GET', `${made.path}/${route}`, { token: stack().tokens.super })).status).toBe(401);
    }
  });

  it('a session ends when the password changes, and when the move is disabled (also after it is enabled again)', async () => {
    const made = await makeMove();
    const token = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    await changeMove(made, { notificationText: 'Nothing about access' });
    expect((await visit('GET', `${made.path}/pages`, { token })).status).toBe(200);
    await changeMove(made, { password: 'secret-two' });
    expect((await visit('GET', `${made.path}/pages`, { token })).status).toBe(401);
    expect((await visit('POST', `${made.path}/session`, { body: { email: 'a@visit.test', password: 'secret-one' } })).status).toBe(401);

    const second = await signIn(made.path, { email: 'a@visit.test', password: 'secret-two' });
    await changeMove(made, { isEnabled: false });
    expect((await visit('GET', `${made.path}/pages`, { token: second })).status).toBe(404);
    await changeMove(made, { isEnabled: true });
    expect((await visit('GET', `${made.path}/pages`, { token: second })).status).toBe(401);
  });
});

describe('sign-in links (e-mail only)', () => {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    // This process reads the link store directly, to age a link.
    for (const [key, value] of Object.entries(stack().settings)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
  });
  afterAll(() => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  async function requestLink(path: string, email: string) {
    const before = (await localMail()).length;
    const answer = await visit('POST', `${path}/sign-in-link`, { body: { email } });
    const mails = (await localMail()).slice(before).filter((m) => m.to.includes(email));
    return { answer, mail: mails[0] };
  }

  it('sends a link only to a whitelisted address, answering the same for any address', async () => {
    const made = await makeMove({ authorizationScheme: 'email', password: null });
    const allowed = await requestLink(made.path, 'eva@visit.test');
    const refused = await requestLink(made.path, 'eva@elsewhere.test');
    expect(allowed.answer.status).toBe(200);
    expect(refused.answer.status).toBe(200);
    expect(refused.answer.body).toEqual(allowed.answer.body);
    expect(refused.mail).toBeUndefined();
    expect(allowed.mail.subject).toContain('Zz visit');
    expect(allowed.mail.subject).toMatch(/^Sign in to /);
    expect(allowed.mail.body).toContain(`/${made.path}/link#`);
    // No password signs in to an e-mail-only move.
    expect((await visit('POST', `${made.path}/session`, { body: { email: 'eva@visit.test', password: 'x' } })).status).toBe(400);
  });

  it('a link signs in once; reused, expired or of another move it is refused', async () => {
    const made = await makeMove({ authorizationScheme: 'email', password: null });
    const other = await makeMove({ authorizationScheme: 'email', password: null });
    const secret = linkIn((await requestLink(made.path, 'ola@visit.test')).mail.body)!;
    expect((await visit('POST', `${other.path}/session`, { body: { link: secret } })).status).toBe(401);
    const token = await signIn(made.path, { link: secret });
    expect((await visit('GET', `${made.path}/pages`, { token })).status).toBe(200);
    const reused = await visit('POST', `${made.path}/session`, { body: { link: secret } });
    expect(reused.status).toBe(401);
    expect(reused.body.error.message).toBe('This sign-in link is no longer valid: ask for a new one');

    const late = linkIn((await requestLink(made.path, 'kari@visit.test')).mail.body)!;
    const { container } = await import('../../src/platform/cosmos/client.ts');
    const id = createHash('sha256').update(late).digest('base64url');
    const { resource } = await container('visitLinks').item(id, id).read();
    await container('visitLinks')
      .item(id, id)
      .replace({ ...resource, expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect((await visit('POST', `${made.path}/session`, { body: { link: late } })).status).toBe(401);
  });

  it('limits link requests from one address', async () => {
    await awayFromWindowEdge();
    const made = await makeMove({ authorizationScheme: 'email', password: null });
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await visit('POST', `${made.path}/sign-in-link`, { body: { email: `p${i}@elsewhere.test` }, from })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  }, 60_000);
});

describe('brute force', () => {
  it('keys the limit on the address the platform appends: forged X-Forwarded-For hops neither escape it nor lock others out', async () => {
    await awayFromWindowEdge();
    const made = await makeMove({ authorizationScheme: 'password', whitelistedDomains: [] });
    const attacker = address();
    const statuses: number[] = [];
    // Every attempt claims another first hop: the front end's own (last) hop is the attacker's all the same.
    for (let i = 0; i < 11; i++)
      statuses.push(
        (await visit('POST', `${made.path}/session`, { body: { password: `guess-${i}` }, from: attacker, headers: { 'X-Forwarded-For': `198.18.0.${i}` } }))
          .status,
      );
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // A forged hop naming the victim's address spends none of the victim's attempts.
    const victim = address();
    for (let i = 0; i < 3; i++)
      await visit('POST', `${made.path}/session`, { body: { password: 'x' }, from: attacker, headers: { 'X-Forwarded-For': victim } });
    expect((await visit('POST', `${made.path}/session`, { body: { password: 'secret-one' }, from: victim })).status).toBe(201);
  }, 60_000);

  it('refuses a flood of wrong passwords from one address for a while, with a clear message and Retry-After', async () => {
    await awayFromWindowEdge();
    const made = await makeMove({ authorizationScheme: 'password', whitelistedDomains: [] });
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await visit('POST', `${made.path}/session`, { body: { password: `guess-${i}` }, from })).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Even the right password is refused from that address now; another address still signs in.
    const refused = await visit('POST', `${made.path}/session`, { body: { password: 'secret-one' }, from });
    expect(refused.status).toBe(429);
    expect(refused.body.error.message).toMatch(/^Too many attempts\. Try again in \d+ minutes\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await signIn(made.path, { password: 'secret-one' }, address());
  }, 60_000);
});

describe('content', () => {
  let token: string;
  beforeAll(async () => {
    token = await signIn(DEMO, { email: 'visitor@client-a.test', password: DEMO_PASSWORD });
  });

  it('lists only published pages, with their translations and no staff fields', async () => {
    const made = await makeMove();
    const base = `/v1/moves/${made.moveId}/pages`;
    const translations = (title: string) =>
      ['en', 'no', 'nn', 'de', 'da', 'se'].map((locale) => ({ locale, title: `${title} ${locale}`, content: `<p>${title}</p>` }));
    await call('staff', 'POST', base, { body: { templateId: null, published: true, translations: translations('Shown') } });
    await call('staff', 'POST', base, { body: { templateId: null, published: false, translations: translations('Hidden') } });
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    const pages = await visit('GET', `${made.path}/pages`, { token: session });
    expect(pages.status).toBe(200);
    expect(pages.body).toHaveLength(1);
    expect(pages.body[0].translations.find((t: { locale: string }) => t.locale === 'de').title).toBe('Shown de');
    expect(JSON.stringify(pages.body)).not.toContain('Hidden');
    expect(Object.keys(pages.body[0]).sort()).toEqual(['id', 'position', 'translations']);
    expect(pages.headers.get('cache-control')).toBe('private, max-age=60');
    const again = await visit('GET', `${made.path}/pages`, { token: session, headers: { 'If-None-Match': pages.headers.get('etag')! } });
    expect(again.status).toBe(304);
    // The demo move's content is not another move's.
    expect(JSON.stringify((await visit('GET', `${DEMO}/pages`, { token })).body)).not.toContain('Shown');
  });

  it("shows the demo move's published pages (three seeded) and never an unpublished one", async () => {
    const admin = (await call('staff', 'GET', '/v1/moves/c0000000-0000-4000-8000-00000000000a_l0000000-0000-4000-8000-000000000101/pages')).body as {
      id: string;
      published: boolean;
    }[];
    const pages = (await visit('GET', `${DEMO}/pages`, { token })).body as { id: string; translations: { locale: string; title: string }[] }[];
    expect(pages.map((p) => p.id)).toEqual(admin.filter((p) => p.published).map((p) => p.id));
    expect(admin.some((p) => !p.published)).toBe(true);
    const english = pages.map((p) => p.translations.find((t) => t.locale === 'en')?.title);
    expect(english).toEqual(expect.arrayContaining(['Welcome to your new office', 'Your first day in Bjørvika', 'Parking and access']));
  });

  it("reads the demo move's timeline and documents, and downloads a document with the admin's safe headers", async () => {
    const timeline = await visit('GET', `${DEMO}/timeline`, { token });
    expect(timeline.status).toBe(200);
    // In bokmål (the move's default) with English beside it (issue 39).
    expect(timeline.body.map((s: { title: string }) => s.title)).toEqual(expect.arrayContaining(['Før flyttingen', 'Flyttehelgen']));
    expect(timeline.body.map((s: { translations: { en?: { title: string } } }) => s.translations.en?.title)).toEqual(
      expect.arrayContaining(['Before the move', 'Moving weekend']),
    );
    expect(JSON.stringify(timeline.body)).not.toContain('createdBy');
    const documents = await visit('GET', `${DEMO}/documents`, { token });
    expect(documents.status).toBe(200);
    expect(documents.body.length).toBeGreaterThan(0);
    expect(JSON.stringify(documents.body)).not.toContain('documentPath');
    const download = await visit('GET', `${DEMO}/documents/${documents.body[0].id}`, { token });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(download.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await visit('GET', `${DEMO}/documents/${documents.body[0].id}`)).status).toBe(401);
    // Another move's session does not download the demo move's document.
    const made = await makeMove();
    const other = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    expect((await visit('GET', `${made.path}/documents/${documents.body[0].id}`, { token: other })).status).toBe(404);
  });

  it('lists only published FAQ questions, and the contacts and details, each without staff fields', async () => {
    const made = await makeMove();
    const move = `/v1/moves/${made.moveId}`;
    const shown = await call('staff', 'POST', `${move}/faq_questions`, { body: { question: 'Where do I park?', answer: 'In P2' } });
    await call('staff', 'PUT', `/v1/faq_questions/${shown.body.id}`, {
      body: { question: 'Where do I park?', answer: 'In P2', published: true },
      headers: ifMatch(shown.body.etag),
    });
    await call('staff', 'POST', `${move}/faq_questions`, { body: { question: 'Draft question', answer: 'Not yet' } });
    await call('staff', 'POST', `${move}/contacts`, {
      body: { name: 'Kari Nordmann', title: 'Move lead', phonenumber: '+47 400 00 000', email: 'kari@visit.test' },
    });
    await call('staff', 'POST', `${move}/details`, { body: { title: 'Address', description: 'Veien 1', type: 'text' } });
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });

    const faq = await visit('GET', `${made.path}/faq`, { token: session });
    expect(faq.status).toBe(200);
    expect(faq.body).toEqual([{ id: shown.body.id, question: 'Where do I park?', answer: 'In P2', translations: {} }]);
    const contacts = await visit('GET', `${made.path}/contacts`, { token: session });
    expect(contacts.body).toEqual([
      { id: expect.any(String), name: 'Kari Nordmann', title: 'Move lead', phonenumber: '+47 400 00 000', email: 'kari@visit.test', translations: {} },
    ]);
    const details = await visit('GET', `${made.path}/details`, { token: session });
    expect(details.body).toEqual([{ id: expect.any(String), title: 'Address', description: 'Veien 1', translations: {} }]);
    // The demo move's lists are its own.
    expect(JSON.stringify((await visit('GET', `${DEMO}/faq`, { token })).body)).not.toContain('Where do I park?');
    expect(JSON.stringify((await visit('GET', `${DEMO}/contacts`, { token })).body)).not.toContain('Kari Nordmann');
  });

  it("lands a visitor's question, error report or feedback in the move's inbox with its type, and refuses a bad one", async () => {
    const made = await makeMove();
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    const inbox = async () => (await call('staff', 'GET', `/v1/moves/${made.moveId}/feedback`)).body;
    const from = address();
    const sent = await visit('POST', `${made.path}/feedback`, {
      token: session,
      from,
      body: { feedbackType: 'error', question: 'My seat is wrong', name: 'Ann', phone: '+47 900 00 001' },
    });
    expect(sent.status).toBe(201);
    expect(sent.body).toEqual({ received: true });
    expect((await inbox()).items).toMatchObject([
      { feedbackType: 'error', question: 'My seat is wrong', name: 'Ann', phone: '+47 900 00 001', status: 'pending', createdBy: 'visitor:a@visit.test' },
    ]);
    const bad = await visit('POST', `${made.path}/feedback`, { token: session, from, body: { feedbackType: 'question', question: 'Hello?', email: 'nope' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.email).toBe('Invalid email');
    expect(
      (await visit('POST', `${made.path}/feedback`, { from, body: { feedbackType: 'question', question: 'Hello?', phone: '+47 22 33 44 55' } })).status,
    ).toBe(401);
    expect((await inbox()).total).toBe(1);
  });

  it('stores a form sent twice with one Idempotency-Key once (a phone back online retries), and never replays a sign-in', async () => {
    const made = await makeMove();
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    const body = { feedbackType: 'question', question: 'Where is the lift?', phone: '+47 900 00 002' };
    const headers = { 'Idempotency-Key': 'visitor-form-1' };
    const first = await visit('POST', `${made.path}/feedback`, { token: session, body, headers });
    const again = await visit('POST', `${made.path}/feedback`, { token: session, body, headers });
    expect([first.status, again.status]).toEqual([201, 201]);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    // The same key with another message is a client error, not a silent replay.
    const changed = await visit('POST', `${made.path}/feedback`, { token: session, body: { ...body, question: 'Other' }, headers });
    expect(changed.status).toBe(422);
    expect((await call('staff', 'GET', `/v1/moves/${made.moveId}/feedback`)).body.total).toBe(1);
    // Another visitor's key of the same value is theirs, not a replay of the first visitor's answer.
    const other = await signIn(made.path, { email: 'b@visit.test', password: 'secret-one' });
    expect((await visit('POST', `${made.path}/feedback`, { token: other, body, headers })).headers.get('idempotent-replayed')).toBeNull();
    // A sign-in with a key is signed in afresh each time: its answer, a session, is kept nowhere.
    const signInHeaders = { 'Idempotency-Key': 'visitor-sign-in' };
    const credentials = { email: 'a@visit.test', password: 'secret-one' };
    const one = await visit('POST', `${made.path}/session`, { body: credentials, headers: signInHeaders });
    const two = await visit('POST', `${made.path}/session`, { body: credentials, headers: signInHeaders });
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(two.headers.get('idempotent-replayed')).toBeNull();
  });

  it('refuses a flood of form posts from one address: nothing is stored beyond the limit', async () => {
    await awayFromWindowEdge();
    const made = await makeMove();
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    const from = address();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++)
      statuses.push(
        (
          await visit('POST', `${made.path}/feedback`, {
            token: session,
            from,
            body: { feedbackType: 'feedback', question: `Spam ${i}`, phone: '+47 22 33 44 55' },
          })
        ).status,
      );
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(201));
    expect(statuses.slice(10)).toEqual([429, 429]);
    expect((await call('staff', 'GET', `/v1/moves/${made.moveId}/feedback`)).body.total).toBe(10);
  }, 60_000);
});

describe('the floor plan', () => {
  /** A floor of a test's own move (multipart, as the planner screen sends it). */
  async function addFloor(moveId: string, fields: Record<string, string>) {
    const form = new FormData();
    for (const [k, v] of Object.entries({ floor_size: 'small', ...fields })) form.append(k, v);
    form.append('layout', new Blob([new Uint8Array(avatarPng(40, [0, 90, 158]))], { type: 'image/png' }), 'plan.png');
    const response = await fetch(`${stack().apiOrigin}/api/v1/moves/${moveId}/layouts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack().tokens.staff}` },
      body: form,
    });
    const body = await response.json();
    expect(response.status, JSON.stringify(body)).toBe(201);
    return body as { id: string };
  }

  it('shows only published floors in the planner order, the default among them, and of each person the id and name only', async () => {
    const made = await makeMove({ hideFloorSelection: true });
    const hidden = await addFloor(made.moveId, { floor_name: '9', published: 'false', isDefault: 'true' });
    const first = await addFloor(made.moveId, { floor_name: '1' });
    const second = await addFloor(made.moveId, { floor_name: '2' });
    const space = await call('staff', 'POST', `/v1/layouts/${second.id}/markers`, {
      body: { marker_type: 'room', title: '201', coordinates: { positionX: 20, positionY: 30 }, openSpace: true },
    });
    const table = await call('staff', 'POST', `/v1/layouts/${second.id}/markers`, {
      body: { marker_type: 'table', title: 'A', spaceId: space.body.id, coordinates: { positionX: 25, positionY: 35 } },
    });
    const person = await call('staff', 'POST', '/v1/marker-users', {
      body: { name: 'Siv Sete', move_layout_marker_id: table.body.id, stickersCount: 4, email: 'siv@visit.test' },
    });
    expect(person.status, JSON.stringify(person.body)).toBe(201);
    await call('staff', 'POST', `/v1/layouts/${hidden.id}/markers`, {
      body: { marker_type: 'room', title: 'Secret room', coordinates: { positionX: 1, positionY: 1 } },
    });
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });

    const plan = await visit('GET', `${made.path}/floors`, { token: session });
    expect(plan.status).toBe(200);
    expect(plan.body.hideFloorSelection).toBe(true);
    expect(plan.body.floors.map((f: { title: string }) => f.title)).toEqual(['2', '1']);
    // The default is unpublished: the first published floor is the visitors' default.
    expect(plan.body.floors.map((f: { isDefault: boolean }) => f.isDefault)).toEqual([true, false]);
    expect(JSON.stringify(plan.body)).not.toContain('Secret room');
    const [floor] = plan.body.floors;
    expect(floor.image).toEqual({ url: expect.stringMatching(new RegExp(`^/v1/visit/${made.path}/floors/.+/image\\?v=`)), width: 40, height: 40 });
    expect(floor.markers).toEqual([
      { id: space.body.id, type: 'room', title: '201', positionX: 20, positionY: 30, openSpace: true, spaceId: null, people: [] },
      {
        id: table.body.id,
        type: 'table',
        title: 'A',
        positionX: 25,
        positionY: 35,
        openSpace: false,
        spaceId: space.body.id,
        people: [{ id: person.body.id, name: 'Siv Sete' }],
      },
    ]);
    expect(plan.body.floors[1].id).toBe(first.id);
    const again = await visit('GET', `${made.path}/floors`, { token: session, headers: { 'If-None-Match': plan.headers.get('etag')! } });
    expect(again.status).toBe(304);

    // The image, as the planner serves it; an unpublished floor's is not found.
    const image = await call('anonymous', 'GET', floor.image.url, { headers: { Authorization: `Bearer ${session}` } });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('cache-control')).toMatch(/^private, max-age=31536000/);
    expect((await visit('GET', `${made.path}/floors/${hidden.id}/image`, { token: session })).status).toBe(404);
    // No session: 401, for the plan and the image.
    expect((await visit('GET', `${made.path}/floors`)).status).toBe(401);
    expect((await visit('GET', `${made.path}/floors/${second.id}/image`)).status).toBe(401);
  });

  it("serves the image of a person's published floor by the person (a seat link's first visit), 404 without a seat there", async () => {
    const made = await makeMove();
    const hidden = await addFloor(made.moveId, { floor_name: '9', published: 'false' });
    const floor = await addFloor(made.moveId, { floor_name: '1' });
    const room = (layoutId: string, title: string) =>
      call('staff', 'POST', `/v1/layouts/${layoutId}/markers`, { body: { marker_type: 'room', title, coordinates: { positionX: 20, positionY: 30 } } });
    const space = await room(floor.id, '101');
    const table = await call('staff', 'POST', `/v1/layouts/${floor.id}/markers`, {
      body: { marker_type: 'table', title: 'A', spaceId: space.body.id, coordinates: { positionX: 25, positionY: 35 } },
    });
    const secret = await room(hidden.id, '901');
    const person = (name: string, markerId: string) => call('staff', 'POST', '/v1/marker-users', { body: { name, move_layout_marker_id: markerId } });
    const seated = await person('Siv Sete', table.body.id);
    const hiddenSeat = await person('Gjemt Person', secret.body.id);
    expect([seated.status, hiddenSeat.status]).toEqual([201, 201]);
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    const [plan] = (await visit('GET', `${made.path}/floors`, { token: session })).body.floors;
    const version = new URL(plan.image.url, 'https://x.test').searchParams.get('v')!;

    const image = await visit('GET', `${made.path}/people/${seated.body.id}/floor-image`, { token: session });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-security-policy')).toContain('sandbox');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    // The person may move: revalidated each time; the ETag names the floor and its image's version.
    expect(image.headers.get('cache-control')).toBe('private, no-cache');
    expect(image.headers.get('etag')).toBe(`"${floor.id}/${version.replace(/^"|"$/g, '')}"`);
    const floorImage = await call('anonymous', 'GET', plan.image.url, { headers: { Authorization: `Bearer ${session}` } });
    expect(Buffer.from(image.body).equals(Buffer.from(floorImage.body))).toBe(true);
    const again = await visit('GET', `${made.path}/people/${seated.body.id}/floor-image`, {
      token: session,
      headers: { 'If-None-Match': image.headers.get('etag')! },
    });
    expect(again.status).toBe(304);

    // On an unpublished floor, or without a seat (the demo move's Siri Dahl), or another move's person: 404.
    expect((await visit('GET', `${made.path}/people/${hiddenSeat.body.id}/floor-image`, { token: session })).status).toBe(404);
    expect((await visit('GET', `${made.path}/people/${seededPerson(1)}/floor-image`, { token: session })).status).toBe(404);
    const token = await signIn(DEMO, { email: 'visitor@client-a.test', password: DEMO_PASSWORD });
    expect((await visit('GET', `${DEMO}/people/${seededPerson(7)}/floor-image`, { token })).status).toBe(404);
    expect((await visit('GET', `${DEMO}/people/${seated.body.id}/floor-image`, { token })).status).toBe(404);
    expect((await visit('GET', `${DEMO}/people/${seededPerson(1)}/floor-image`, { token })).status).toBe(200);
    // No session: 401.
    expect((await visit('GET', `${made.path}/people/${seated.body.id}/floor-image`)).status).toBe(401);
  });

  it("never serves another move's floor", async () => {
    const made = await makeMove();
    const own = await addFloor(made.moveId, { floor_name: '1' });
    const session = await signIn(made.path, { email: 'a@visit.test', password: 'secret-one' });
    expect((await visit('GET', `${made.path}/floors/${SEEDED_FLOORS.second}/image`, { token: session })).status).toBe(404);
    const token = await signIn(DEMO, { email: 'visitor@client-a.test', password: DEMO_PASSWORD });
    expect((await visit('GET', `${DEMO}/floors/${own.id}/image`, { token })).status).toBe(404);
    const demo = await visit('GET', `${DEMO}/floors`, { token });
    // Not the Storage floor: the authorization matrix deletes it, in whichever order the files run.
    expect(demo.body.floors.map((f: { id: string }) => f.id)).toEqual(expect.arrayContaining([SEEDED_FLOORS.second, SEEDED_FLOORS.third]));
    expect(demo.body.floors.map((f: { id: string }) => f.id)).not.toContain(own.id);
    expect(JSON.stringify(demo.body)).toContain('Ola Nordmann');
    expect(JSON.stringify(demo.body)).not.toContain('stickersCount');
  });
});
