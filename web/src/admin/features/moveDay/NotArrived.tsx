import { SearchBox, Stack, Text } from '@fluentui/react';
import { type MoveDayBoard, nameMatches, searchWords } from '@movers/contracts';
import { memo, useState } from 'react';
import { EmailText } from '../../../common/people/EmailText.tsx';
import type { BoardText } from './text.ts';

/**
 * Who has not arrived yet, by floor, with the phone and e-mail the planner has for them, so the team can
 * look for them or call; the search keeps the people whose name or address holds every word typed (as the
 * planner's people search does: 'Odegard' finds 'Ødegård'). Escape empties it. The board's wave filter
 * narrows it (issue 48); each person's wave is named (`waveNames`: id → the name in the board's language).
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
  const words = searchWords(query);
  const total = floors.reduce((n, f) => n + f.notArrived.length, 0);
  const shown = floors
    .map((f) => ({ ...f, people: words.length > 0 ? f.notArrived.filter((p) => nameMatches(`${p.name} ${p.email ?? ''}`, words)) : f.notArrived }))
    .filter((f) => f.people.length > 0);
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
                <Text>{matching === 0 ? t.noNameMatches.replace('{query}', query.trim()) : t.namesMatch.replace('{count}', String(matching))}</Text>
              )}
            </div>
            {shown.map((f) => (
              <div key={f.floorId}>
                <Text as="h3" variant="mediumPlus" id={`not-arrived-${f.floorId}`} block>
                  {t.floorNotArrived.replace('{floor}', f.floor).replace('{count}', String(f.notArrived.length))}
                </Text>
                <ul aria-labelledby={`not-arrived-${f.floorId}`} style={{ margin: '4px 0 0', paddingLeft: 20 }}>
                  {f.people.map((p) => (
                    <li key={p.personId}>
                      <Text>
                        {p.name} · {t.space} {p.space}
                        {p.table ? ` · ${t.table} ${p.table}` : ''}
                        <PersonContact person={p} t={t} waveNames={waveNames} />
                      </Text>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </>
        )}
      </Stack>
    </section>
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
