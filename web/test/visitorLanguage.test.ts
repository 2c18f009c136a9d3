import { describe, expect, it } from 'vitest';
import { pickPage } from '../src/visitor/i18n.ts';
import { browserLanguage } from '../src/visitor/pages/NotFoundPage.tsx';

describe("the visitor site's language before a move is known", () => {
  it("is the first of the browser's languages the site has, by its proper tag; else Norwegian bokmål", () => {
    expect(browserLanguage(['sv-SE', 'en'])).toBe('se');
    expect(browserLanguage(['nb-NO'])).toBe('no');
    expect(browserLanguage(['nn-NO', 'nb'])).toBe('nn');
    expect(browserLanguage(['fr-FR', 'de-AT'])).toBe('de');
    expect(browserLanguage(['fr-FR'])).toBe('no');
    expect(browserLanguage([])).toBe('no');
  });
});

describe("a page's translation for a visitor", () => {
  const page = (defaultLanguage?: string) => ({
    defaultLanguage,
    translations: [
      { locale: 'no', title: 'Parkering', content: ' ' },
      { locale: 'en', title: 'Parking', content: '<p>Level -2</p> ' },
      { locale: 'de', title: 'Parken', content: '<p>Ebene -2</p> ' },
      { locale: 'da', title: 'Video', content: '<p><video controls src="https://api.test/api/v1/images/x"></video></p> ' },
    ],
  });

  it("is the visitor's language when it has content", () => {
    expect(pickPage(page('en'), 'de', 'no')?.locale).toBe('de');
    expect(pickPage(page('en'), 'da', 'no')?.locale).toBe('da');
  });

  it("falls back to the page's own default language before the move's", () => {
    expect(pickPage(page('de'), 'no', 'en')?.locale).toBe('de');
    expect(pickPage(page('en'), 'no', 'de')?.locale).toBe('en');
  });

  it("falls back to the move's default language when the page has none, or none with content", () => {
    expect(pickPage(page(), 'no', 'en')?.locale).toBe('en');
    expect(pickPage(page('nn'), 'no', 'de')?.locale).toBe('de');
  });
});
