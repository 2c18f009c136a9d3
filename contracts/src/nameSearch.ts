/**
 * A name as people type it: lower case, without accents, and the Nordic letters that do not decompose
 * written as they are typed on a keyboard without them (ø → o, æ → ae, å → a by its decomposition), so
 * 'Odegard' and 'ase' find 'Åse Ødegård'.
 */
export function foldName(text: string): string {
  return text
    .toLocaleLowerCase()
    .normalize('NFD')
    .replace(/\p{Mark}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ß/g, 'ss')
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
