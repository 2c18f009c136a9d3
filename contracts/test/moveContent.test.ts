import { describe, expect, it } from 'vitest';
import {
  faqCreateSchema,
  faqPositionSchema,
  faqUpdateSchema,
  moveContactPositionSchema,
  moveContactSchema,
  moveDetailPositionSchema,
  moveDetailSchema,
  validate,
} from '../src/index.ts';

const ITEM = 'c0000000-0000-4000-8000-00000000000a_l0000000-0000-4000-8000-000000000101_fa000000-0000-4000-8000-000000000001';

describe("a move's FAQ, contacts and details (spec part 2, section 5)", () => {
  it('FAQ: question and answer required to add, new questions unpublished; the edit needs the answer', async () => {
    expect(await validate(faqCreateSchema, { question: ' ', answer: '' })).toEqual({
      ok: false,
      fields: { question: 'field is required', answer: 'field is required' },
    });
    expect(await validate(faqCreateSchema, { question: 'Q?', answer: 'A' })).toEqual({ ok: true, value: { question: 'Q?', answer: 'A', published: false } });
    expect(await validate(faqUpdateSchema, { question: 'Q?', answer: ' ' })).toEqual({ ok: false, fields: { answer: 'field is required' } });
    expect(await validate(faqUpdateSchema, { question: '', answer: 'A' })).toEqual({ ok: false, fields: { question: 'field is required' } });
    expect(await validate(faqUpdateSchema, { answer: 'A', published: true })).toMatchObject({ ok: true });
  });

  it('contact: name required; e-mail optional but valid; empty optional fields become null', async () => {
    expect(await validate(moveContactSchema, { name: '' })).toEqual({ ok: false, fields: { name: 'field is required' } });
    expect(await validate(moveContactSchema, { name: 'Kari', email: 'kari@' })).toEqual({ ok: false, fields: { email: 'field must be a valid email' } });
    expect(await validate(moveContactSchema, { name: 'Kari', title: '', phonenumber: ' ', email: '' })).toEqual({
      ok: true,
      value: { name: 'Kari', title: null, phonenumber: null, email: null },
    });
  });

  it("details: nothing required, the type is always 'text'", async () => {
    expect(await validate(moveDetailSchema, {})).toEqual({ ok: true, value: { title: '', description: '', type: 'text' } });
    expect(await validate(moveDetailSchema, { type: 'video' })).toMatchObject({ ok: false });
  });

  it("reorders name the moved item by the spec's field and take a whole, non-negative position", async () => {
    for (const [schema, field] of [
      [faqPositionSchema, 'faqQuestionId'],
      [moveContactPositionSchema, 'contactId'],
      [moveDetailPositionSchema, 'moveDetailId'],
    ] as const) {
      expect(await validate(schema, { [field]: ITEM, newPosition: 0 })).toMatchObject({ ok: true });
      for (const body of [{ [field]: ITEM, newPosition: -1 }, { [field]: ITEM, newPosition: 1.5 }, { [field]: 'a/b', newPosition: 0 }, { newPosition: 0 }])
        expect(await validate(schema, body), JSON.stringify(body)).toMatchObject({ ok: false });
    }
  });
});
