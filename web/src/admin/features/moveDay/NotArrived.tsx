import { SearchBox, Stack, Text } from '@fluentui/react';
import { foldName, type MoveDayBoard, searchWords } from '@movers/contracts';
import { memo, startTransition, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { EmailText } from '../../../common/people/EmailText.tsx';
import type { BoardText } from './text.ts';

type Floor = MoveDayBoard['floors'][number];
type Absent = Floor['notArrived'][number];
/** How many of a floor are drawn with the board; the rest follow in a transition (issue 56). */
const FIRST_DRAWN = 25;

/**
 * Who has not arrived yet, by floor, with the phone and e-mail the planner has for them, so the team can
 * look for them or call; the search keeps the people whose name or address holds every word typed (as the
 * planner's people search does: 'Odegard' finds 'Ødegård'). Escape empties it. The board's wave filter
 * narrows it (issue 48); each person's wave is named (`waveNames`: id → the name in the board's language).
 *
 * Fast at 2,000 people (issue 56): each person's name and address are folded once per answer, not at each
 * key; the lists follow the typed search as a deferred value (a key draws the box at once, the lists when
 * the main thread is free, and a key typed meanwhile interrupts them); a floor's list is drawn again only
 * when its people changed; the board first draws a few of each floor and the rest straight after, in a
 * transition that input interrupts; and the rows are plain elements (a Fluent `Text` a row was most of
 * their cost).
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
  const [allDrawn, setAllDrawn] = useState(false);
  useEffect(() => startTransition(() => setAllDrawn(true)), []);
  const folded = useMemo(() => floors.map((f) => f.notArrived.map((p) => foldName(`${p.name} ${p.email ?? ''}`))), [floors]);
  const words = searchWords(searched);
  const shown = useMemo(() => {
    const wanted = searchWords(searched);
    return floors
      .map((f, i) => ({
        floor: f,
        people: wanted.length > 0 ? f.notArrived.filter((_, j) => wanted.every((word) => folded[i]![j]!.includes(word))) : f.notArrived,
      }))
      .filter((f) => f.people.length > 0);
  }, [floors, folded, searched]);
  const total = floors.reduce((n, f) => n + f.notArrived.length, 0);
  const matching = shown.reduce((n, f) => n + f.people.length, 0);

  return (
    <section aria-labelledby="move-day-not-arrived">
      <Stack tokens={{ childrenGap: 8 }}>
        <Text as="h2" variant="xLarge" id="move-day-not-arrived">
          {t.notArrived.replace('{count}', String(total))}
        </Text>
        {total === 0 ? (
          <Text>{t.everyoneArrived}</Text>
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
                <Text>{matching === 0 ? t.noNameMatches.replace('{query}', searched.trim()) : t.namesMatch.replace('{count}', String(matching))}</Text>
              )}
            </div>
            <Text as="div">
              {shown.map(({ floor, people }) => (
                <FloorAbsent key={floor.floorId} floor={floor} people={people} drawn={allDrawn ? people.length : FIRST_DRAWN} t={t} waveNames={waveNames} />
              ))}
            </Text>
          </>
        )}
      </Stack>
    </section>
  );
});

/** The same people in the same order: a new answer with nothing changed on the floor draws nothing. */
const samePeople = (a: readonly Absent[], b: readonly Absent[]) =>
  a === b ||
  (a.length === b.length &&
    a.every((p, i) => {
      const q = b[i]!;
      return (
        p.personId === q.personId &&
        p.name === q.name &&
        p.space === q.space &&
        p.table === q.table &&
        p.phone === q.phone &&
        p.email === q.email &&
        p.waveId === q.waveId
      );
    }));

/** One floor's people not here: a heading and the list it names. */
const FloorAbsent = memo(
  function FloorAbsent({
    floor,
    people,
    drawn,
    t,
    waveNames,
  }: {
    floor: Floor;
    people: readonly Absent[];
    drawn: number;
    t: BoardText;
    waveNames?: ReadonlyMap<string, string>;
  }) {
    const headingId = `not-arrived-${floor.floorId}`;
    return (
      <div>
        <Text as="h3" variant="mediumPlus" id={headingId} block>
          {t.floorNotArrived.replace('{floor}', floor.floor).replace('{count}', String(floor.notArrived.length))}
        </Text>
        <ul aria-labelledby={headingId} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
          {people.slice(0, drawn).map((p) => (
            <AbsentPerson key={p.personId} person={p} t={t} waveNames={waveNames} />
          ))}
        </ul>
      </div>
    );
  },
  (a, b) =>
    a.floor.floorId === b.floor.floorId &&
    a.floor.floor === b.floor.floor &&
    a.floor.notArrived.length === b.floor.notArrived.length &&
    a.drawn === b.drawn &&
    a.t === b.t &&
    a.waveNames === b.waveNames &&
    samePeople(a.people, b.people),
);

const AbsentPerson = memo(function AbsentPerson({ person: p, t, waveNames }: { person: Absent; t: BoardText; waveNames?: ReadonlyMap<string, string> }) {
  return (
    <li>
      {p.name} · {t.space} {p.space}
      {p.table ? ` · ${t.table} ${p.table}` : ''}
      <PersonContact person={p} t={t} waveNames={waveNames} />
    </li>
  );
});

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
      <Stack tokens={{ childrenGap: 8 }}>
        <Text as="h2" variant="xLarge" id="move-day-without-seat">
          {t.withoutSeat.replace('{count}', String(people.length))}
        </Text>
        <Text>{t.withoutSeatHint}</Text>
        <ul aria-labelledby="move-day-without-seat" style={{ margin: 0, paddingLeft: 20 }}>
          {people.map((p) => (
            <li key={p.personId}>
              <Text>
                {p.name}
                {p.arrived ? ` · ${t.arrivedState}` : ''}
                <PersonContact person={p} t={t} waveNames={waveNames} />
              </Text>
            </li>
          ))}
        </ul>
      </Stack>
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
