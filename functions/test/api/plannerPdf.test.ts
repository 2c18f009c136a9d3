import { describe, expect, inject, it } from 'vitest';
import { PLANNER_MOVE as MOVE } from '@movers/local/src/seedPlanner.ts';
import { avatarPng } from '@movers/local/src/png.ts';
import { call, ifMatch, loopbackAddress } from './call.ts';

// A floor from a page of an architect's PDF (issue 50): the browser renders the page, and the PDF goes
// with the plan's image as the optional part `source`, kept for the next replacement and for the move's
// team only.

const PLAN = avatarPng(40, [0, 90, 158]);

/** The smallest PDF a reader opens: one empty page. Its bytes are what the API judges. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj',
    'trailer << /Root 1 0 R >>',
    '%%EOF',
  ].join('\n'),
);

async function send(
  method: 'POST' | 'PUT',
  path: string,
  parts: { fields?: Record<string, string>; source?: Buffer | string; sourceName?: string; layout?: Buffer | string; layoutName?: string },
  options: { caller?: 'staff' | 'extA' | 'extB'; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(parts.fields ?? {})) form.append(k, v);
  const layout = typeof parts.layout === 'string' ? new TextEncoder().encode(parts.layout) : new Uint8Array(parts.layout ?? PLAN);
  form.append('layout', new Blob([layout], { type: 'image/png' }), parts.layoutName ?? 'plan.png');
  if (parts.source !== undefined) {
    const bytes = typeof parts.source === 'string' ? new TextEncoder().encode(parts.source) : new Uint8Array(parts.source);
    // Declared a PDF whatever it is: the API judges the bytes.
    form.append('source', new Blob([bytes], { type: 'application/pdf' }), parts.sourceName ?? 'plans.pdf');
  }
  const stack = inject('stack');
  const response = await fetch(`${stack.apiOrigin}/api${path}`, {
    method,
    headers: { Authorization: `Bearer ${stack.tokens[options.caller ?? 'staff']}`, ...options.headers },
    body: form,
  });
  return { status: response.status, body: await response.json() };
}

const floorCount = async () => ((await call('staff', 'GET', `/v1/moves/${MOVE}/layouts`)).body as unknown[]).length;

describe('planner floors from a PDF', () => {
  it('keeps the PDF with the floor for the move team only, refusing a file that only claims to be a PDF', async () => {
    const made = await send('POST', `/v1/moves/${MOVE}/layouts`, { fields: { floor_name: 'P1' }, source: PDF, sourceName: 'Architect A0.pdf' });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.source).toMatchObject({ file_name: 'Architect A0.pdf' });
    expect(made.body.source.url).toBe(`/api/v1/layouts/${encodeURIComponent(made.body.id)}/source?v=${encodeURIComponent(made.body.source.version)}`);

    const stored = await call('extA', 'GET', `/v1/layouts/${made.body.id}/source`);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('application/pdf');
    expect(stored.headers.get('content-security-policy')).toContain('sandbox');
    expect(Buffer.from(stored.body as ArrayBuffer).equals(PDF)).toBe(true);
    // Another client's user is not on the move's team.
    expect((await call('extB', 'GET', `/v1/layouts/${made.body.id}/source`)).status).toBe(403);
    expect((await call('anonymous', 'GET', `/v1/layouts/${made.body.id}/source`)).status).toBe(401);

    // Text, and an image, sent as a PDF: refused by their bytes, and no floor made.
    const before = await floorCount();
    const text = await send('POST', `/v1/moves/${MOVE}/layouts`, { fields: { floor_name: 'P2' }, source: 'not a PDF at all, only its name' });
    expect(text.status).toBe(415);
    expect(text.body.error.message).toMatch(/\.pdf/);
    expect((await send('POST', `/v1/moves/${MOVE}/layouts`, { fields: { floor_name: 'P2' }, source: PLAN })).status).toBe(415);
    expect((await send('POST', `/v1/moves/${MOVE}/layouts`, { fields: { floor_name: 'P2' }, source: '' })).status).toBe(400);
    expect(await floorCount()).toBe(before);
  });

  it('says what is wrong with a refused file, of this file: not a PDF, not the image its name says, empty, damaged, protected (issue 55)', async () => {
    const before = await floorCount();
    const refused = async (parts: Parameters<typeof send>[2]) => {
      const answer = await send('POST', `/v1/moves/${MOVE}/layouts`, { fields: { floor_name: 'P9' }, ...parts });
      return { status: answer.status, message: answer.body.error?.message, file: answer.body.error?.file };
    };
    const saidOf = (status: number, field: string, name: string, problem: string, message: string) => ({
      status,
      message,
      file: { field, name, problem },
    });
    // The plan itself (the part `layout`): a text file renamed, an empty file, an image cut off.
    expect(await refused({ layout: 'only text, renamed', layoutName: 'bad.pdf' })).toEqual(
      saidOf(415, 'layout', 'bad.pdf', 'notPdf', 'bad.pdf is not a PDF: its content is of another kind (perhaps a renamed file). Nothing was saved.'),
    );
    expect(await refused({ layout: 'only text, renamed', layoutName: 'plan.png' })).toEqual(
      saidOf(
        415,
        'layout',
        'plan.png',
        'notImage',
        'plan.png is not the image its name says: its content is of another kind (perhaps a renamed file). Nothing was saved.',
      ),
    );
    expect(await refused({ layout: '', layoutName: 'empty.pdf' })).toEqual(
      saidOf(400, 'layout', 'empty.pdf', 'empty', 'empty.pdf is empty (0 bytes). Nothing was saved.'),
    );
    expect(await refused({ layout: PLAN.subarray(0, 20), layoutName: 'cut.png' })).toEqual(
      saidOf(415, 'layout', 'cut.png', 'damagedImage', 'cut.png could not be read: the file is damaged or not a complete image. Nothing was saved.'),
    );
    // A file of a type no plan is still told the types.
    expect(await refused({ layout: 'notes', layoutName: 'notes.txt' })).toEqual(
      saidOf(415, 'layout', 'notes.txt', 'type', 'Only .jpg, .jpeg, .png, .svg and .webp files can be used.'),
    );
    // The PDF kept with it (the part `source`): renamed, empty, cut off, locked by a password.
    expect(await refused({ source: 'only text, renamed', sourceName: 'bad.pdf' })).toEqual(
      saidOf(415, 'source', 'bad.pdf', 'notPdf', 'bad.pdf is not a PDF: its content is of another kind (perhaps a renamed file). Nothing was saved.'),
    );
    expect(await refused({ source: '', sourceName: 'empty.pdf' })).toEqual(
      saidOf(400, 'source', 'empty.pdf', 'empty', 'empty.pdf is empty (0 bytes). Nothing was saved.'),
    );
    expect(await refused({ source: PDF.subarray(0, 60), sourceName: 'cut.pdf' })).toEqual(
      saidOf(415, 'source', 'cut.pdf', 'damagedPdf', 'cut.pdf could not be read: the file is damaged or not a complete PDF. Nothing was saved.'),
    );
    const locked = Buffer.from(PDF.toString('latin1').replace('trailer << /Root 1 0 R >>', 'trailer << /Root 1 0 R /Encrypt 4 0 R >>'), 'latin1');
    expect(await refused({ source: locked, sourceName: 'locked.pdf' })).toEqual(
      saidOf(
        415,
        'source',
        'locked.pdf',
        'protected',
        'locked.pdf is protected by a password, so its pages cannot be read. Save it without a password and choose it again. Nothing was saved.',
      ),
    );
    expect(await floorCount()).toBe(before);
  });

  it('replaces the plan by another page keeping the markers, and records the replacement in the history', async () => {
    const made = await send('POST', `/v1/moves/${MOVE}/layouts`, { fields: { floor_name: 'P3' }, source: PDF });
    expect(made.status).toBe(201);
    const marker = await call('extA', 'POST', `/v1/layouts/${made.body.id}/markers`, {
      body: { marker_type: 'room', title: 'P301', coordinates: { positionX: 10, positionY: 10 } },
    });
    expect(marker.status).toBe(201);
    const other = Buffer.concat([PDF, Buffer.from('\n% another revision\n')]);
    const replaced = await send(
      'PUT',
      `/v1/layouts/${made.body.id}/image`,
      { source: other, sourceName: 'Revision B.pdf' },
      { headers: ifMatch(made.body.etag) },
    );
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.source.file_name).toBe('Revision B.pdf');
    expect(replaced.body.source.version).not.toBe(made.body.source.version);
    const floor = await call('staff', 'GET', `/v1/layouts/${made.body.id}`);
    expect(floor.body.markers.map((m: { id: string }) => m.id)).toEqual([marker.body.id]);
    const kept = await call('staff', 'GET', `/v1/layouts/${made.body.id}/source`);
    expect(Buffer.from(kept.body as ArrayBuffer).equals(other)).toBe(true);

    const history = await call('staff', 'GET', `/v1/history/floor/${made.body.id}`);
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    const entries = JSON.stringify(history.body);
    expect(entries).toContain('Revision B.pdf');

    // A plain image in its place leaves no PDF to offer again.
    const image = await send('PUT', `/v1/layouts/${made.body.id}/image`, {}, { headers: ifMatch(replaced.body.etag) });
    expect(image.status).toBe(200);
    expect(image.body.source).toBeNull();
    expect((await call('staff', 'GET', `/v1/layouts/${made.body.id}/source`)).status).toBe(404);
  });

  it("never names the PDF on the visitor site's floors", async () => {
    const made = await send('POST', `/v1/moves/${MOVE}/layouts`, {
      fields: { floor_name: 'P4', published: 'true' },
      source: PDF,
      sourceName: 'Secret drawing.pdf',
    });
    expect(made.status).toBe(201);
    const from = loopbackAddress();
    const session = await call('anonymous', 'POST', '/v1/visit/aurora-hq/session', { body: { email: 'pdf@client-a.test', password: 'flytting-2026' }, from });
    expect(session.status).toBe(201);
    const floors = await call('anonymous', 'GET', '/v1/visit/aurora-hq/floors', { headers: { Authorization: `Bearer ${session.body.token}` }, from });
    expect(floors.status).toBe(200);
    const text = JSON.stringify(floors.body);
    expect(text).toContain(made.body.id);
    expect(text).not.toContain('Secret drawing.pdf');
    expect(text).not.toContain('/source');
    // The visitor's token opens no planner route.
    expect(
      (await call('anonymous', 'GET', `/v1/layouts/${made.body.id}/source`, { headers: { Authorization: `Bearer ${session.body.token}` }, from })).status,
    ).toBe(401);
  });
});
