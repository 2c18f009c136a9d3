import { contentLocales } from '@movers/contracts';
import { describe, expect, it } from 'vitest';
import { personTokenOf } from '../src/visitor/offline.ts';
import { meStringsOf } from '../src/visitor/strings/me.ts';
import { stringsOf } from '../src/visitor/i18n.ts';

describe("the person's own page on the visitor site (issue 36)", () => {
  const token = 'A'.repeat(21) + '_-' + 'b9'.repeat(10);

  it('reads the token of a personal link only from /{path}/me/{token}', () => {
    expect(token).toHaveLength(43);
    expect(personTokenOf(`/aurora-hq/me/${token}`)).toBe(token);
    expect(personTokenOf(`/aurora-hq/me/${token}/`)).toBe(token);
    expect(personTokenOf('/aurora-hq/me')).toBeNull();
    expect(personTokenOf(`/aurora-hq/me/${token}x`)).toBeNull();
    expect(personTokenOf(`/aurora-hq/seat/${token}`)).toBeNull();
    expect(personTokenOf(`/aurora-hq/x/me/${token}`)).toBeNull();
  });

  it('has every word in the six languages, each its own beside English', () => {
    const en = meStringsOf('en');
    const flat = (s: ReturnType<typeof meStringsOf>) => ({ ...s, ...s.categories, ...s.statuses, categories: '', statuses: '' });
    for (const code of contentLocales) {
      const words = flat(meStringsOf(code));
      expect(Object.keys(words).sort(), code).toEqual(Object.keys(flat(en)).sort());
      for (const [key, value] of Object.entries(words)) if (key !== 'categories' && key !== 'statuses') expect(value.trim(), `${code}.${key}`).not.toBe('');
      expect(stringsOf(code).myMove.trim()).not.toBe('');
      if (code !== 'en') {
        expect(words.reportTitle, code).not.toBe(en.reportTitle);
        expect(words.arrive, code).not.toBe(en.arrive);
      }
    }
    expect(new Set(contentLocales.map((code) => stringsOf(code).myMove)).size).toBe(6);
  });
});
