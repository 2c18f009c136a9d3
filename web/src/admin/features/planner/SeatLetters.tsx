import { DefaultButton, Dropdown, MessageBar, MessageBarType, PrimaryButton, Spinner, Stack, Text } from '@fluentui/react';
import {
  type ContentLocale,
  contentLocales,
  format,
  formatMoveDayTime,
  formatWaveDay,
  formatWaveTime,
  formatWaveWindow,
  type LabelRow,
  type LetterSeat,
  type LetterWaveChange,
  labelRows,
  localeNames,
  placeName,
  type SeatChange,
  seatLink,
  type SeatLetterRow,
  type SeatLetterScope,
  seatLetterMessages,
  waveName,
} from '@movers/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { PlannerConfirmDialog } from './PlannerConfirmDialog.tsx';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSendOnce } from '../../../common/useSendOnce.ts';
import { useWhenIdle } from '../../../common/useWhenIdle.ts';
import { downloadLabels, sendSeatLetters, useAllMarkers, useMoveOverview, useMoveWaves, usePeople, useSeatLetters } from './api.ts';
import { StickerSheet, type StickerLayout } from './StickerSheet.tsx';
import { usePlannerText } from './text.ts';
import { screenNameOfDefault } from './waveNames.ts';
import { MoveZoneNote, zoneNoteLanguage } from '../../../common/MoveZoneNote.tsx';

/** The most rows drawn at once. */
const SHOWN = 200;
/** How often the letters are read again while some are on their way. */
const POLL_MS = 2000;

type Filter = 'all' | 'sent' | 'waiting' | 'failed' | 'none';
const filters: Filter[] = ['all', 'failed', 'waiting', 'sent', 'none'];
const inFilter = (row: SeatLetterRow, filter: Filter) =>
  filter === 'all' ||
  (filter === 'waiting' ? row.status === 'waiting' || row.status === 'sending' : filter === 'none' ? row.status === null : row.status === filter);

/**
 * The People step's seat letters: send each person with an address their seat (through the queue), then
 * watch them go out; send again only to those whose seat changed, retry the failed. The button says why
 * no letter can be sent (mail turned off: no sender mailbox; no published floor; nobody with an address and a seat).
 */
