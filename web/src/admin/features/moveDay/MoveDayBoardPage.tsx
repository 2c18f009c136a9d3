import { DefaultButton, Dropdown, MessageBar, MessageBarType, PrimaryButton, Spinner, SpinnerSize, Stack, Text, TextField } from '@fluentui/react';
import {
  formatDayTime,
  type MoveDayReport,
  type MoveDaySeat,
  type ReportCategory,
  type ReportStatus,
  reportCategories,
  reportStatuses,
} from '@movers/contracts';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { failureOf } from '../../../common/api/useResource.ts';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { pathTo } from '../../routeTable.ts';
import { LoadFailure } from '../../shell/LoadFailure.tsx';
import { MoveCrumbs, useMove } from '../moves/index.ts';
import { DayChart } from './DayChart.tsx';
import { NotArrived } from './NotArrived.tsx';
import { downloadCsv, photoUrl, type ReportFilter, updateReport, useBoard, useReports } from './api.ts';
import { BOARD_LANGUAGE_KEY, type BoardLanguage, type BoardText, boardTexts } from './text.ts';

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined => (values.includes(value as T) ? (value as T) : undefined);
const storedLanguage = (): BoardLanguage => (localStorage.getItem(BOARD_LANGUAGE_KEY) === 'no' ? 'no' : 'en');
const seatOf = (t: BoardText, seat: MoveDaySeat | null) =>
  seat ? [`${t.floor} ${seat.floor}`, `${t.space} ${seat.space}`, seat.table ? `${t.table} ${seat.table}` : null].filter(Boolean).join(' · ') : '—';

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
  const t = boardTexts[language];
  const filter: ReportFilter = {
    status: oneOf(reportStatuses, query.get('status')),
    category: oneOf(reportCategories, query.get('category')),
    floor: query.get('floor') ?? undefined,
    page: Math.max(1, Number(query.get('page')) || 1),
  };
  const board = useBoard(moveId);
  const reports = useReports(moveId, filter);
  const move = useMove(locationId, moveId);
  const team = move.data?.teamMembers ?? [];

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
    setQuery(q, { replace: true });
  };
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
  const pages = reports.data ? Math.max(1, Math.ceil(reports.data.total / reports.data.pageSize)) : 1;
  const all = { key: 'all', text: t.all };

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <MoveCrumbs current={t.title} />
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" wrap tokens={{ childrenGap: 12 }}>
        <Text as="h1" variant="xxLarge">
          {t.title}
        </Text>
        <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 12 }}>
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
      <Text variant="small">{t.updatesItself}</Text>
      {board.status === 'loading' && <Spinner size={SpinnerSize.large} label={t.loading} />}
      {board.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.failed}</MessageBar>}
      {board.data && (
        <section aria-labelledby="move-day-arrivals">
          <Text as="h2" variant="xLarge" id="move-day-arrivals" block>
            <span data-testid="move-day-arrived">
              {t.arrived.replace('{arrived}', String(board.data.arrived)).replace('{expected}', String(board.data.expected))}
            </span>
          </Text>
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
      {board.data && <DayChart moveId={moveId} t={t} />}
      {board.data && <NotArrived floors={board.data.floors} t={t} />}
      <section aria-labelledby="move-day-reports">
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
    </Stack>
  );
}

function ReportCard({ report, t, team }: { report: MoveDayReport; t: BoardText; team: { id: string; displayName?: string; mail?: string }[] }) {
  const api = useApi();
  const toast = useToast();
  const [answer, setAnswer] = useState(report.answer);
  const [busy, setBusy] = useState(false);
  // The answer typed is kept while the board reads itself again; a saved answer from elsewhere replaces an untouched one.
  const [edited, setEdited] = useState(false);
  useEffect(() => {
    if (!edited) setAnswer(report.answer);
  }, [report.answer, edited]);

  async function save(body: { status?: ReportStatus; assigneeId?: string | null; answer?: string }) {
    if (busy) return;
    setBusy(true);
    try {
      await updateReport(api, report, body);
      if (body.answer !== undefined) setEdited(false);
      toast.success(t.saved);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 412 ? t.changedMeanwhile : t.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  const headingId = `report-${report.id}`;
  return (
    <li aria-labelledby={headingId} style={{ border: '1px solid #edebe9', borderRadius: 4, padding: 16, background: '#fff' }}>
      <Stack tokens={{ childrenGap: 8 }}>
        <Text as="h3" variant="mediumPlus" id={headingId}>
          {report.personName} · {t.categories[report.category as ReportCategory]} · {formatDayTime(report.createdAt)}
        </Text>
        <Text>
          {t.seat}: {seatOf(t, report.seat)}
        </Text>
        <Text as="p" styles={{ root: { whiteSpace: 'pre-line', margin: 0 } }}>
          {report.text}
        </Text>
        {report.photo && <Photo report={report} t={t} />}
        <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 12 }}>
          <Dropdown
            label={t.status}
            selectedKey={report.status}
            disabled={busy}
            options={reportStatuses.map((s) => ({ key: s, text: t.statuses[s] }))}
            onChange={(_, o) => o && o.key !== report.status && void save({ status: o.key as ReportStatus })}
            styles={{ root: { minWidth: 160 } }}
          />
          <Dropdown
            label={t.assignee}
            selectedKey={report.assigneeId ?? 'nobody'}
            disabled={busy}
            options={[{ key: 'nobody', text: t.nobody }, ...team.map((m) => ({ key: m.id, text: m.displayName ?? m.mail ?? m.id }))]}
            onChange={(_, o) => o && void save({ assigneeId: o.key === 'nobody' ? null : (o.key as string) })}
            styles={{ root: { minWidth: 200 } }}
          />
        </Stack>
        <TextField
          label={t.answer}
          multiline
          rows={2}
          value={answer}
          onChange={(_, value) => {
            setEdited(true);
            setAnswer(value ?? '');
          }}
        />
        <div>
          <PrimaryButton text={t.saveAnswer} disabled={busy || answer.trim() === report.answer} onClick={() => void save({ answer: answer.trim() })} />
        </div>
      </Stack>
    </li>
  );
}

function Photo({ report, t }: { report: MoveDayReport; t: BoardText }) {
  const api = useApi();
  const [src, setSrc] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again only for a new photo (its version in the address)
  useEffect(() => {
    let made: string | null = null;
    let live = true;
    photoUrl(api, report).then(
      (url) => {
        made = url;
        if (live) setSrc(url);
        else URL.revokeObjectURL(url);
      },
      () => undefined,
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [report.photo]);
  return src ? <img src={src} alt={t.photo.replace('{name}', report.personName)} style={{ maxWidth: 320, maxHeight: 240 }} /> : null;
}
