/**
 * A list of ids and names as one string (`id\u0000name`, joined by `\u0001`): the same string while the
 * names are the same, whatever new objects an answer brings, so a part drawn from it (a drop-down's
 * options) is drawn again only when they changed (issue 56: the board's refresh).
 */
export const namesKey = (list: readonly { id: string; name: string }[]) => list.map(({ id, name }) => `${id}\u0000${name}`).join('\u0001');

/** The drop-down options of a `namesKey`. */
export const optionsOf = (names: string): { key: string; text: string }[] =>
  names
    ? names.split('\u0001').map((named) => {
        const [key = '', text = ''] = named.split('\u0000');
        return { key, text };
      })
    : [];
