import { describe, expect, it } from 'vitest';
import { moveDocumentPositionSchema, shortName, validate } from '../src/index.ts';

describe('move documents', () => {
  it('shows names over 20 characters as their first 20 and an ellipsis, counting letters rather than UTF-16 units', () => {
    expect(shortName('Packing list.txt')).toBe('Packing list.txt');
    expect(shortName('12345678901234567890')).toBe('12345678901234567890');
    expect(shortName('Packing list for every desk.txt')).toBe('Packing list for eve…');
    expect(shortName('📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦📦.txt')).toBe(`${'📦'.repeat(20)}…`);
  });

  it('takes a whole, non-negative position and nothing else', async () => {
    expect(await validate(moveDocumentPositionSchema, { position: 0 })).toMatchObject({ ok: true });
    for (const body of [{ position: -1 }, { position: 1.5 }, { position: '1' }, {}, { position: 0, extra: 1 }])
      expect(await validate(moveDocumentPositionSchema, body)).toMatchObject({ ok: false });
  });
});
