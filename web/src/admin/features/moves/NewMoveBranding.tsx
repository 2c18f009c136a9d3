import { DefaultButton, MessageBar, MessageBarType, Stack, Text } from '@fluentui/react';
import { api as routes, format, type Move, type MoveColorKey, messages, moveColorKeys, moveColorNames, moveImageKinds } from '@movers/contracts';
import type { ApiClient } from '../../../common/api/apiClient.ts';
import { ApiError } from '../../../common/api/errors.ts';
import { callRoute, uploadRoute } from '../../../common/api/route.ts';
import { useFieldState } from '../../../common/forms/useFieldState.ts';
import { setMoveColors } from './api.ts';
import { ColorField, colorDefaults, contrastWarnings, Preview } from './ColorSettings.tsx';
import { imageLabels, type PendingImages } from './MoveImages.tsx';

/** The colours picked on the create screen, kept in the form until the move exists. */
export type DraftColors = Partial<Record<MoveColorKey, string>>;

/**
 * The colours of a move not yet created: the same pickers, preview and contrast warnings as the settings
 * of an existing move, but held in the form (so leaving asks first) and saved after the create. Clearing a
 * pick asks nothing: nothing stored is lost.
 */
export function DraftColorSettings({ name }: { name: string }) {
  const field = useFieldState<DraftColors>(name);
  const picked = field.value ?? {};
  const effective = Object.fromEntries(moveColorKeys.map((k) => [k, picked[k] ?? colorDefaults[k]])) as Record<MoveColorKey, string>;
  const without = (key: MoveColorKey) => Object.fromEntries(Object.entries(picked).filter(([k]) => k !== key)) as DraftColors;
  return (
    <Stack as="section" aria-labelledby="move-colors" tokens={{ childrenGap: 12 }}>
      <Text as="h2" variant="xLarge" id="move-colors">
        colours
      </Text>
      <Text>Picked colours are used when the move is saved.</Text>
      <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
        {moveColorKeys.map((key) => (
          <ColorField
            key={key}
            colorKey={key}
            value={picked[key] ?? null}
            saveState={undefined}
            onPick={(value) => field.set({ ...picked, [key]: value })}
            onClear={() => field.set(without(key))}
          />
        ))}
      </Stack>
      <DefaultButton
        text="clear all colors"
        disabled={Object.keys(picked).length === 0}
        onClick={() => field.set({})}
        styles={{ root: { alignSelf: 'flex-start' } }}
      />
      <Preview colors={effective} />
      {contrastWarnings(effective).map((w) => (
        <MessageBar key={w} messageBarType={MessageBarType.warning}>
          {w}
        </MessageBar>
      ))}
    </Stack>
  );
}

/** Which upload runs after the create, and how far it is. */
export type BrandingProgress = { label: string; percent: number };

/**
 * Gives a just-created move the colours and images chosen with it: the colours in one change (on the
 * ETag of the colours the create made), then each image as the image itself (no discriminator). Runs
 * every step even when one fails, and answers what failed, in words that name it: the move exists
 * whatever happens here, so the caller opens it for another try rather than reporting the create as failed.
 */
export async function brandNewMove(
  api: ApiClient,
  move: Move,
  colors: DraftColors,
  images: PendingImages,
  onProgress: (progress: BrandingProgress | null) => void,
): Promise<string[]> {
  const failures: string[] = [];
  const picked = moveColorKeys.filter((k) => colors[k]);
  if (picked.length > 0) {
    try {
      const { etag } = await callRoute(api, routes.colors.get, { params: { moveId: move.id } });
      await setMoveColors(api, { moveId: move.id, ...Object.fromEntries(picked.map((k) => [k, colors[k]])) }, etag);
    } catch {
      failures.push(...picked.map((k) => format(messages.colors.updateFailed, { color: moveColorNames[k] })));
    }
  }
  for (const kind of moveImageKinds) {
    const file = images[kind];
    if (!(file instanceof File)) continue;
    const label = imageLabels[kind];
    onProgress({ label, percent: 0 });
    try {
      await uploadRoute(api, routes[kind].upload, {
        params: { locationId: move.locationId, moveId: move.id },
        file,
        onProgress: (percent) => onProgress({ label, percent }),
      });
    } catch (error) {
      failures.push(`The ${label} could not be uploaded: ${error instanceof ApiError ? error.message : 'the connection failed'}.`);
    }
  }
  onProgress(null);
  return failures;
}
