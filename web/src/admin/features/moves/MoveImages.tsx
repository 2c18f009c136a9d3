import { IconButton, ProgressIndicator, Stack, Text } from '@fluentui/react';
import {
  acceptOf,
  api as routes,
  fileTypeMessage,
  imageFileRule,
  MOVE_IMAGE_MAX_BYTES,
  type Move,
  type MoveImageKind,
  moveImageKinds,
  pathOf,
} from '@movers/contracts';
import { type MutableRefObject, useEffect, useId, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { uploadRoute } from '../../../common/api/route.ts';
import { useBlobUrl } from '../../../common/api/useBlobUrl.ts';
import { fileFits } from '../../../common/fileCheck.ts';

/** What the settings form does with an image when it is saved: the chosen file becomes the image, or the image goes. */
export type PendingImages = Partial<Record<MoveImageKind, File | 'remove'>>;

export const imageLabels: Record<MoveImageKind, string> = { logo: 'logo', loginlogo: 'logo for login page', background: 'background image' };
const ACCEPT = acceptOf(imageFileRule);

/** Checked here (name, declared type, first bytes) for a quick answer; the API judges the content itself. */
async function precheck(file: File): Promise<string | undefined> {
  if (!(await fileFits(file, imageFileRule))) return fileTypeMessage(imageFileRule);
  if (file.size > MOVE_IMAGE_MAX_BYTES) return `The file is larger than ${MOVE_IMAGE_MAX_BYTES / 1024 / 1024} MB.`;
  return undefined;
}

/**
 * The three image uploaders of the settings (logo, login logo, background; spec part 2, sections 2 and
 * 4): choosing a file uploads it at once as a preview under a discriminator, with progress, and shows it
 * in a 206x165 box; the settings' save makes it the image (or removes the image after the X). Before the
 * move exists (the create screen) there is nowhere to upload a preview: the file is checked, shown from
 * the browser's own copy, and uploaded once the create has answered (`brandNewMove`).
 */
export function MoveImages({
  move,
  pending,
  onChange,
}: {
  move: Move | undefined;
  pending: MutableRefObject<PendingImages>;
  /** The chosen or removed images changed (they are a change of the form until it is saved). */
  onChange?: (pending: PendingImages) => void;
}) {
  return (
    <Stack as="section" aria-labelledby="move-images" tokens={{ childrenGap: 12 }}>
      <Text as="h2" variant="xLarge" id="move-images">
        images
      </Text>
      <Text>Chosen images are shown here at once and used when the settings are saved.</Text>
      <Stack horizontal wrap tokens={{ childrenGap: 24 }}>
        {moveImageKinds.map((kind) => (
          <ImageUploader key={kind} move={move} kind={kind} pending={pending} onChange={() => onChange?.({ ...pending.current })} />
        ))}
      </Stack>
    </Stack>
  );
}

function ImageUploader({
  move,
  kind,
  pending,
  onChange,
}: {
  move: Move | undefined;
  kind: MoveImageKind;
  pending: MutableRefObject<PendingImages>;
  onChange: () => void;
}) {
  const api = useApi();
  const inputId = useId();
  const errorId = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [removed, setRemoved] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string>();
  const local = useLocalFile();
  const version = move?.images[kind];
  const shownPath = !move
    ? null
    : preview
      ? pathOf(routes[kind].get, { moveId: move.id }, { discriminator: preview })
      : version && !removed
        ? pathOf(routes[kind].get, { moveId: move.id }, { v: version })
        : null;
  const url = useBlobUrl(shownPath) ?? local.url ?? undefined;
  const label = imageLabels[kind];

  async function choose(file: File | undefined) {
    setError(undefined);
    if (!file) return;
    const problem = await precheck(file);
    if (problem) return setError(problem);
    if (!move) {
      pending.current[kind] = file;
      onChange();
      return local.show(file);
    }
    const discriminator = crypto.randomUUID();
    setProgress(0);
    try {
      await uploadRoute(api, routes[kind].upload, {
        params: { locationId: move.locationId, moveId: move.id },
        query: { discriminator },
        file,
        onProgress: setProgress,
      });
      pending.current[kind] = file;
      onChange();
      setPreview(discriminator);
      setRemoved(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The file could not be uploaded.');
    } finally {
      setProgress(null);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 6 }} styles={{ root: { width: 206 } }}>
      <label htmlFor={inputId} style={{ fontWeight: 600 }}>
        {label}
      </label>
      <div style={{ width: 206, height: 165, border: '1px solid #c8c6c4', display: 'grid', placeItems: 'center', background: '#faf9f8', position: 'relative' }}>
        {url ? (
          <img src={url} alt={`${label} preview`} style={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }} />
        ) : (
          <Text variant="small">no {label}</Text>
        )}
        {url && (
          <IconButton
            iconProps={{ iconName: 'Cancel' }}
            title={`remove ${label}`}
            ariaLabel={`remove ${label}`}
            onClick={() => {
              if (!move) {
                delete pending.current[kind];
                onChange();
                return local.show(null);
              }
              pending.current[kind] = 'remove';
              onChange();
              setPreview(null);
              setRemoved(true);
            }}
            styles={{ root: { position: 'absolute', top: 2, right: 2, background: '#ffffffcc' } }}
          />
        )}
      </div>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        aria-describedby={error ? errorId : undefined}
        disabled={progress !== null}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {progress !== null && <ProgressIndicator label={`uploading ${label}`} percentComplete={progress} />}
      {error && (
        <Text id={errorId} role="alert" variant="small" styles={{ root: { color: '#a4262c' } }}>
          {error}
        </Text>
      )}
    </Stack>
  );
}

/** A chosen file shown from the browser's own copy (an object URL, let go when replaced or unmounted). */
function useLocalFile() {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => () => void (url && URL.revokeObjectURL(url)), [url]);
  return { url, show: (file: File | null) => setUrl(file ? URL.createObjectURL(file) : null) };
}

/** After the settings were saved: the chosen files become the images, removed images go. */
export async function applyPendingImages(api: ReturnType<typeof useApi>, move: Move, pending: PendingImages): Promise<void> {
  for (const kind of moveImageKinds) {
    const change = pending[kind];
    if (!change) continue;
    const params = { locationId: move.locationId, moveId: move.id };
    if (change === 'remove') {
      const version = move.images[kind];
      if (version) await api.request(pathOf(routes[kind].remove, params), { method: 'DELETE', headers: { 'If-Match': version } });
    } else {
      await uploadRoute(api, routes[kind].upload, { params, file: change });
    }
  }
}
