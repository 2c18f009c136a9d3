import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { locationSchema, timelineSectionSchema } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { castValues, changedValues } from '../src/common/forms/castValues.ts';

const src = resolve(import.meta.dirname, '..', 'src');
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []));

describe('form values cast with a contracts schema', () => {
  it("sends only the form's own fields: a schema default for a field the form lacks is not added", () => {
    // The timeline section form's edit once sent the create schema's `events: []`, and the events were lost.
    expect(castValues(timelineSectionSchema, { title: ' Packing ', date: '2026-09-05' })).toEqual({ title: 'Packing', date: '2026-09-05T00:00:00.000Z' });
    const location = { name: 'HQ', countryId: 'NO', address: 'Street 1', city: 'Oslo' };
    expect(castValues(locationSchema, location)).toEqual(location);
  });

  it('an edit carries only the fields that changed, compared as cast', () => {
    const stored = { title: 'Packing', date: '2026-09-05T00:00:00.000Z' };
    expect(changedValues(timelineSectionSchema, stored, { title: 'Packing week ', date: '2026-09-05' })).toEqual({ title: 'Packing week' });
    expect(changedValues(timelineSectionSchema, stored, { title: 'Packing', date: '2026-09-06' })).toEqual({ date: '2026-09-06T00:00:00.000Z' });
    expect(changedValues(timelineSectionSchema, stored, { ...stored })).toEqual({});
    // A new form's empty values are no valid section, and still compare.
    expect(changedValues(timelineSectionSchema, { title: '', date: '' }, stored)).toEqual(stored);
  });

  it('no form of the web app casts with a schema directly (castValues does, keeping only its fields)', () => {
    const direct = sources(src)
      .filter((file) => !file.endsWith(join('common', 'forms', 'castValues.ts')))
      .filter((file) => /\.cast\(/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(direct).toEqual([]);
  });
});
