import { ChoiceGroup, DefaultButton, MessageBar, MessageBarType, PrimaryButton, Stack, Text, TextField } from '@fluentui/react';
import { api as routes, messages, type WallLink, type WallLinkShows, wallLinkAddress } from '@movers/contracts';
import { memo, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { callRoute, keyOf, revalidate, useRoute } from '../../../common/api/route.ts';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSendOnce } from '../../../common/useSendOnce.ts';
import { dayTime, useMoveZone } from './moveClock.ts';
import type { BoardLanguage } from './text.ts';
import { wallLinkTexts } from './wallLinkText.ts';

const card = { root: { border: '1px solid #edebe9', borderRadius: 4, padding: 20, background: '#fff', maxWidth: 720 } };

/**
 * The board's wall link (issue 49): make a read-only link of the board for a screen on the wall, showing
 * names or seat numbers only; copy it (its token is shown this once: only its hash is kept); revoke it.
 */
// Memoised: a refresh of the board (its counts, its lists) leaves the wall link's card as it is.
export const WallLinkCard = memo(function WallLinkCard({ moveId, language }: { moveId: string; language: BoardLanguage }) {
  const t = wallLinkTexts[language];
  // On the move's clock, as every time of the board (issue 55); '…' for the moment before the zone is known.
  const zone = useMoveZone();
  const when = (iso: string) => (zone ? dayTime(iso, zone) : '…');
  const api = useApi();
  const toast = useToast();
  const links = useRoute(routes.wallLinks.list, moveId ? { moveId } : null);
  const [shows, setShows] = useState<WallLinkShows>('seats');
  const [made, setMade] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<WallLink | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { sending, send } = useSendOnce();
  const listKey = keyOf(routes.wallLinks.list, { moveId });

  const run = (content: unknown, action: (key: string) => Promise<unknown>, done: string) =>
    send(content, async (key) => {
      setProblem(null);
      try {
        await action(key);
        toast.success(done);
      } catch (error) {
        setProblem(error instanceof ApiError ? error.message : messages.common.fetchFailed);
      }
      await revalidate(listKey);
    });
  const create = () =>
    run(
      { create: shows },
      async () => {
        const link = await callRoute(api, routes.wallLinks.create, { params: { moveId }, body: { shows } });
        setMade(wallLinkAddress(window.location.origin, moveId, link.token));
      },
      t.created,
    );
  const revoke = (link: WallLink) =>
    run({ revoke: link.id }, () => callRoute(api, routes.wallLinks.revoke, { params: { linkId: link.id }, etag: link.etag }), t.revoked);

  return (
    <Stack as="section" aria-labelledby="wall-link" tokens={{ childrenGap: 12 }} styles={card}>
      <Text as="h2" variant="xLarge" id="wall-link">
        {t.heading}
      </Text>
      <Text>{t.about}</Text>
      {problem && (
        <MessageBar messageBarType={MessageBarType.error} role="alert">
          {problem}
        </MessageBar>
      )}
      <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 16 }}>
        <ChoiceGroup
          label={t.shows}
          selectedKey={shows}
          options={[
            { key: 'seats', text: t.seats },
            { key: 'names', text: t.names },
          ]}
          onChange={(_, option) => option && setShows(option.key as WallLinkShows)}
          styles={{ flexContainer: { display: 'flex', gap: 16 } }}
        />
        <PrimaryButton text={t.create} disabled={sending} onClick={() => void create()} />
      </Stack>
      {made && (
        <Stack tokens={{ childrenGap: 8 }}>
          <TextField label={t.link} value={made} readOnly data-testid="wall-link-address" />
          <Text>{t.onlyNow}</Text>
          <DefaultButton
            text={t.copy}
            iconProps={{ iconName: 'Copy' }}
            styles={{ root: { alignSelf: 'flex-start' } }}
            onClick={() => void navigator.clipboard?.writeText(made).then(() => toast.success(t.copied))}
          />
        </Stack>
      )}
      {links.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.failed}</MessageBar>}
      {links.data && links.data.length === 0 && <Text>{t.none}</Text>}
      {links.data && links.data.length > 0 && (
        <ul aria-label={t.links} style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {links.data.map((link) => (
            <li key={link.id} style={{ display: 'flex', gap: 12, alignItems: 'center', flexWrap: 'wrap' }}>
              <Text styles={{ root: { fontWeight: 600 } }}>{link.shows === 'names' ? t.showsNames : t.showsSeats}</Text>
              <Text>{t.madeOn.replace('{time}', when(link.createdAt)).replace('{until}', when(link.expiresAt))}</Text>
              <DefaultButton
                text={t.revoke}
                ariaLabel={t.revokeLabel.replace('{time}', when(link.createdAt))}
                disabled={sending}
                onClick={() => setRevoking(link)}
              />
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t.revokeTitle}
        text={t.stopsWorking}
        confirmText={t.revoke}
        cancelText={t.cancel}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const link = revoking;
          setRevoking(null);
          if (link) {
            setMade(null);
            void revoke(link);
          }
        }}
      />
    </Stack>
  );
});
