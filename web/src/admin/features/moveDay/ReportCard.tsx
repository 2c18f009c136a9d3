import { Dropdown, PrimaryButton, Stack, Text, TextField } from '@fluentui/react';
import { type MoveDayReport, type MoveDaySeat, type ReportCategory, type ReportStatus, reportStatuses } from '@movers/contracts';
import { useEffect, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { photoUrl, updateReport } from './api.ts';
import { dayTime, useMoveZone } from './moveClock.ts';
import type { BoardText } from './text.ts';

export const seatOf = (t: BoardText, seat: MoveDaySeat | null) =>
  seat ? [`${t.floor} ${seat.floor}`, `${t.space} ${seat.space}`, seat.table ? `${t.table} ${seat.table}` : null].filter(Boolean).join(' · ') : '—';

export type TeamMember = { id: string; displayName?: string; mail?: string };

/** A report as the team handles it, on the board's list and in a seat's popup on the map: status, assignee, the answer that reaches the person. */
export function ReportCard({ report, t, team }: { report: MoveDayReport; t: BoardText; team: TeamMember[] }) {
  const api = useApi();
  const toast = useToast();
  const zone = useMoveZone();
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
          {[report.personName, t.categories[report.category as ReportCategory], zone && dayTime(report.createdAt, zone)].filter(Boolean).join(' · ')}
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
