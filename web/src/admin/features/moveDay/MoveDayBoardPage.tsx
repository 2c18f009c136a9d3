import { DefaultButton, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { type MoveDayBoard, type MoveDayReportPage, reportCategories, reportStatuses, type Wave, waveName } from '@movers/contracts';
import { memo, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { failureOf } from '../../../common/api/useResource.ts';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { PlainButton, PlainLabeledSelect } from '../../../common/PlainControls.tsx';
import { PlainHeading, PlainRow, PlainTitle } from '../../../common/PlainLayout.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { ScreenLanguage } from '../../../common/ScreenLanguage.tsx';
import { pathTo } from '../../routeTable.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { MoveCrumbs, useMove } from '../moves/index.ts';
import { useWaves } from '../waves/index.ts';
import { WaveToday } from './WaveToday.tsx';
import { DayChart } from './DayChart.tsx';
import { NotArrived, WithoutSeat } from './NotArrived.tsx';
import { MoveZone } from './moveClock.ts';
import { ReportCard } from './ReportCard.tsx';
import { enterFullScreen, WallMode } from './WallMode.tsx';
import { downloadCsv, useBoard, useReports } from './api.ts';
import { type ReportFilter, reportFilterOf } from './firstReads.ts';
import type { TeamMember } from './ReportCard.tsx';
import { MoveDayMapSection } from './MoveDayMapView.tsx';
import { wallTexts } from './wallText.ts';
import { BOARD_LANGUAGE_KEY, type BoardLanguage, type BoardText, boardTexts } from './text.ts';
import { WallLinkCard } from './WallLinkCard.tsx';
import { namesKey, optionsOf } from './namedOptions.ts';

const NO_TEAM: never[] = [];
const NO_WAVES: Wave[] = [];
const storedLanguage = (): BoardLanguage => (localStorage.getItem(BOARD_LANGUAGE_KEY) === 'no' ? 'no' : 'en');

/**
 * MOVE_DAY (issue 36): the move team's board on move day. Arrived of expected, by floor, and who has not
 * arrived yet (searchable by name); the reports,
 * newest first, filtered by status, category and floor (kept in the address); each with the person,
 * seat, text, photo and time, and its status, assignee and answer to set. It reads itself again every
 * 10 s while open (a 304 when nothing changed); a CSV of arrivals and reports for the review.
 */
export default function MoveDayBoardPage() {
  const { moveId = '', locationId = '', clientId = '' } = useParams();
  const api = useApi();
  const toast = useToast();
  const [query, setQuery] = useSearchParams();
  const [language, setLanguage] = useState<BoardLanguage>(storedLanguage);
  const [onWall, setOnWall] = useState(false);
  const leaveWall = useCallback(() => setOnWall(false), []);
  const t = boardTexts[language];
  // The same filter while the address is unchanged: the reports' section is drawn again only when it changes.
  const { status, category, floor: floorFilter, page } = reportFilterOf(query);
  const filter: ReportFilter = useMemo(() => ({ status, category, floor: floorFilter, page }), [status, category, floorFilter, page]);
  // The wave the board is narrowed to, and the 'today' view (issue 48): both in the address, as the filters are.
  const waveId = query.get('wave') ?? undefined;
  const view = query.get('view') === 'today' ? 'today' : 'board';
  const waves = useWaves(moveId);
  const waveList = waves.data?.waves ?? NO_WAVES;
  const chosenWave = waveList.find((w) => w.id === waveId);
  // On the wall only the map is read: the board's list and counts wait until the team is back.
  const board = useBoard(onWall ? '' : moveId, waveId);
  const reports = useReports(onWall ? '' : moveId, filter);
  const move = useMove(locationId, moveId);
  // The same list while the move is unchanged: a new empty one at each drawing of the board would draw the map again.
  const team = move.data?.teamMembers ?? NO_TEAM;
  const waveNames = useMemo(() => new Map(waveList.map((w) => [w.id, waveName(w, language)])), [waveList, language]);
  // The plan is drawn once the count and the search box are shown, the chart and the lists below it once the
  // plan is (issue 56).
  const stage = useDrawnInStages(board.status !== 'loading');
  const later = stage >= 1;
  const last = stage >= 2;

  useEffect(() => {
    document.documentElement.lang = language === 'no' ? 'nb' : 'en';
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [language]);

  const show = useCallback(
    (next: Partial<ReportFilter>) => {
      const merged = { ...filter, page: 1, ...next };
      const q = new URLSearchParams();
      if (merged.status) q.set('status', merged.status);
      if (merged.category) q.set('category', merged.category);
      if (merged.floor) q.set('floor', merged.floor);
      if (merged.page > 1) q.set('page', String(merged.page));
      if (waveId) q.set('wave', waveId);
      if (view === 'today') q.set('view', 'today');
      setQuery(q, { replace: true });
    },
    [filter, waveId, view, setQuery],
  );
  /** Sets or clears one of the board's own parameters (the wave, the view), keeping the others. */
  const setParam = useCallback(
    (name: 'wave' | 'view', value: string | undefined) =>
      setQuery(
        (q) => {
          if (value) q.set(name, value);
          else q.delete(name);
          return q;
        },
        { replace: true },
      ),
    [setQuery],
  );
  const path = move.data?.path;
  const csv = useCallback(() => path && downloadCsv(api, moveId, path).catch(() => toast.error(t.csvFailed)), [api, moveId, path, toast, t]);
  const wall = useCallback(() => {
    enterFullScreen();
    setOnWall(true);
  }, []);
  const chooseLanguage = useCallback((next: BoardLanguage) => {
    localStorage.setItem(BOARD_LANGUAGE_KEY, next);
    setLanguage(next);
  }, []);
  // What the reports' section shows of the board: the counts by status and the floors to filter by, as text,
  // so a refresh that changed only who arrived leaves the section as it is.
  const reportCounts = board.data ? reportStatuses.map((s) => `${t.statuses[s]}: ${board.data!.reports[s]}`).join(', ') : '';
  const floorNames = namesKey((board.data?.floors ?? []).map((f) => ({ id: f.floorId, name: f.floor })));

  // A move the caller may not see (another client's, whatever client the address names) or that does not
  // exist is the restricted-access or not-found page, not the board's frame around an error; a failed poll
  // of a board that loaded keeps the board with its message.
  const refused = [move, board].find((r) => failureOf(r) === 'forbidden' || failureOf(r) === 'notFound');
  if (refused)
    return (
      <LoadFailure
        resource={refused}
        failedText={t.failed}
        parent={{ text: 'location', to: pathTo('CLIENT_LOCATION', { clientId, locationId }) }}
        what="move service"
      />
    );
  // One clock, the move's (issue 55): its zone comes with the waves' list, which every move answers.
  const timeZone = waves.data?.timeZone;
  if (onWall) return <WallMode moveId={moveId} language={language} timeZone={timeZone} onExit={leaveWall} />;

  return (
    <MoveZone.Provider value={timeZone}>
      <Stack tokens={{ childrenGap: 16 }}>
        <BoardTop
          t={t}
          language={language}
          onLanguage={chooseLanguage}
          onWall={wall}
          onCsv={path ? csv : undefined}
          view={view}
          waves={waveList}
          chosenWave={chosenWave?.id}
          timeZone={timeZone}
          setParam={setParam}
        />
        {view === 'today' && <WaveToday moveId={moveId} t={t} language={language} />}
        {view === 'board' && board.status === 'loading' && <Spinner size={SpinnerSize.large} label={t.loading} />}
        {view === 'board' && board.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.failed}</MessageBar>}
        {view === 'board' && board.data && <Arrivals board={board.data} t={t} waveName={chosenWave ? waveName(chosenWave, language) : undefined} />}
        {/* Mounted with the board, so their hooks take the reads asked for as it opened; drawn after its count. */}
        {view === 'board' && (
          <MoveDayMapSection moveId={moveId} wave={waveId} drawn={Boolean(board.data) && later} t={t} w={wallTexts[language]} language={language} team={team} />
        )}
        {view === 'board' && <DayChart moveId={moveId} t={t} wave={waveId} drawn={Boolean(board.data) && last} />}
        {view === 'board' && board.data && <NotArrived floors={board.data.floors} t={t} waveNames={waveNames} />}
        {view === 'board' && board.data && last && <WithoutSeat people={board.data.withoutSeat} t={t} waveNames={waveNames} />}
        {last && (
          <Reports
            hidden={view !== 'board'}
            t={t}
            counts={reportCounts}
            floorNames={floorNames}
            filter={filter}
            show={show}
            page={reports.data}
            status={reports.status}
            team={team}
          />
        )}
        {last && <WallLinkCard moveId={moveId} language={language} />}
      </Stack>
    </MoveZone.Provider>
  );
}

/**
 * The board's drawing in three steps (issue 56): 0 until its first drawing with its answer (or its failure):
 * the count, the floors and who-is-not-here's search; 1 from the next: the plan, the first thing looked at;
 * 2 once that is on the screen: the chart, the lists and the reports below it. Each step in a transition,
 * which React draws in slices a key typed meanwhile interrupts; the last after the browser has painted.
 */
function useDrawnInStages(ready: boolean): 0 | 1 | 2 {
  const [stage, setStage] = useState<0 | 1 | 2>(0);
  useEffect(() => {
    if (!ready || stage === 2) return;
    if (stage === 0) {
      startTransition(() => setStage(1));
      return;
    }
    const painted = setTimeout(() => startTransition(() => setStage(2)));
    return () => clearTimeout(painted);
  }, [ready, stage]);
  return stage;
}

/**
 * The title, the wall mode, the CSV and the language, the views and the wave: memoised, as a refresh of the
 * board (every 10 s, with every arrival) changes none of them, and Fluent's buttons and drop-downs are what
 * took the time of drawing them again (issue 56).
 */
const BoardTop = memo(function BoardTop({
  t,
  language,
  onLanguage,
  onWall,
  onCsv,
  view,
  waves,
  chosenWave,
  timeZone,
  setParam,
}: {
  t: BoardText;
  language: BoardLanguage;
  onLanguage: (language: BoardLanguage) => void;
  onWall: () => void;
  /** Saves the CSV; undefined until the move is read. */
  onCsv?: () => void;
  view: 'board' | 'today';
  waves: readonly Wave[];
  chosenWave?: string;
  timeZone?: string;
  setParam: (name: 'wave' | 'view', value: string | undefined) => void;
}) {
  const waveOptions = [{ key: 'all', text: t.allWaves }, ...waves.map((w) => ({ key: w.id, text: waveName(w, language) }))];
  return (
    <>
      <MoveCrumbs current={t.title} />
      <PlainRow gap={12} align="center" spread>
        <PlainTitle>{t.title}</PlainTitle>
        <PlainRow gap={12}>
          <PlainButton text={t.wallMode} icon="TVMonitor" onClick={onWall} />
          <PlainButton text={t.csv} icon="Download" disabled={!onCsv} onClick={onCsv} />
          <ScreenLanguage label={t.language} language={language} onChange={onLanguage} />
        </PlainRow>
      </PlainRow>
      <PlainRow gap={12}>
        {/* A group of two toggles, named: a fieldset would draw a box and a legend. */}
        <PlainRow gap={4} role="group" aria-label={t.views}>
          <PlainButton text={t.boardView} aria-pressed={view === 'board'} onClick={() => setParam('view', undefined)} />
          <PlainButton text={t.todayView} aria-pressed={view === 'today'} onClick={() => setParam('view', 'today')} />
        </PlainRow>
        {view === 'board' && waves.length > 0 && (
          <PlainLabeledSelect
            label={t.wave}
            value={chosenWave ?? 'all'}
            options={waveOptions}
            onChange={(key) => setParam('wave', key === 'all' ? undefined : key)}
            minWidth={180}
          />
        )}
      </PlainRow>
      <span className="plain-small">
        {t.updatesItself}
        {view === 'board' && timeZone ? ` ${t.timesIn.replace('{zone}', timeZone)}` : ''}
      </span>
    </>
  );
});

/** Arrived of expected (in the wave chosen), the people without a seat, and the same by floor. */
function Arrivals({ board, t, waveName: wave }: { board: MoveDayBoard; t: BoardText; waveName?: string }) {
  return (
    <section aria-labelledby="move-day-arrivals">
      <PlainHeading id="move-day-arrivals" block>
        <span data-testid="move-day-arrived">
          {(wave ? t.arrivedInWave.replace('{wave}', wave) : t.arrived)
            .replace('{arrived}', String(board.arrived))
            .replace('{expected}', String(board.expected))}
        </span>
      </PlainHeading>
      {board.withoutSeat.length > 0 && (
        <div>{board.withoutSeat.length === 1 ? t.withoutSeatOne : t.withoutSeatMany.replace('{count}', String(board.withoutSeat.length))}</div>
      )}
      <SideScroll>
        <table aria-label={t.byFloor} style={{ borderCollapse: 'collapse', maxWidth: 480, width: '100%' }}>
          <thead>
            <tr>
              <th style={cell}>{t.floor}</th>
              <th style={cell}>{t.arrivedColumn}</th>
              <th style={cell}>{t.expected}</th>
            </tr>
          </thead>
          <tbody>
            {board.floors.map((f) => (
              <tr key={f.floorId}>
                <td style={cell}>{f.floor}</td>
                <td style={cell}>{f.arrived}</td>
                <td style={cell}>{f.expected}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </SideScroll>
    </section>
  );
}

/**
 * The reports, newest first, filtered by status, category and floor (kept in the address), a page at a time.
 * Memoised: drawn again when the reports, the filter or what it shows of the board (`counts`, `floorNames`)
 * changed, not at each refresh of the board.
 */
const Reports = memo(function Reports({
  hidden,
  t,
  counts,
  floorNames,
  filter,
  show,
  page: answer,
  status,
  team,
}: {
  hidden: boolean;
  t: BoardText;
  /** The reports counted by status, as the heading says them; empty before the board is read. */
  counts: string;
  /** The board's floors (`namesKey`). */
  floorNames: string;
  filter: ReportFilter;
  show: (next: Partial<ReportFilter>) => void;
  page: MoveDayReportPage | undefined;
  status: string;
  team: TeamMember[];
}) {
  const pages = answer ? Math.max(1, Math.ceil(answer.total / answer.pageSize)) : 1;
  const all = { key: 'all', text: t.all };
  const floors = optionsOf(floorNames);
  return (
    <section aria-labelledby="move-day-reports" hidden={hidden}>
      <Stack tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" id="move-day-reports">
          {t.reports}
          {counts ? ` (${counts})` : ''}
        </Text>
        <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }} role="group" aria-label="filters">
          <PlainLabeledSelect
            label={t.status}
            value={filter.status ?? 'all'}
            options={[all, ...reportStatuses.map((s) => ({ key: s, text: t.statuses[s] }))]}
            onChange={(key) => show({ status: key === 'all' ? undefined : key })}
            minWidth={160}
          />
          <PlainLabeledSelect
            label={t.category}
            value={filter.category ?? 'all'}
            options={[all, ...reportCategories.map((c) => ({ key: c, text: t.categories[c] }))]}
            onChange={(key) => show({ category: key === 'all' ? undefined : key })}
            minWidth={200}
          />
          <PlainLabeledSelect
            label={t.floor}
            value={filter.floor ?? 'all'}
            options={[all, ...floors]}
            onChange={(key) => show({ floor: key === 'all' ? undefined : key })}
            minWidth={140}
          />
        </Stack>
        {status === 'loading' && <Spinner label={t.loading} />}
        {status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.failed}</MessageBar>}
        {answer && answer.items.length === 0 && <Text>{t.noReports}</Text>}
        {answer && answer.items.length > 0 && (
          <ul aria-label={t.reports} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12, maxWidth: 960 }}>
            {answer.items.map((report) => (
              <ReportCard key={report.id} report={report} t={t} team={team} />
            ))}
          </ul>
        )}
        {answer && pages > 1 && (
          <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }} role="navigation" aria-label="pages">
            <DefaultButton text={t.previous} disabled={filter.page <= 1} onClick={() => show({ page: filter.page - 1 })} />
            <Text>{t.page.replace('{page}', String(filter.page)).replace('{pages}', String(pages)).replace('{total}', String(answer.total))}</Text>
            <DefaultButton text={t.next} disabled={filter.page >= pages} onClick={() => show({ page: filter.page + 1 })} />
          </Stack>
        )}
      </Stack>
    </section>
  );
});
