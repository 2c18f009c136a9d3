import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, Spinner, Stack, Text, TextField } from '@fluentui/react';
import { formatLongDay, localMinuteAt, messages, moversPassLink, type MoversPassState } from '@movers/contracts';
import { useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { MoveZoneNote } from '../../../common/MoveZoneNote.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useQrCodes } from '../../../common/useQrCodes.ts';
import { useSendOnce } from '../../../common/useSendOnce.ts';
import { createMoversPass, revokeMoversPass, useMove, useMoveTimeZone, useMoversPass } from './api.ts';

const card = { root: { border: '1px solid #edebe9', borderRadius: 4, padding: 20, background: '#fff', maxWidth: 640 } };

const moversPassText = {
  heading: "movers' pass",
  about:
    "A link for the movers' phones: it opens the published floor plans and the seat links on the labels, without the visitor password and without anything else of the site.",
  none: "This move has no movers' pass.",
  ended: "The movers' pass ended on {time}.",
  validUntil: 'Valid until {time}.',
  lastDay: 'last day',
  create: "create movers' pass",
  replace: 'new pass',
  revoke: 'revoke',
  link: 'link',
  copy: 'copy link',
  copied: 'link copied',
  download: 'download QR code',
  qrAlt: "QR code of the movers' pass link",
  created: "movers' pass created",
  revoked: "movers' pass revoked",
  replaceTitle: "Make a new movers' pass?",
  revokeTitle: "Revoke the movers' pass?",
  stopsWorking: 'The current link stops working at once, also on phones already using it.',
} as const;

/**
 * '12 December 2026 23:59': the pass's end on the move's clock (issue 55), never the device's; the card
 * names the zone once (MoveZoneNote).
 */
function onMoveClock(at: string, timeZone: string): string {
  const local = localMinuteAt(at, timeZone);
  return `${formatLongDay(`${local.slice(0, 10)}T00:00:00.000Z`)} ${local.slice(11)}`;
}
const fill = (text: string, at: string, timeZone: string) => text.replace('{time}', onMoveClock(at, timeZone));

/**
 * The location dashboard's movers' pass (staff only): make one with its last day, show its link and QR
 * code to print on the move plan, make a new one or revoke it; both end the current link at once.
 */
export function MoversPassCard({ locationId, moveId }: { locationId: string; moveId: string }) {
  const api = useApi();
  const path = useMove(locationId, moveId).data?.path ?? '';
  const toast = useToast();
  const state = useMoversPass(moveId);
  const timeZone = useMoveTimeZone(moveId);
  const [lastDay, setLastDay] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'replace' | 'revoke' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { sending, send } = useSendOnce();
  const pass = state.data?.pass ?? null;
  const ended = pass !== null && Date.parse(pass.expiresAt) <= Date.now();
  const link = pass && !ended && path ? moversPassLink(`${window.location.origin}/${encodeURIComponent(path)}`, pass.token) : null;
  const qr = useQrCodes(link ? [link] : []).get(link ?? '');
  const day = lastDay ?? state.data?.defaultLastDay ?? '';

  const run = (content: unknown, action: (key: string) => Promise<unknown>, done: string) =>
    send(content, async (key) => {
      setProblem(null);
      try {
        await action(key);
        setLastDay(null);
        toast.success(done);
      } catch (error) {
        setProblem(error instanceof ApiError ? error.message : messages.common.fetchFailed);
        // Someone else made or revoked a pass meanwhile: show theirs.
        if (error instanceof ApiError && error.status === 412) void state.reload();
      }
    });
  const create = () => run({ create: day }, (key) => createMoversPass(api, moveId, day, state.data?.etag, key), moversPassText.created);
  const revoke = (current: MoversPassState) => run({ revoke: current.etag }, () => revokeMoversPass(api, moveId, current.etag), moversPassText.revoked);

  return (
    <Stack as="section" aria-labelledby="movers-pass" tokens={{ childrenGap: 12 }} styles={card}>
      <Text as="h2" variant="xLarge" id="movers-pass">
        {moversPassText.heading}
      </Text>
      <Text>{moversPassText.about}</Text>
      {state.status === 'loading' && <Spinner label="loading" />}
      {state.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{messages.common.fetchFailed}</MessageBar>}
      {problem && (
        <MessageBar messageBarType={MessageBarType.error} role="alert">
          {problem}
        </MessageBar>
      )}
      {state.data && timeZone && (
        <>
          {!pass && <Text>{moversPassText.none}</Text>}
          {pass && ended && <Text>{fill(moversPassText.ended, pass.expiresAt, timeZone)}</Text>}
          {link && pass && (
            <Stack horizontal wrap tokens={{ childrenGap: 16 }} verticalAlign="start">
              {qr && <img src={qr} alt={moversPassText.qrAlt} width={160} height={160} />}
              <Stack tokens={{ childrenGap: 8 }} grow styles={{ root: { minWidth: 240 } }}>
                <TextField label={moversPassText.link} value={link} readOnly />
                <Text>{fill(moversPassText.validUntil, pass.expiresAt, timeZone)}</Text>
                <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
                  <DefaultButton
                    text={moversPassText.copy}
                    onClick={() => void navigator.clipboard?.writeText(link).then(() => toast.success(moversPassText.copied))}
                  />
                  {qr && <DefaultButton text={moversPassText.download} href={qr} download={`movers-pass-${path}.svg`} />}
                </Stack>
              </Stack>
            </Stack>
          )}
          <Stack horizontal wrap tokens={{ childrenGap: 8 }} verticalAlign="end">
            <TextField
              label={moversPassText.lastDay}
              type="date"
              value={day}
              // Today on the move's clock: its last day ends there.
              min={localMinuteAt(Date.now(), timeZone).slice(0, 10)}
              onChange={(_, value) => setLastDay(value ?? '')}
              styles={{ root: { width: 180 } }}
            />
            {link ? (
              <DefaultButton text={moversPassText.replace} disabled={sending || !day} onClick={() => setConfirming('replace')} />
            ) : (
              <PrimaryButton text={moversPassText.create} disabled={sending || !day} onClick={() => void create()} />
            )}
            {pass && <DefaultButton text={moversPassText.revoke} disabled={sending} onClick={() => setConfirming('revoke')} />}
          </Stack>
          {pass && <MoveZoneNote zone={timeZone} />}
        </>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={confirming === 'revoke' ? moversPassText.revokeTitle : moversPassText.replaceTitle}
        text={moversPassText.stopsWorking}
        confirmText={confirming === 'revoke' ? moversPassText.revoke : moversPassText.replace}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const which = confirming;
          setConfirming(null);
          if (which === 'revoke' && state.data) void revoke(state.data);
          else if (which === 'replace') void create();
        }}
      />
    </Stack>
  );
}
