/**
 * A name as people type it, for every people search (the visitor's seat search, the planner's people):
 * lower case, without accents, and the Nordic letters written as they are typed on a keyboard without
 * them, either way: ø → o and its spelling oe → o, å → a and its spelling aa → a, æ → ae (ä, ö, œ alike).
 * So 'Odegard', 'Odegaard' and 'Oedegaard' find 'Ødegård', 'ase' and 'Aase' find 'Åse', 'Saether' finds
 * 'Sæther'. Both the name and the search are folded, so a looser match ('Jo' for 'Joe') is the price.
 */
export function foldName(text: string): string {
  return text
    .toLocaleLowerCase()
    .replace(/[æä]/g, 'ae')
    .replace(/[øöœ]/g, 'o')
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/aa/g, 'a')
    .replace(/oe/g, 'o')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a search, folded; empty when nothing was typed. */
export const searchWords = (query: string): string[] => (foldName(query) ? foldName(query).split(' ') : []);

/** Every word of the search is in the name, in any order ('Nordmann Ola' finds 'Ola Nordmann'). */
export const nameMatches = (name: string, words: string[]): boolean => {
  const folded = foldName(name);
  return words.length > 0 && words.every((word) => folded.includes(word));
};