export function SeatLetters({ moveId }: { moveId: string }) {
  const t = usePlannerText();
  const l = t.letters;
  const api = useApi();
  const toast = useToast();
  // Below the people list (2,000 rows at a head office): its 800 KB of letters are read once the step's
  // first drawing is done, not between it and the user (issue 56).
  const idle = useWhenIdle();
  const letters = useSeatLetters(idle ? moveId : '');
  // A letter is offered in the move's languages only (the server refuses any other).
  const move = useMoveOverview(moveId).data;
  const languages = move?.languages ?? [];
  // On the move's clock (issue 55).
  const formatDayTime = (at: string) => formatMoveDayTime(at, move?.timeZone ?? 'UTC');
  const [labelsOpen, setLabelsOpen] = useState(false);
  const { sending, send } = useSendOnce();
  const [language, setLanguage] = useState<ContentLocale | ''>('');
  // A large move sends a wave's letters at a time (issue 48).
  const waves = useMoveWaves(moveId).data?.waves ?? [];
  const [waveId, setWaveId] = useState('');
  const wave = waves.find((w) => w.id === waveId);
  // Every wave name here in the screen's language, else the move's default (issue 55); the rows carry the default's.
  const nameOf = (w: Parameters<typeof waveName>[0]) => waveName(w, t.waves.lang);
  const rowWave = screenNameOfDefault(waves, t.waves.lang);
  const [filter, setFilter] = useState<Filter>('all');
  // What the question is about: the letters to everyone not yet mailed, or the corrections. Kept once
  // answered, so that the closing dialog does not change its words while it fades out.
  const [question, setQuestion] = useState<{ scope: 'all' | 'corrections'; n: number; seats: number; times: number }>({
    scope: 'all',
    n: 0,
    seats: 0,
    times: 0,
  });
  const [asking, setAsking] = useState(false);
  const ask = (scope: 'all' | 'corrections', n: number) => {
    // What the corrections are for (issue 55): how many get a new seat, how many a new wave or new times.
    const changed = (state?.rows ?? []).filter((r) => r.seatChanged);
    const seats = changed.filter((r) => r.seatChanges.length > 0 || !r.waveChange).length;
    const times = changed.filter((r) => r.waveChange).length;
    setQuestion({ scope, n, seats, times });
    setAsking(true);
  };
  const peopleText = (n: number) => (n === 1 ? l.onePerson : format(l.people_n, { n }));
  const state = letters.data;
  const onTheirWay = (state?.counts.waiting ?? 0) + (state?.counts.sending ?? 0);
  const { reload } = letters;
  useEffect(() => {
    if (onTheirWay === 0) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [onTheirWay, reload]);
  const rows = useMemo(() => (state?.rows ?? []).filter((row) => inFilter(row, filter)), [state, filter]);
  const unsent = state
    ? state.rows.filter((r) => (!wave || r.wave === wave.name) && r.email && r.seat && r.status !== 'sent' && r.status !== 'waiting' && r.status !== 'sending')
        .length
    : 0;

  // The API says why in the catalogue's English; the planner shows it in its own language.
  const reason = <T extends string | null>(text: T): string | T => {
    const key = (Object.keys(seatLetterMessages) as (keyof typeof seatLetterMessages)[]).find((k) => seatLetterMessages[k] === text);
    return key ? l.reasons[key] : text;
  };

  const queue = (scope: SeatLetterScope) =>
    send({ scope, language, waveId }, async (key) => {
      try {
        const queued = await sendSeatLetters(api, moveId, { scope, ...(language ? { language } : {}), ...(wave ? { waveId: wave.id } : {}) }, key);
        toast.success(queued.queued > 0 ? format(l.queued, { n: queued.queued }) : l.nobodyNew);
      } catch (error) {
        toast.error(error instanceof ApiError ? reason(error.message) : t.errors.invalidRequest);
      }
    });

  const statusText = (row: SeatLetterRow) => {
    if (!row.email) return l.noAddress;
    if (!row.seat) return l.noSeat;
    const base = row.status === null ? l.none : row.status === 'sent' && row.sentAt ? `${l.sent} ${formatDayTime(row.sentAt)}` : l[row.status];
    return [
      base,
      row.status === 'failed' ? reason(row.error) : null,
      // A changed row whose seat is the same changed its wave (issue 48).
      row.seatChanged && (!row.waveChanged || row.seatChanges.length > 0) ? l.changed : null,
      row.waveChanged ? l.waveChanged : null,
      row.labelsReplacedAt ? l.oldLabelsReplaced : null,
    ]
      .filter(Boolean)
      .join(' · ');
  };
  // Whose seat changed since their letter, and those a correction was sent to (their old labels replaced).
  const changedRows = useMemo(() => (state?.rows ?? []).filter((row) => row.seatChanged || row.labelsReplacedAt), [state]);

  return (
    <Stack as="section" aria-labelledby="seat-letters" tokens={{ childrenGap: 12 }}>
      <Text as="h3" variant="large" id="seat-letters">
        {l.heading}
      </Text>
      <Text>{l.about}</Text>
      {(letters.status === 'loading' || letters.status === 'notAsked') && <Spinner label={t.loading} />}
      {letters.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.errors.invalidRequest}</MessageBar>}
      {state && (
        <>
          <Text role="status">{format(l.counts, { ...state.counts, waiting: onTheirWay })}</Text>
          <Stack horizontal wrap tokens={{ childrenGap: 8 }} verticalAlign="end">
            <Dropdown
              label={l.language}
              selectedKey={language}
              options={[
                { key: '', text: l.moveDefault },
                ...contentLocales.filter((code) => languages.includes(code)).map((code) => ({ key: code, text: localeNames[code] })),
              ]}
              onChange={(_, option) => setLanguage((option?.key as ContentLocale | '') ?? '')}
              styles={{ root: { width: 220 } }}
            />
            {waves.length > 0 && (
              <Dropdown
                label={l.sendTo}
                selectedKey={waveId}
                options={[{ key: '', text: l.everyone }, ...waves.map((w, i) => ({ key: w.id, text: `${t.wave} ${i + 1} · ${nameOf(w)}` }))]}
                onChange={(_, option) => setWaveId((option?.key as string | undefined) ?? '')}
                styles={{ root: { width: 220 } }}
              />
            )}
            <PrimaryButton text={l.send} disabled={sending || state.cannotSend !== null || unsent === 0} onClick={() => ask('all', unsent)} />
            <DefaultButton
              text={format(l.sendChanged, { n: state.counts.changed })}
              disabled={sending || state.cannotSend !== null || state.counts.changed === 0}
              onClick={() => void queue('changed')}
            />
            <DefaultButton
              text={format(l.sendCorrections, { n: state.counts.changed })}
              disabled={sending || state.cannotSend !== null || state.counts.changed === 0}
              onClick={() => ask('corrections', state.counts.changed)}
            />
            <DefaultButton
              text={format(l.retryFailed, { n: state.counts.failed })}
              disabled={sending || state.cannotSend !== null || state.counts.failed === 0}
              onClick={() => void queue('failed')}
            />
          </Stack>
          {state.cannotSend && <MessageBar messageBarType={MessageBarType.warning}>{reason(state.cannotSend)}</MessageBar>}
          <ChangedPeople rows={changedRows} moveId={moveId} path={move?.path ?? ''} open={labelsOpen} onOpen={setLabelsOpen} />
          <Dropdown
            label={l.filter}
            selectedKey={filter}
            options={filters.map((key) => ({ key, text: l[key] }))}
            onChange={(_, option) => setFilter((option?.key as Filter) ?? 'all')}
            styles={{ root: { width: 220 } }}
          />
          {rows.length > SHOWN && <Text>{format(l.shownOf, { shown: SHOWN, n: rows.length })}</Text>}
          <SideScroll label={l.heading}>
            <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={l.heading}>
              <thead>
                <tr>
                  {[t.name, t.email, t.space, ...(waves.length > 0 ? [t.wave] : []), l.status].map((h) => (
                    <th key={h} style={cell} scope="col">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.slice(0, SHOWN).map((row) => (
                  <tr key={row.personId}>
                    <td style={cell}>{row.name}</td>
                    <td style={cell}>{row.email}</td>
                    <td style={cell}>{row.seat ? placeName(row.seat, t.floor) : ''}</td>
                    {waves.length > 0 && <td style={cell}>{row.wave ? rowWave(row.wave) : ''}</td>}
                    <td style={cell}>{statusText(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SideScroll>
          {move && <MoveZoneNote zone={move.timeZone} language={zoneNoteLanguage(t.numberLocale)} />}
        </>
      )}
      <PlannerConfirmDialog
        open={asking}
        title={
          question.scope === 'corrections'
            ? question.n === 1
              ? l.correctionsConfirmOne
              : format(l.correctionsConfirmTitle, { n: question.n })
            : format(l.confirmTitle, { n: question.n })
        }
        text={
          question.scope === 'corrections'
            ? format(l.correctionsConfirmText, { labels: l.changesOnly, seats: peopleText(question.seats), times: peopleText(question.times) })
            : l.confirmText
        }
        confirmText={l.confirm}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void queue(question.scope);
        }}
      />
    </Stack>
  );
}

/**
 * What changed of a person's wave since their letter (issue 55), one line each, old → new: the wave when
 * it is another, then its day and each time that moved ('Pick-up: Saturday 5 December 13:00–14:00 → …').
 */
function useWaveChangeLines(waveName: (name: string) => string) {
  const t = usePlannerText();
  const l = t.letters;
  const language = t.waves.lang;
  const time = (value: string | null) => (value ? formatWaveTime(value, language) : l.notSet);
  const window = (value: { start: string; end: string } | null) => (value ? formatWaveWindow(value, language) : l.notSet);
  return (change: LetterWaveChange): string[] =>
    change.changed.map((field) => {
      const { from, to } = change;
      if (field === 'wave') return format(l.waveFromTo, { from: from ? waveName(from.name) : l.noWaveName, to: to ? waveName(to.name) : l.noWaveName });
      const line = (a: string, b: string) => format(l.timeChange, { what: l.times[field], from: a, to: b });
      if (field === 'day') return line(from ? formatWaveDay(from.day, language) : l.notSet, to ? formatWaveDay(to.day, language) : l.notSet);
      if (field === 'packBy') return line(time(from?.packBy ?? null), time(to?.packBy ?? null));
      return line(window(from?.[field] ?? null), window(to?.[field] ?? null));
    });
}

/** 'Seat: Floor 2 · 201 → Floor 3 · 301, by Kari, 2026-11-27 10:02'. */
function useChangeLine(moveId: string) {
  const t = usePlannerText();
  const timeZone = useMoveOverview(moveId).data?.timeZone ?? 'UTC';
  const formatDayTime = (at: string) => formatMoveDayTime(at, timeZone);
  const seat = (value: LetterSeat | null) => (value ? placeName(value, t.floor) : t.letters.noSeatName);
  return (change: SeatChange) => format(t.letters.seatChange, { from: seat(change.from), to: seat(change.to), by: change.by, at: formatDayTime(change.at) });
}

/** Each person and what changed for them (issues 37, 55): their wave and its times, old → new, and their seat changes. */
function PeopleChanges({
  rows,
  label,
  waveName,
  changeLine,
}: {
  rows: SeatLetterRow[];
  label: string;
  waveName: (name: string) => string;
  changeLine: (change: SeatChange) => string;
}) {
  const l = usePlannerText().letters;
  const waveLines = useWaveChangeLines(waveName);
  return (
    <ul aria-label={label} style={{ margin: 0, paddingLeft: 20 }}>
      {rows.slice(0, SHOWN).map((row) => (
        <li key={row.personId} data-changed-person={row.personId}>
          <Text>
            <strong>{row.name}</strong>
            {row.labelsReplacedAt ? ` · ${l.oldLabelsReplaced}` : ''}
          </Text>
          <ul style={{ margin: '2px 0 6px', paddingLeft: 20 }}>
            {(row.waveChange ? waveLines(row.waveChange) : []).map((line) => (
              <li key={line}>
                <Text>{line}</Text>
              </li>
            ))}
            {row.seatChanges.map((change) => (
              <li key={`${change.at}-${change.to?.space ?? ''}-${change.to?.table ?? ''}`}>
                <Text>{changeLine(change)}</Text>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/**
 * The people whose seat changed since their letter (issue 37): what changed for each, from the history,
 * whether their old labels were replaced, and their labels alone ('Labels for changed people only': the
 * table, the CSV of those people and the printable sticker sheet of them).
 */
function ChangedPeople({
  rows,
  moveId,
  path,
  open,
  onOpen,
}: {
  rows: SeatLetterRow[];
  moveId: string;
  path: string;
  open: boolean;
  onOpen: (open: boolean) => void;
}) {
  const t = usePlannerText();
  const l = t.letters;
  const api = useApi();
  const toast = useToast();
  // Still changed since their letter, and those whose correction has gone out (issue 55: not 'changed' any more).
  const changed = useMemo(() => rows.filter((r) => r.seatChanged), [rows]);
  const corrected = useMemo(() => rows.filter((r) => !r.seatChanged), [rows]);
  const changeLine = useChangeLine(moveId);
  const [layout, setLayout] = useState<StickerLayout>('3x8');
  const [sheet, setSheet] = useState(false);
  const move = useMoveOverview(moveId).data;
  const all = useAllMarkers(open ? moveId : '');
  const people = usePeople(open ? moveId : '');
  const waves = useMoveWaves(open ? moveId : '').data;
  const rowWave = screenNameOfDefault(useMoveWaves(moveId).data?.waves ?? [], t.waves.lang);
  const ids = useMemo(() => new Set(rows.map((r) => r.personId)), [rows]);
  const replaced = useMemo(() => new Set(rows.filter((r) => r.labelsReplacedAt).map((r) => r.personId)), [rows]);
  const labels: LabelRow[] = useMemo(
    () =>
      all.data && people.data && move
        ? labelRows({
            floors: all.data.map((f) => ({ id: f.id, title: f.floor_name, labelColor: f.label_color })),
            markers: all.data.flatMap((f) =>
              f.markers.map((m) => ({ id: m.id, layoutId: f.id, markerType: m.marker_type, title: m.title, spaceId: m.spaceId })),
            ),
            people: people.data.people
              .filter((p) => ids.has(p.id))
              .map((p) => ({ id: p.id, name: p.name, markerId: p.move_layout_marker_id, stickersCount: p.stickersCount, waveId: p.waveId })),
            defaultCount: move.stickersCount,
            companyName: move.company,
            waves: (waves?.waves ?? []).map((w) => ({ ...w, name: waveName(w, t.waves.lang) })),
          })
        : [],
    [all.data, people.data, move, ids, waves, t.waves.lang],
  );
  const seatLinkOf = useCallback(
    (row: LabelRow) => (row.roomNumber ? seatLink(`${window.location.origin}/${encodeURIComponent(path)}`, row.ownerKey) : null),
    [path],
  );

  async function download() {
    try {
      await downloadLabels(api, { id: moveId, path }, { changed: true, lang: t.waves.lang });
    } catch {
      toast.error(t.csvFailed);
    }
  }

  return (
    <Stack as="section" aria-labelledby="seat-letters-changed" tokens={{ childrenGap: 8 }}>
      <Text as="h4" variant="mediumPlus" id="seat-letters-changed" styles={{ root: { fontWeight: 600, margin: 0 } }}>
        {format(l.changedHeading, { n: changed.length })}
      </Text>
      {changed.length === 0 ? <Text>{l.noChanged}</Text> : <Text>{l.changedAbout}</Text>}
      {changed.length > 0 && (
        <PeopleChanges rows={changed} label={format(l.changedHeading, { n: changed.length })} waveName={rowWave} changeLine={changeLine} />
      )}
      {corrected.length > 0 && (
        <>
          <Text as="h5" variant="medium" id="seat-letters-corrected" styles={{ root: { fontWeight: 600, margin: 0 } }}>
            {format(l.correctedHeading, { n: corrected.length })}
          </Text>
          <Text>{l.correctedAbout}</Text>
          <PeopleChanges rows={corrected} label={format(l.correctedHeading, { n: corrected.length })} waveName={rowWave} changeLine={changeLine} />
        </>
      )}
      {rows.length > 0 && (
        <>
          <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
            <DefaultButton text={open ? l.hideChangesOnly : l.changesOnly} aria-expanded={open} onClick={() => onOpen(!open)} />
          </Stack>
          {open && (
            <Stack tokens={{ childrenGap: 8 }}>
              <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
                <DefaultButton text={l.downloadChangedCsv} onClick={() => void download()} />
                <DefaultButton
                  text={l.printChanged}
                  disabled={labels.length === 0}
                  onClick={() => {
                    setSheet(true);
                    requestAnimationFrame(() => requestAnimationFrame(() => window.print()));
                  }}
                />
              </Stack>
              {(!all.data || !people.data) && <Spinner label={t.loading} />}
              {labels.length > 0 && (
                <SideScroll label={l.changesOnly}>
                  <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={l.changesOnly}>
                    <thead>
                      <tr>
                        {[t.name, t.floor, t.space, t.table, t.count, l.oldLabels].map((h) => (
                          <th key={h} style={cell} scope="col">
                            {h}
                          </th>
                        ))}
                      </tr>
                    </thead>
                    <tbody>
                      {labels.map((label) => (
                        <tr key={label.ownerKey}>
                          <td style={cell}>{label.name}</td>
                          <td style={cell}>{label.floor}</td>
                          <td style={cell}>{label.space}</td>
                          <td style={cell}>{label.table}</td>
                          <td style={cell}>{label.count}</td>
                          <td style={cell}>{replaced.has(label.ownerKey) ? l.oldLabelsReplaced : ''}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </SideScroll>
              )}
              {sheet && labels.length > 0 && <StickerSheet rows={labels} seatLinkOf={seatLinkOf} layout={layout} onLayout={setLayout} />}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
