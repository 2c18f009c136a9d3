import { ActionButton, IconButton, Stack } from '@fluentui/react';
import { createContext, forwardRef, type HTMLAttributes, type ReactNode, useContext, useId, useRef, useState } from 'react';
import { ReactSortable } from 'react-sortablejs';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { MoveControls, type OrderedMoves, useOrderedMove } from './OrderedTable.tsx';

const rowStyle = { borderBottom: '1px solid #edebe9', padding: '4px 0' } as const;

// react-sortablejs renders its element with only id, class and style: the list's name comes by context.
const ListLabel = createContext('');
const NamedList = forwardRef<HTMLUListElement, HTMLAttributes<HTMLUListElement>>(function NamedList(props, ref) {
  return <ul ref={ref} {...props} aria-label={useContext(ListLabel)} />;
});

/**
 * A list kept in the server's order whose rows open into an edit form (a move's FAQ, contacts and
 * details). Each row has the same drag handle and announced move up / move down buttons as
 * `OrderedTable` (`useOrderedMove`), a button that opens and closes the row (its summary, with
 * `aria-expanded`), the row's own controls (`actions`, e.g. a published toggle) and delete, which asks
 * first ('This item will be deleted immediately. You can't undo this action').
 */
export function ExpandableOrderedList<T extends { id: string }>({
  label,
  summary,
  actions,
  edit,
  remove,
  deleteTitle,
  deleteText,
  ...moves
}: OrderedMoves<T> & {
  label: string;
  /** What the row shows closed (default: its title). */
  summary?: (item: T, title: string) => ReactNode;
  /** The row's own controls before delete. */
  actions?: (item: T, title: string) => ReactNode;
  /** The form of an open row; `close` closes it (after a save or cancel). */
  edit: (item: T, close: () => void) => ReactNode;
  /** Deletes an item once confirmed. */
  remove: (item: T) => Promise<void>;
  /** The confirmation's title, e.g. 'delete question'. */
  deleteTitle: string;
  /** The confirmation's text, where it says more than the spec's (where a deleted item can be brought back from). */
  deleteText?: string;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<Set<string>>(() => new Set());
  const [deleting, setDeleting] = useState<T | null>(null);
  const { items, titleOf } = moves;
  const move = useOrderedMove(moves, listRef);
  const baseId = useId();

  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  async function confirmDelete() {
    const item = deleting;
    setDeleting(null);
    if (item) await remove(item);
  }

  return (
    <div ref={listRef}>
      <ListLabel.Provider value={label}>
        <ReactSortable
          tag={NamedList}
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
          style={{ listStyle: 'none', margin: 0, padding: 0 }}
        >
          {items.map((item, index) => {
            const title = titleOf(item);
            const isOpen = open.has(item.id);
            const panel = `${baseId}-${index}`;
            return (
              <li key={item.id} data-row={item.id} style={rowStyle}>
                <Stack horizontal verticalAlign="center" wrap tokens={{ childrenGap: 8 }}>
                  <MoveControls title={title} index={index} count={items.length} onMove={(to) => void move(item, index, to, true)} />
                  <Stack.Item grow styles={{ root: { minWidth: 0 } }}>
                    <ActionButton
                      iconProps={{ iconName: isOpen ? 'ChevronDownMed' : 'ChevronRightMed' }}
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? panel : undefined}
                      onClick={() => toggle(item.id)}
                      styles={{ root: { height: 'auto', minHeight: 32, textAlign: 'left' }, label: { whiteSpace: 'normal' } }}
                    >
                      {summary ? summary(item, title) : title}
                    </ActionButton>
                  </Stack.Item>
                  {actions?.(item, title)}
                  <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`delete ${title}`} title="delete" onClick={() => setDeleting(item)} />
                </Stack>
                {isOpen && (
                  <section id={panel} aria-label={`edit ${title}`} style={{ padding: '8px 0 16px 48px' }}>
                    {edit(item, () => toggle(item.id))}
                  </section>
                )}
              </li>
            );
          })}
        </ReactSortable>
      </ListLabel.Provider>
      <ConfirmDialog open={Boolean(deleting)} title={deleteTitle} text={deleteText} onConfirm={() => void confirmDelete()} onCancel={() => setDeleting(null)} />
    </div>
  );
}

/** An 'add …' button that opens and closes the add form under it (spec part 2, section 4). */
export function AddToggle({ label, children }: { label: string; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Stack tokens={{ childrenGap: 8 }}>
      <Stack.Item>
        <ActionButton
          iconProps={{ iconName: open ? 'ChevronDownMed' : 'Add' }}
          aria-expanded={open}
          aria-controls={open ? id : undefined}
          onClick={() => setOpen((o) => !o)}
          text={label}
        />
      </Stack.Item>
      {open && (
        <section id={id} aria-label={label}>
          {children(() => setOpen(false))}
        </section>
      )}
    </Stack>
  );
}
