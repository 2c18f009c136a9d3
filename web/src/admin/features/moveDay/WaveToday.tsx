import { Checkbox, Icon, MessageBar, MessageBarType, SearchBox, Spinner, Stack, Text } from '@fluentui/react';
import { nameMatches, searchWords, type WaveDay, waveName } from '@movers/contracts';
import { useState } from 'react';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { dayText, localTimeText, useWaveDay, windowText } from '../waves/index.ts';
import type { BoardLanguage, BoardText } from './text.ts';

type DayWave = WaveDay['waves'][number];

/** A wave's people that a search and 'only who is late' keep. */
export function peopleShown(wave: DayWave, query: string, onlyLate: boolean): DayWave['people'] {
  const words = searchWords(query);
  return wave.people.filter((p) => (!onlyLate || p.late.packing || p.late.arrival) && (words.length === 0 || nameMatches(p.name, words)));
}

/** Late in words and with an icon: never the colour alone. */
function Late({ text }: { text: string }) {
  return (
    <span style={{ color: '#a4262c', fontWeight: 600, whiteSpace: 'nowrap' }}>
      <Icon iconName="Warning" aria-hidden="true" style={{ marginRight: 4, verticalAlign: 'middle' }} />
      {text}
    </span>
  );
}

/**
 * The 'today' view of the move-day board (issue 48): the waves of the move's today (in its time zone, said),
 * each with its times, its people and crates, and who is late (not packed by pack-by, not arrived by the end
 * of the arrival window); searchable by name, and narrowed to who is late. Read again every 30 s.
 */
export function WaveToday({ moveId, t, language }: { moveId: string; t: BoardText; language: BoardLanguage }) {
  const day = useWaveDay(moveId);
  const [query, setQuery] = useState('');
  const [onlyLate, setOnlyLate] = useState(false);
  if (day.status === 'failed') return <MessageBar messageBarType={MessageBarType.error}>{t.todayFailed}</MessageBar>;
  if (!day.data) return <Spinner label={t.loading} />;
  const data = day.data;
  const shown = data.waves.map((wave) => ({ wave, people: peopleShown(wave, query, onlyLate) }));
  const matching = shown.reduce((n, w) => n + w.people.length, 0);
  return (
    <section aria-labelledby="move-day-today">
      <Stack tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" id="move-day-today">
          {t.todayTitle}
        </Text>
        <Text>{t.todayNow.replace('{day}', dayText(data.day)).replace('{time}', data.now.slice(11, 16)).replace('{zone}', data.timeZone)}</Text>
        {data.waves.length === 0 ? (
          <Text>{t.todayNone.replace('{day}', dayText(data.day))}</Text>
        ) : (
          <>
            <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 16 }}>
              <SearchBox
                ariaLabel={t.searchToday}
                placeholder={t.searchToday}
                value={query}
                onChange={(_, value) => setQuery(value ?? '')}
                styles={{ root: { width: 280 } }}
              />
              <Checkbox label={t.onlyLate} checked={onlyLate} onChange={(_, checked) => setOnlyLate(Boolean(checked))} />
            </Stack>
            <div role="status" aria-live="polite">
              {searchWords(query).length > 0 && (
                <Text>{matching === 0 ? t.noNameMatches.replace('{query}', query.trim()) : t.namesMatch.replace('{count}', String(matching))}</Text>
              )}
            </div>
            {shown.map(({ wave, people }) => (
              <TodayWave key={wave.id} wave={wave} people={people} t={t} name={waveName(wave, language)} />
            ))}
          </>
        )}
      </Stack>
    </section>
  );
}

function TodayWave({ wave, people, t, name }: { wave: DayWave; people: DayWave['people']; t: BoardText; name: string }) {
  const late = wave.people.filter((p) => p.late.packing || p.late.arrival).length;
  const headingId = `today-${wave.id}`;
  return (
    <section aria-labelledby={headingId} data-wave={name}>
      <Text as="h3" variant="large" id={headingId} block>
        {name}
      </Text>
      <Text block>
        {t.wavePeople.replace('{people}', String(wave.load.people)).replace('{crates}', String(wave.load.crates))} ·{' '}
        {late > 0 ? <Late text={t.waveLate.replace('{count}', String(late))} /> : t.waveNoneLate}
      </Text>
      <Text block variant="small">
        {t.packBy}: {wave.packBy ? localTimeText(wave.packBy) : '—'} · {t.pickUp}: {windowText(wave.pickUp)} · {t.arrival}: {windowText(wave.arrival)}
      </Text>
      {people.length > 0 && (
        <SideScroll>
          <table aria-label={t.peopleOfWave.replace('{wave}', name)} style={{ borderCollapse: 'collapse', width: '100%', maxWidth: 960 }}>
            <thead>
              <tr>
                {[t.name, t.seat, t.crates, t.packed, t.arrivedState, t.late].map((h) => (
                  <th key={h} style={cell} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {people.map((p) => (
                <tr key={p.id}>
                  <th style={{ ...cell, fontWeight: 400 }} scope="row">
                    {p.name}
                  </th>
                  <td style={cell}>{p.seat ?? t.noSeat}</td>
                  <td style={cell}>{p.crates}</td>
                  <td style={cell}>{p.packedAt ? t.packed : t.notPacked}</td>
                  <td style={cell}>{p.arrivedAt ? t.arrivedState : t.notArrivedState}</td>
                  <td style={cell}>
                    <Stack tokens={{ childrenGap: 2 }}>
                      {p.late.packing && <Late text={t.lateNotPacked} />}
                      {p.late.arrival && <Late text={t.lateNotArrived} />}
                    </Stack>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </SideScroll>
      )}
    </section>
  );
}
