import { DefaultButton, Dropdown, type IDropdownOption, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { reportCategories, reportStatuses, waveName } from '@movers/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { failureOf } from '../../../common/api/useResource.ts';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
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
import { downloadCsv, type ReportFilter, useBoard, usePreloadedDay, useReports } from './api.ts';
import { MoveDayMapSection } from './MoveDayMapView.tsx';
import { wallTexts } from './wallText.ts';
import { BOARD_LANGUAGE_KEY, type BoardLanguage, boardTexts } from './text.ts';
import { WallLinkCard } from './WallLinkCard.tsx';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);
const NO_TEAM: never[] = [];
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
  const filter: ReportFilter = {
    status: oneOf(reportStatuses, query.get('status')),
    category: oneOf(reportCategories, query.get('category')),
    floor: query.get('floor') ?? undefined,
    page: Math.max(1, Number(query.get('page')) || 1),
  };
  // The wave the board is narrowed to, and the 'today' view (issue 48): both in the address, as the filters are.
  const waveId = query.get('wave') ?? undefined;
  const view = query.get('view') === 'today' ? 'today' : 'board';
  const waves = useWaves(moveId);
  const waveList = waves.data?.waves ?? [];
  const chosenWave = waveList.find((w) => w.id === waveId);
  // On the wall only the map is read: the board's list and counts wait until the team is back.
  const board = useBoard(onWall ? '' : moveId, waveId);
  usePreloadedDay(onWall ? '' : moveId, waveId, filter, view === 'board');
  const reports = useReports(onWall ? '' : moveId, filter);
  const move = useMove(locationId, moveId);
  // The same list while the move is unchanged: a new empty one at each drawing of the board would draw the map again.
  const team = move.data?.teamMembers ?? NO_TEAM;
  // A wave's name in the board's language, else the move's default: the rule of every screen (issue 55).
  const nameOf = (w: Parameters<typeof waveName>[0]) => waveName(w, language);
  const waveNames = useMemo(() => new Map((waves.data?.waves ?? []).map((w) => [w.id, waveName(w, language)])), [waves.data, language]);

  useEffect(() => {
    document.documentElement.lang = language === 'no' ? 'nb' : 'en';
    return () => {
      document.documentElement.lang = 'en';
    };
  }, [language]);

  const show = (next: Partial<ReportFilter>) => {
    const merged = { ...filter, page: 1, ...next };
    const q = new URLSearchParams();
    if (merged.status) q.set('status', merged.status);
    if (merged.category) q.set('category', merged.category);
    if (merged.floor) q.set('floor', merged.floor);
    if (merged.page > 1) q.set('page', String(merged.page));
    if (waveId) q.set('wave', waveId);
    if (view === 'today') q.set('view', 'today');
    setQuery(q, { replace: true });
  };
  /** Sets or clears one of the board's own parameters (the wave, the view), keeping the others. */
  const setParam = (name: 'wave' | 'view', value: string | undefined) =>
    setQuery(
      (q) => {
        if (value) q.set(name, value);
        else q.delete(name);
        return q;
      },
      { replace: true },
    );
  const waveOptions: IDropdownOption[] = [{ key: 'all', text: t.allWaves }, ...waveList.map((w) => ({ key: w.id, text: nameOf(w) }))];
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
  const pages = reports.data ? Math.max(1, Math.ceil(reports.data.total / reports.data.pageSize)) : 1;
  const all = { key: 'all', text: t.all };

  return (
    <MoveZone.Provider value={timeZone}>
      <Stack tokens={{ childrenGap: 16 }}>
        <MoveCrumbs current={t.title} />
        <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 12 }}>
          <Text as="h1" variant="xxLarge">
            {t.title}
          </Text>
          <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 12 }}>
            <DefaultButton
              text={t.wallMode}
              iconProps={{ iconName: 'TVMonitor' }}
              onClick={() => {
                enterFullScreen();
                setOnWall(true);
              }}
            />
            <DefaultButton
              text={t.csv}
              iconProps={{ iconName: 'Download' }}
              disabled={!move.data}
              onClick={() => move.data && downloadCsv(api, moveId, move.data.path).catch(() => toast.error(t.csvFailed))}
            />
            <Dropdown
              label={t.language}
              selectedKey={language}
              options={[
                { key: 'en', text: 'English' },
                { key: 'no', text: 'Norsk' },
              ]}
              onChange={(_, option) => {
                if (!option) return;
                localStorage.setItem(BOARD_LANGUAGE_KEY, option.key as string);
                setLanguage(option.key as BoardLanguage);
              }}
              styles={{ root: { minWidth: 140 } }}
            />
          </Stack>
        </Stack>
        <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }}>
          <Stack horizontal tokens={{ childrenGap: 4 }} role="group" aria-label={t.views}>
            <DefaultButton text={t.boardView} checked={view === 'board'} aria-pressed={view === 'board'} onClick={() => setParam('view', undefined)} />
            <DefaultButton text={t.todayView} checked={view === 'today'} aria-pressed={view === 'today'} onClick={() => setParam('view', 'today')} />
          </Stack>
          {view === 'board' && waveList.length > 0 && (
            <Dropdown
              label={t.wave}
              selectedKey={chosenWave ? chosenWave.id : 'all'}
              options={waveOptions}
              onChange={(_, o) => setParam('wave', o?.key === 'all' ? undefined : (o?.key as string))}
              styles={{ root: { minWidth: 180 } }}
            />
          )}
        </Stack>
        <Text variant="small">
          {t.updatesItself}
          {view === 'board' && timeZone ? ` ${t.timesIn.replace('{zone}', timeZone)}` : ''}
        </Text>
        {view === 'today' && <WaveToday moveId={moveId} t={t} language={language} />}
        {view === 'board' && board.status === 'loading' && <Spinner size={SpinnerSize.large} label={t.loading} />}
        {view === 'board' && board.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.failed}</MessageBar>}
        {view === 'board' && board.data && (
          <section aria-labelledby="move-day-arrivals">
            <Text as="h2" variant="xLarge" id="move-day-arrivals" block>
              <span data-testid="move-day-arrived">
                {(chosenWave ? t.arrivedInWave.replace('{wave}', nameOf(chosenWave)) : t.arrived)
                  .replace('{arrived}', String(board.data.arrived))
                  .replace('{expected}', String(board.data.expected))}
              </span>
            </Text>
            {board.data.withoutSeat.length > 0 && (
              <Text block>
                {board.data.withoutSeat.length === 1 ? t.withoutSeatOne : t.withoutSeatMany.replace('{count}', String(board.data.withoutSeat.length))}
              </Text>
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
                  {board.data.floors.map((f) => (
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
        )}
        {view === 'board' && board.data && <MoveDayMapSection moveId={moveId} wave={waveId} t={t} w={wallTexts[language]} language={language} team={team} />}
        {view === 'board' && board.data && <DayChart moveId={moveId} t={t} wave={waveId} />}
        {view === 'board' && board.data && <NotArrived floors={board.data.floors} t={t} waveNames={waveNames} />}
        {view === 'board' && board.data && <WithoutSeat people={board.data.withoutSeat} t={t} waveNames={waveNames} />}
        <section aria-labelledby="move-day-reports" hidden={view !== 'board'}>
          <Stack tokens={{ childrenGap: 12 }}>
            <Text as="h2" variant="xLarge" id="move-day-reports">
              {t.reports}
              {board.data ? ` (${reportStatuses.map((s) => `${t.statuses[s]}: ${board.data!.reports[s]}`).join(', ')})` : ''}
            </Text>
            <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }} role="group" aria-label="filters">
              <Dropdown
                label={t.status}
                selectedKey={filter.status ?? 'all'}
                options={[all, ...reportStatuses.map((s) => ({ key: s, text: t.statuses[s] }))]}
                onChange={(_, o) => show({ status: o?.key === 'all' ? undefined : (o?.key as string) })}
                styles={{ root: { minWidth: 160 } }}
              />
              <Dropdown
                label={t.category}
                selectedKey={filter.category ?? 'all'}
                options={[all, ...reportCategories.map((c) => ({ key: c, text: t.categories[c] }))]}
                onChange={(_, o) => show({ category: o?.key === 'all' ? undefined : (o?.key as string) })}
                styles={{ root: { minWidth: 200 } }}
              />
              <Dropdown
                label={t.floor}
                selectedKey={filter.floor ?? 'all'}
                options={[all, ...(board.data?.floors ?? []).map((f) => ({ key: f.floorId, text: f.floor }))]}
                onChange={(_, o) => show({ floor: o?.key === 'all' ? undefined : (o?.key as string) })}
                styles={{ root: { minWidth: 140 } }}
              />
            </Stack>
            {reports.status === 'loading' && <Spinner label={t.loading} />}
            {reports.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.failed}</MessageBar>}
            {reports.data && reports.data.items.length === 0 && <Text>{t.noReports}</Text>}
            {reports.data && reports.data.items.length > 0 && (
              <ul aria-label={t.reports} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12, maxWidth: 960 }}>
                {reports.data.items.map((report) => (
                  <ReportCard key={report.id} report={report} t={t} team={team} />
                ))}
              </ul>
            )}
            {reports.data && pages > 1 && (
              <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }} role="navigation" aria-label="pages">
                <DefaultButton text={t.previous} disabled={filter.page <= 1} onClick={() => show({ page: filter.page - 1 })} />
                <Text>{t.page.replace('{page}', String(filter.page)).replace('{pages}', String(pages)).replace('{total}', String(reports.data.total))}</Text>
                <DefaultButton text={t.next} disabled={filter.page >= pages} onClick={() => show({ page: filter.page + 1 })} />
              </Stack>
            )}
          </Stack>
        </section>
        <WallLinkCard moveId={moveId} language={language} />
      </Stack>
    </MoveZone.Provider>
  );
}
