import { type ColorInput, type Move, type MoveInput, api as routes } from '@movers/contracts';
import { useParams } from 'react-router-dom';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import type { ContentLanguages } from '../../../common/forms/TextPerLanguage.tsx';
import { callRoute, keyOf, remember, revalidate, useRoute } from '../../../common/api/route.ts';
import { clientChanged } from '../clients/index.ts';
import { locationChanged } from '../locations/index.ts';

export const useMove = (locationId: string | undefined, moveId: string | null | undefined) =>
  useRoute(routes.moves.getOfLocation, locationId && moveId ? { locationId, moveId } : null);
/**
 * The move's time zone (its location's country's, from the move's overview): a move's screens show every
 * time on its clock, never the device's (issue 55). Null until it is known, so no screen shows the wrong one.
 */
export function useMoveTimeZone(moveId: string | null | undefined): string | null {
  return useRoute(routes.moves.get, moveId ? { moveId } : null).data?.timeZone ?? null;
}
/** The languages of the move of the current screen (`:locationId`, `:moveId`): its content has a text per language. */
export function useMoveLanguages(): ContentLanguages | undefined {
  const { locationId, moveId } = useParams();
  const move = useMove(locationId, moveId);
  return move.data ? { languages: move.data.languages, defaultLanguage: move.data.defaultLanguage } : undefined;
}
export const useMoveColors = (moveId: string | undefined) => useRoute(routes.colors.get, moveId ? { moveId } : null);

/** After a move changed: itself, its location (which shows the service) and the client's counts. */
async function moveSaved(clientId: string, move: Move) {
  await Promise.all([
    remember(keyOf(routes.moves.getOfLocation, { locationId: move.locationId, moveId: move.id }), move),
    locationChanged(clientId, move.locationId),
    clientChanged(clientId),
  ]);
  return move;
}

export async function createMove(api: ApiClient, clientId: string, locationId: string, input: MoveInput) {
  return moveSaved(clientId, await callRoute(api, routes.moves.create, { params: { locationId }, body: input }));
}

/** Sends the ETag the form was loaded with, so a concurrent change is refused (412) rather than lost. */
export async function updateMove(api: ApiClient, clientId: string, move: Move, input: MoveInput) {
  return moveSaved(
    clientId,
    await callRoute(api, routes.moves.update, { params: { locationId: move.locationId, moveId: move.id }, body: input, etag: move.etag }),
  );
}

/** Changes colours at once (the colours have their own ETag, so the open settings form stays current). */
export async function setMoveColors(api: ApiClient, input: ColorInput, etag: string | undefined, options: { keepalive?: boolean } = {}) {
  const colors = await callRoute(api, routes.colors.update, { params: {}, body: input, etag, keepalive: options.keepalive });
  await remember(keyOf(routes.colors.get, { moveId: input.moveId }), colors);
  return colors;
}

export async function clearMoveColors(api: ApiClient, moveId: string, etag: string | undefined) {
  await callRoute(api, routes.colors.clear, { params: { moveId }, etag });
  await revalidate(keyOf(routes.colors.get, { moveId }));
}

/** After the images changed: the move is read again for their new versions. */
export const updateMoveImages = (clientId: string, move: Move) =>
  Promise.all([revalidate(keyOf(routes.moves.getOfLocation, { locationId: move.locationId, moveId: move.id })), locationChanged(clientId, move.locationId)]);

/** After a restore from the move's history: its settings, colours, location and the client's counts as restored. */
export const moveRestored = (clientId: string, move: Move) =>
  Promise.all([
    revalidate(keyOf(routes.moves.getOfLocation, { locationId: move.locationId, moveId: move.id }), keyOf(routes.colors.get, { moveId: move.id })),
    locationChanged(clientId, move.locationId),
    clientChanged(clientId),
  ]);

export const useMoversPass = (moveId: string | null | undefined) => useRoute(routes.moversPass.get, moveId ? { moveId } : null);

/** A new movers' pass until the end of `lastDay`, on the ETag read with the pass: the one before, and its sessions, end. */
export async function createMoversPass(api: ApiClient, moveId: string, lastDay: string, etag: string | undefined, idempotencyKey: string) {
  const state = await callRoute(api, routes.moversPass.create, {
    params: { moveId },
    body: { lastDay },
    etag,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  await remember(keyOf(routes.moversPass.get, { moveId }), state);
  return state;
}

export async function revokeMoversPass(api: ApiClient, moveId: string, etag: string | undefined) {
  await callRoute(api, routes.moversPass.revoke, { params: { moveId }, etag });
  await revalidate(keyOf(routes.moversPass.get, { moveId }));
}
