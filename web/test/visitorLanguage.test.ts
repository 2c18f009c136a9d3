import { describe, expect, it } from 'vitest';
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
