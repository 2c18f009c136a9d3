import { DefaultButton, Dropdown, MessageBar, MessageBarType, PrimaryButton, Spinner, Stack, Text } from '@fluentui/react';
import {
  type ContentLocale,
  contentLocales,
  format,
  formatDayTime,
  localeNames,
  placeName,
  type SeatLetterRow,
  type SeatLetterScope,
  seatLetterMessages,
} from '@movers/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { PlannerConfirmDialog } from './PlannerConfirmDialog.tsx';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSendOnce } from '../../../common/useSendOnce.ts';
import { sendSeatLetters, useMoveOverview, useSeatLetters } from './api.ts';
import { usePlannerText } from './text.ts';

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
  const letters = useSeatLetters(moveId);
  // A letter is offered in the move's languages only (the server refuses any other).
  const languages = useMoveOverview(moveId).data?.languages ?? [];
  const { sending, send } = useSendOnce();
  const [language, setLanguage] = useState<ContentLocale | ''>('');
  const [filter, setFilter] = useState<Filter>('all');
  const [confirming, setConfirming] = useState<number | null>(null);
  const state = letters.data;
  const onTheirWay = (state?.counts.waiting ?? 0) + (state?.counts.sending ?? 0);
  const { reload } = letters;
  useEffect(() => {
    if (onTheirWay === 0) return;
    const timer = setInterval(() => void reload(), POLL_MS);
    return () => clearInterval(timer);
  }, [onTheirWay, reload]);
  const rows = useMemo(() => (state?.rows ?? []).filter((row) => inFilter(row, filter)), [state, filter]);
  const unsent = state ? state.rows.filter((r) => r.email && r.seat && r.status !== 'sent' && r.status !== 'waiting' && r.status !== 'sending').length : 0;

  // The API says why in the catalogue's English; the planner shows it in its own language.
  const reason = <T extends string | null>(text: T): string | T => {
    const key = (Object.keys(seatLetterMessages) as (keyof typeof seatLetterMessages)[]).find((k) => seatLetterMessages[k] === text);
    return key ? l.reasons[key] : text;
  };

  const queue = (scope: SeatLetterScope) =>
    send({ scope, language }, async (key) => {
      try {
        const queued = await sendSeatLetters(api, moveId, { scope, ...(language ? { language } : {}) }, key);
        toast.success(queued.queued > 0 ? format(l.queued, { n: queued.queued }) : l.nobodyNew);
      } catch (error) {
        toast.error(error instanceof ApiError ? reason(error.message) : t.errors.invalidRequest);
      }
    });

  const statusText = (row: SeatLetterRow) => {
    if (!row.email) return l.noAddress;
    if (!row.seat) return l.noSeat;
    const base = row.status === null ? l.none : row.status === 'sent' && row.sentAt ? `${l.sent} ${formatDayTime(row.sentAt)}` : l[row.status];
    return [base, row.status === 'failed' ? reason(row.error) : null, row.seatChanged ? l.changed : null].filter(Boolean).join(' · ');
  };

  return (
    <Stack as="section" aria-labelledby="seat-letters" tokens={{ childrenGap: 12 }}>
      <Text as="h3" variant="large" id="seat-letters">
        {l.heading}
      </Text>
      <Text>{l.about}</Text>
      {letters.status === 'loading' && <Spinner label={t.loading} />}
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
            <PrimaryButton text={l.send} disabled={sending || state.cannotSend !== null || unsent === 0} onClick={() => setConfirming(unsent)} />
            <DefaultButton
              text={format(l.sendChanged, { n: state.counts.changed })}
              disabled={sending || state.cannotSend !== null || state.counts.changed === 0}
              onClick={() => void queue('changed')}
            />
            <DefaultButton
              text={format(l.retryFailed, { n: state.counts.failed })}
              disabled={sending || state.cannotSend !== null || state.counts.failed === 0}
              onClick={() => void queue('failed')}
            />
          </Stack>
          {state.cannotSend && <MessageBar messageBarType={MessageBarType.warning}>{reason(state.cannotSend)}</MessageBar>}
          <Dropdown
            label={l.filter}
            selectedKey={filter}
            options={filters.map((key) => ({ key, text: l[key] }))}
            onChange={(_, option) => setFilter((option?.key as Filter) ?? 'all')}
            styles={{ root: { width: 220 } }}
          />
          {rows.length > SHOWN && <Text>{format(l.shownOf, { shown: SHOWN, n: rows.length })}</Text>}
          <SideScroll>
            <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={l.heading}>
              <thead>
                <tr>
                  {[t.name, t.email, t.space, l.status].map((h) => (
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
                    <td style={cell}>{statusText(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </SideScroll>
        </>
      )}
      <PlannerConfirmDialog
        open={confirming !== null}
        title={format(l.confirmTitle, { n: confirming ?? 0 })}
        text={l.confirmText}
        confirmText={l.confirm}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          setConfirming(null);
          void queue('all');
        }}
      />
    </Stack>
  );
}
