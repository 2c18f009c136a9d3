import { describe, expect, it } from 'vitest';
import {
  cleanTranslations,
  faqCreateSchema,
  faqTexts,
  MOVE_TEXT_MAX,
  missingLanguages,
  missingNote,
  translationLanguageErrors,
  validate,
} from '../src/index.ts';

// Issue 39: a move's texts per language. The item's own fields are the default language's; `translations` the others'.

const move = { languages: ['en', 'no', 'nn'] as const, defaultLanguage: 'en' as const };

describe('item translations', () => {
  it('drops empty texts and languages left without any', () => {
    expect(cleanTranslations({ no: { question: 'Hvor?', answer: '  ' }, nn: { question: '' } })).toEqual({ no: { question: 'Hvor?' } });
    expect(cleanTranslations(undefined)).toEqual({});
  });

  it('names a language the move lacks, and its default language, as field errors; an empty one is no error', () => {
    expect(translationLanguageErrors({ de: { title: 'Titel' }, en: { title: 'Title' }, no: { title: 'Tittel' }, da: { title: ' ' } }, move)).toEqual({
      'translations.de': 'de is not one of the move’s languages (en, no, nn)',
      'translations.en': 'en is the move’s default language: its text goes in the item’s own fields',
    });
    expect(translationLanguageErrors({ no: { title: 'Tittel' } }, move)).toBeNull();
    expect(translationLanguageErrors({ no: { title: 'Tittel' } }, null, 'events[0].translations')).toEqual({
      'events[0].translations.no': 'this timeline has one language: it takes no translations',
    });
  });

  it("lists the move's other languages an item has no text in, for a field that has a default text", () => {
    const item = { question: 'Where?', answer: 'P2', translations: { no: { question: 'Hvor?', answer: 'P2' }, nn: { question: 'Kvar?' } } };
    expect(missingLanguages(item, faqTexts, move)).toEqual(['nn']);
    expect(missingNote(missingLanguages(item, faqTexts, move))).toBe('Missing: Norsk (nynorsk)');
    expect(missingLanguages({ question: 'Where?', answer: 'P2' }, faqTexts, move)).toEqual(['no', 'nn']);
    // An untitled detail misses nothing.
    expect(missingLanguages({ title: '', description: '' }, ['title', 'description'], move)).toEqual([]);
    expect(missingNote([])).toBe('');
  });

  it('takes translations in the body by language code, trimmed, without empty texts, and refuses an unknown code or field', async () => {
    const valid = await validate(faqCreateSchema, { question: 'Q', answer: 'A', translations: { no: { question: ' Spørsmål ', answer: '' } } });
    expect(valid).toMatchObject({ ok: true, value: { translations: { no: { question: 'Spørsmål' } } } });
    const unknownLanguage = await validate(faqCreateSchema, { question: 'Q', answer: 'A', translations: { xx: { question: 'x' } } });
    expect(JSON.stringify(unknownLanguage)).toContain('xx');
    expect(unknownLanguage.ok).toBe(false);
    const unknownField = await validate(faqCreateSchema, { question: 'Q', answer: 'A', translations: { no: { title: 'x' } } });
    expect(JSON.stringify(unknownField)).toContain('title');
    expect(unknownField.ok).toBe(false);
    const tooLong = await validate(faqCreateSchema, { question: 'Q', answer: 'A', translations: { no: { question: 'x'.repeat(MOVE_TEXT_MAX + 1) } } });
    expect(tooLong).toEqual({ ok: false, fields: { 'translations.no.question': `maximum ${MOVE_TEXT_MAX} characters` } });
    expect(await validate(faqCreateSchema, { question: 'Q', answer: 'A' })).toMatchObject({ ok: true, value: { question: 'Q' } });
  });
});
