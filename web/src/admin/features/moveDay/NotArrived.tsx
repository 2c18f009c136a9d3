import { SearchBox } from '@fluentui/react';
import { foldName, type MoveDayBoard, searchWords } from '@movers/contracts';
import { measureElement, useVirtualizer, type Virtualizer, type VirtualItem } from '@tanstack/react-virtual';
import { Fragment, memo, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { EmailText } from '../../../common/people/EmailText.tsx';
import { PlainColumn, PlainHeading } from '../../../common/PlainLayout.tsx';
import type { BoardText } from './text.ts';

type Floor = MoveDayBoard['floors'][number];
type Absent = Floor['notArrived'][number];
/** A row of the list: a floor's heading, or one of its people (`at` of `of`, 1-based, for assistive technology). */
type Row = { floor: Floor; shown: number; person?: undefined } | { floor: Floor; person: Absent; at: number; of: number };
/** Rows drawn beyond the box's edges: a key or a Tab to the next link finds it drawn, and scrolling shows no gap. */
const OVERSCAN = 12;

/**
 * A row's height: as the browser laid it out (the resize observer's, after the frame's own layout), and
 * until then the height it had before or its estimate. The library's own reads `offsetHeight` as each new
 * row is put in the page, which makes the browser lay out the whole board there and then, in the middle
 * of drawing it: at 4× CPU that was 150 ms for a key typed (issue 56).
 */
function rowHeight(element: Element, entry: ResizeObserverEntry | undefined, rows: Virtualizer<HTMLDivElement, Element>) {
  if (entry) return measureElement(element, entry, rows);
  const index = rows.indexFromElement(element);
  return rows.itemSizeCache.get(rows.options.getItemKey(index)) ?? rows.options.estimateSize(index);
}

/**
 * Who has not arrived yet, by floor, with the phone and e-mail the planner has for them, so the team can
 * look for them or call; the search keeps the people whose name or address holds every word typed (as the
 * planner's people search does: 'Odegard' finds 'Ødegård'). Escape empties it. The board's wave filter
 * narrows it (issue 48); each person's wave is named (`waveNames`: id → the name in the board's language).
 *
 * Fast at 2,000 people (issue 56): the floors and their people are one list in a box of its own that
 * scrolls, and only the rows in view (and a few either side) are in the page (@tanstack/react-virtual):
 * a key, a refresh, lays out and paints some 40 rows, not 2,000, and the reports below stay a screen away.
 * Everyone is reachable: by the search, by scrolling the box (it takes the keyboard's arrows, Page Down and
 * End when focused) and by Tab through the rows' links (the next row is drawn before it is reached); each
 * row says which of how many it is. Each floor's names and addresses are folded once per list (a refresh
 * folds again only a floor where someone arrived), not at each key, and the list follows the typed search
 * as a deferred value (a key draws the box at once, the list when the main thread is free).
 */
// Memoised: the board drawn again (a read of the map, of the reports) leaves the list of who is not here as it is.
export const NotArrived = memo(function NotArrived({
  floors,
  t,
  waveNames,
}: {
  floors: MoveDayBoard['floors'];
  t: BoardText;
  waveNames?: ReadonlyMap<string, string>;
}) {
  const [query, setQuery] = useState('');
  const searched = useDeferredValue(query);
  // Folded once per floor's list: a refresh keeps the list of each floor where no one arrived (the same array,
  // `applyBoardAnswer`), so it folds again only the list that changed (issue 56: the names of all 1,700 looked up
  // again were ≈ 12 ms of a refresh at 4× CPU).
  const foldedLists = useRef(new WeakMap<readonly Absent[], string[]>());
  const folded = useMemo(
    () =>
      floors.map((f) => {
        const kept = foldedLists.current.get(f.notArrived);
        if (kept) return kept;
        const done = f.notArrived.map((p) => foldName(`${p.name} ${p.email ?? ''}`));
        foldedLists.current.set(f.notArrived, done);
        return done;
      }),
    [floors],
  );
  const words = searchWords(searched);
  const rows = useMemo(() => {
    const wanted = searchWords(searched);
    const list: Row[] = [];
    floors.forEach((floor, i) => {
      const people = wanted.length > 0 ? floor.notArrived.filter((_, j) => wanted.every((word) => folded[i]![j]!.includes(word))) : floor.notArrived;
      if (people.length === 0) return;
      list.push({ floor, shown: people.length });
      people.forEach((person, j) => {
        list.push({ floor, person, at: j + 1, of: people.length });
      });
    });
    return list;
  }, [floors, folded, searched]);
  const total = floors.reduce((n, f) => n + f.notArrived.length, 0);
  const matching = rows.reduce((n, r) => n + (r.person ? 1 : 0), 0);

  return (
    <section aria-labelledby="move-day-not-arrived">
      <PlainColumn gap={8}>
        <PlainHeading id="move-day-not-arrived">{t.notArrived.replace('{count}', String(total))}</PlainHeading>
        {total === 0 ? (
          <span>{t.everyoneArrived}</span>
        ) : (
          <>
            <SearchBox
              ariaLabel={t.searchNotArrived}
              placeholder={t.searchNotArrived}
              value={query}
              onChange={(_, value) => setQuery(value ?? '')}
              styles={{ root: { maxWidth: 320 } }}
            />
            <div role="status" aria-live="polite">
              {words.length > 0 && (
                <span>{matching === 0 ? t.noNameMatches.replace('{query}', searched.trim()) : t.namesMatch.replace('{count}', String(matching))}</span>
              )}
            </div>
            {rows.length > 0 && <AbsentRows rows={rows} t={t} waveNames={waveNames} />}
          </>
        )}
      </PlainColumn>
    </section>
  );
});

const floorTitle = (floor: Floor, t: BoardText) => t.floorNotArrived.replace('{floor}', floor.floor).replace('{count}', String(floor.notArrived.length));

/**
 * The rows in view of a box that scrolls, the floors' people grouped in a list a floor as before (named by
 * the floor's heading's words, as the heading may be out of view). Rows are laid out one under the other
 * and measured as drawn (a long line wraps): no margins between them, so their heights add up.
 */
// Memoised: a key typed draws the search box at once and the rows only once the deferred search has them.
const AbsentRows = memo(function AbsentRows({ rows, t, waveNames }: { rows: readonly Row[]; t: BoardText; waveNames?: ReadonlyMap<string, string> }) {
  const box = useRef<HTMLDivElement>(null);
  const keyOf = useCallback(
    (i: number) => {
      const row = rows[i]!;
      return row.person ? row.person.personId : `floor-${row.floor.floorId}`;
    },
    [rows],
  );
  const rowsShown = useVirtualizer({
    count: rows.length,
    getScrollElement: () => box.current,
    estimateSize: useCallback((i: number) => (rows[i]!.person ? 20 : 30), [rows]),
    getItemKey: keyOf,
    overscan: OVERSCAN,
    measureElement: rowHeight,
  });
  const items = rowsShown.getVirtualItems();
  // Consecutive rows of one floor: its heading (when in view) and one list of its people in view.
  const groups: { floor: Floor; heading?: VirtualItem; people: VirtualItem[] }[] = [];
  for (const item of items) {
    const row = rows[item.index]!;
    if (groups.at(-1)?.floor !== row.floor) groups.push({ floor: row.floor, people: [] });
    const group = groups.at(-1)!;
    if (row.person) group.people.push(item);
    else group.heading = item;
  }
  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: a named box of rows that scrolls, not a form's fieldset */}
      <div
        ref={box}
        role="group"
        aria-label={t.notArrivedList}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the box scrolls by the keyboard's arrows, Page Down and End
        tabIndex={0}
        data-testid="move-day-not-arrived-list"
        style={{ maxHeight: '60vh', overflowY: 'auto', position: 'relative', contain: 'content', outlineOffset: 2 }}
      >
        <div style={{ height: rowsShown.getTotalSize(), position: 'relative' }}>
          <div style={{ position: 'absolute', top: 0, left: 0, right: 0, transform: `translateY(${items[0]?.start ?? 0}px)` }}>
            {groups.map(({ floor, heading, people }) => (
              <Fragment key={floor.floorId}>
                {heading && (
                  <h3 data-index={heading.index} ref={rowsShown.measureElement} style={{ margin: 0, padding: '6px 0 2px', fontSize: 16, fontWeight: 600 }}>
                    {floorTitle(floor, t)}
                  </h3>
                )}
                {people.length > 0 && (
                  <ul aria-label={floorTitle(floor, t)} style={{ margin: 0, paddingLeft: 20 }}>
                    {people.map((item) => {
                      const row = rows[item.index] as Extract<Row, { person: Absent }>;
                      return (
                        <AbsentPerson
                          key={item.key}
                          index={item.index}
                          measure={rowsShown.measureElement}
                          at={row.at}
                          of={row.of}
                          person={row.person}
                          t={t}
                          waveNames={waveNames}
                        />
                      );
                    })}
                  </ul>
                )}
              </Fragment>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
});

const AbsentPerson = memo(
  function AbsentPerson({
    person: p,
    index,
    measure,
    at,
    of,
    t,
    waveNames,
  }: {
    person: Absent;
    index: number;
    measure: (element: Element | null) => void;
    at: number;
    of: number;
    t: BoardText;
    waveNames?: ReadonlyMap<string, string>;
  }) {
    return (
      <li data-index={index} ref={measure} aria-posinset={at} aria-setsize={of}>
        {p.name} · {t.space} {p.space}
        {p.table ? ` · ${t.table} ${p.table}` : ''}
        <PersonContact person={p} t={t} waveNames={waveNames} />
      </li>
    );
  },
  // A refresh answers the same people as new objects: a row is drawn again only when what it shows changed.
  (before, after) => {
    const { person: a, ...was } = before;
    const { person: b, ...is } = after;
    return (
      (Object.keys(is) as (keyof typeof is)[]).every((key) => was[key] === is[key]) &&
      (Object.keys(b) as (keyof Absent)[]).every((key) => a[key] === b[key]) &&
      Object.keys(a).length === Object.keys(b).length
    );
  },
);

/**
 * The people with no seat (issue 55): not among the people expected, which every screen counts as people
 * with a seat, and listed here as such, so the board's counts and the wave's load add up.
 */
export const WithoutSeat = memo(function WithoutSeat({
  people,
  t,
  waveNames,
}: {
  people: MoveDayBoard['withoutSeat'];
  t: BoardText;
  waveNames?: ReadonlyMap<string, string>;
}) {
  if (people.length === 0) return null;
  return (
    <section aria-labelledby="move-day-without-seat">
      <PlainColumn gap={8}>
        <PlainHeading id="move-day-without-seat">{t.withoutSeat.replace('{count}', String(people.length))}</PlainHeading>
        <span>{t.withoutSeatHint}</span>
        <ul aria-labelledby="move-day-without-seat" style={{ margin: 0, paddingLeft: 20 }}>
          {people.map((p) => (
            <li key={p.personId}>
              {p.name}
              {p.arrived ? ` · ${t.arrivedState}` : ''}
              <PersonContact person={p} t={t} waveNames={waveNames} />
            </li>
          ))}
        </ul>
      </PlainColumn>
    </section>
  );
});

/** ' · wave …', ' · phone …', ' · e-mail …' after a person's name, the phone and address as links. */
function PersonContact({
  person: p,
  t,
  waveNames,
}: {
  person: { waveId?: string | null; phone?: string | null; email?: string | null };
  t: BoardText;
  waveNames?: ReadonlyMap<string, string>;
}) {
  return (
    <>
      {p.waveId && waveNames?.has(p.waveId) ? ` · ${t.wave} ${waveNames.get(p.waveId)}` : ''}
      {p.phone && (
        <>
          {` · ${t.phone} `}
          <a href={`tel:${p.phone.replace(/[^\d+]/g, '')}`}>{p.phone}</a>
        </>
      )}
      {p.email && (
        <>
          {` · ${t.email} `}
          <a href={`mailto:${p.email}`}>
            <EmailText email={p.email} />
          </a>
        </>
      )}
    </>
  );
}
