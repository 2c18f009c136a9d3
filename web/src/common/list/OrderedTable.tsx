import { Icon, IconButton, Stack } from '@fluentui/react';
import { type ReactNode, type RefObject, useRef, useState } from 'react';
import { ReactSortable } from 'react-sortablejs';

/** Visually hidden, still read by screen readers. */
export const visuallyHidden = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;
export const orderedCell = { padding: '8px 12px', borderBottom: '1px solid #edebe9', textAlign: 'left', verticalAlign: 'middle' } as const;

/** A polite live region and the function that says something in it (a move, a delete). */
export function useAnnouncer() {
  const [text, setText] = useState('');
  return {
    announce: setText,
    region: (
      <div aria-live="polite" style={visuallyHidden}>
        {text}
      </div>
    ),
  };
}

/**
 * A table whose rows keep an order the server decides (templates, a move's pages, and next its FAQ,
 * contacts, details and documents): each row can be dragged by its handle (react-sortablejs) or moved
 * with its move up / move down buttons, which keep the keyboard on the row and announce the new place.
 * `show` puts the new order on screen (the cache), `send` sends it and says when it failed; the table
 * itself never reorders its rows.
 */
/** What a list kept in the server's order does when a row moves: `show` the new order, announce it, `send` it. */
export interface OrderedMoves<T> {
  items: T[];
  titleOf: (item: T) => string;
  show: (item: T, to: number) => Promise<unknown>;
  send: (item: T, to: number) => Promise<void>;
  announce: (text: string) => void;
}

/**
 * Moves a row of an ordered list (a drop or a move up / move down press): shows the new order at once,
 * announces '{title} moved to position {n} of {count}', keeps the keyboard on the moved row's buttons
 * (`[data-row]` inside `container`), then sends it. Shared by `OrderedTable` and `ExpandableOrderedList`.
 */
export function useOrderedMove<T extends { id: string }>({ items, titleOf, show, send, announce }: OrderedMoves<T>, container: RefObject<HTMLElement | null>) {
  return async function move(item: T, from: number, to: number, byKeyboard: boolean) {
    if (to < 0 || to >= items.length || from === to) return;
    await show(item, to);
    announce(`${titleOf(item)} moved to position ${to + 1} of ${items.length}`);
    if (byKeyboard) {
      // The button pressed may now be disabled (first or last row): keep focus on the row's other one.
      const row = container.current?.querySelector(`[data-row="${item.id}"]`);
      const wanted = row?.querySelector<HTMLButtonElement>(to < from ? '[data-move="up"]' : '[data-move="down"]');
      const other = row?.querySelector<HTMLButtonElement>(to < from ? '[data-move="down"]' : '[data-move="up"]');
      (wanted && !wanted.disabled ? wanted : other)?.focus();
    }
    await send(item, to);
  };
}

/** A row's drag handle (`.ordered-drag-handle`) and its move up / move down buttons, named after the row. */
export function MoveControls({ title, index, count, onMove }: { title: string; index: number; count: number; onMove: (to: number) => void }) {
  return (
    <Stack horizontal verticalAlign="center">
      <Icon iconName="GripperDotsVertical" className="ordered-drag-handle" style={{ cursor: 'grab', padding: 4 }} title="drag to reorder" />
      <IconButton
        iconProps={{ iconName: 'ChevronUp' }}
        ariaLabel={`move up: ${title}`}
        title="move up"
        data-move="up"
        disabled={index === 0}
        onClick={() => onMove(index - 1)}
      />
      <IconButton
        iconProps={{ iconName: 'ChevronDown' }}
        ariaLabel={`move down: ${title}`}
        title="move down"
        data-move="down"
        disabled={index === count - 1}
        onClick={() => onMove(index + 1)}
      />
    </Stack>
  );
}

/**
 * A table whose rows keep an order the server decides (templates, a move's pages and documents): each
 * row can be dragged by its handle (react-sortablejs) or moved with its move up / move down buttons,
 * which keep the keyboard on the row and announce the new place. `show` puts the new order on screen
 * (the cache), `send` sends it and says when it failed; the table itself never reorders its rows.
 * Lists whose rows open into a form (a move's FAQ, contacts, details) use `ExpandableOrderedList`.
 */
export function OrderedTable<T extends { id: string }>({
  label,
  headers,
  cells,
  ...moves
}: OrderedMoves<T> & {
  label: string;
  /** The column headers after the order column. */
  headers: ReactNode[];
  /** The row's cells after the order column. */
  cells: (item: T, title: string) => ReactNode;
}) {
  const tableRef = useRef<HTMLTableElement>(null);
  const { items, titleOf } = moves;
  const move = useOrderedMove(moves, tableRef);

  return (
    <div style={{ overflowX: 'auto' }}>
      <table ref={tableRef} aria-label={label} style={{ borderCollapse: 'collapse', width: '100%' }}>
        <thead>
          <tr>
            <th style={orderedCell}>
              <span style={visuallyHidden}>order</span>
            </th>
            {headers.map((header, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the headers are fixed
              <th key={i} style={orderedCell}>
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <ReactSortable
          tag="tbody"
          list={items.map((item) => ({ ...item }))}
          // The order is the server's: a drop is sent, shown at once and read back from its answer.
          setList={() => undefined}
          handle=".ordered-drag-handle"
          animation={150}
          onEnd={(event) => {
            const from = event.oldIndex ?? -1;
            const to = event.newIndex ?? -1;
            if (items[from]) void move(items[from], from, to, false);
          }}
        >
          {items.map((item, index) => {
            const title = titleOf(item);
            return (
              <tr key={item.id} data-row={item.id}>
                <td style={orderedCell}>
                  <MoveControls title={title} index={index} count={items.length} onMove={(to) => void move(item, index, to, true)} />
                </td>
                {cells(item, title)}
              </tr>
            );
          })}
        </ReactSortable>
      </table>
    </div>
  );
}

/** The list with one item moved to `to` and positions renumbered 0..n-1 (what a reorder shows at once). */
export function reordered<T extends { id: string; position: number }>(items: T[], item: T, to: number): T[] {
  const next = items.filter((other) => other.id !== item.id);
  next.splice(to, 0, item);
  return next.map((other, position) => ({ ...other, position }));
}
