import { describe, expect, it } from 'vitest';
import { foldName, nameMatches, searchWords } from '../src/nameSearch.ts';

// The visitor's seat search (issue 26) and the planner's people search (issue 39): as people type names, on a phone, often without Nordic letters.
const finds = (name: string, query: string) => nameMatches(name, searchWords(query));

describe('people name search', () => {
  it('ignores case and accents, and reads ø, æ and å as o, ae and a', () => {
    expect(finds('Åse Ødegård', 'Odegard')).toBe(true);
    expect(finds('Åse Ødegård', 'ase')).toBe(true);
    expect(finds('Åse Ødegård', 'ÅSE ØDEGÅRD')).toBe(true);
    expect(finds('Kjærsti Ærø', 'kjaersti aero')).toBe(true);
    expect(finds('José Müller', 'jose muller')).toBe(true);
    expect(foldName('  Åse   Ødegård ')).toBe('ase odegard');
  });

  it("reads the keyboard's spellings of å, æ and ø: aa, ae and oe (issue 39)", () => {
    expect(finds('Åse Ødegård', 'Odegaard')).toBe(true);
    expect(finds('Åse Ødegård', 'Oedegaard')).toBe(true);
    expect(finds('Åse Ødegård', 'Aase')).toBe(true);
    expect(finds('Per Sæther', 'Saether')).toBe(true);
    expect(finds('Per Saether', 'Sæther')).toBe(true);
    expect(finds('Knut Aasen', 'Åsen')).toBe(true);
    expect(finds('Lise Sørensen', 'Soerensen')).toBe(true);
    // Typing on: a search that stops inside a spelling still finds the name.
    expect(finds('Åse Ødegård', 'Odegaa')).toBe(true);
    expect(finds('Åse Ødegård', 'Oedeg')).toBe(true);
    expect(finds('Ola Nordmann', 'Odegaard')).toBe(false);
  });

  it('finds the words in any order, whatever the spaces between them', () => {
    expect(finds('Ola Nordmann', 'Nordmann Ola')).toBe(true);
    expect(finds('Ola Nordmann', 'Ola  Nordmann')).toBe(true);
    expect(finds('Ola Nordmann', ' nord ')).toBe(true);
    expect(finds('Ola Nordmann', 'Kari Nordmann')).toBe(false);
  });

  it('finds nothing for an empty search', () => {
    expect(searchWords('   ')).toEqual([]);
    expect(finds('Ola Nordmann', '')).toBe(false);
  });
});
