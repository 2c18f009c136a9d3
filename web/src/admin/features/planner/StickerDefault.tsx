import { TextField } from '@fluentui/react';
import { format, type MoveOverview, STICKERS_MAX } from '@movers/contracts';
import { useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { setDefaultStickers } from './api.ts';
import { stickersOf } from './places.ts';
import { usePlannerText } from './text.ts';

/** The move's stickers per person, 0-999. */
export function StickerDefault({ move }: { move: MoveOverview }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const [text, setText] = useState(String(move.stickersCount));
  // The move's default has no default of its own: empty is as wrong as 1000, and said.
  const count = stickersOf(text);
  const invalid = count === undefined || count === null;
  const commit = async () => {
    if (invalid || count === move.stickersCount) return;
    try {
      await setDefaultStickers(api, move, count);
    } catch {
      toast.error(t.errors.saveMoveOptions);
      setText(String(move.stickersCount));
    }
  };
  return (
    <TextField
      label={t.stickersDefault}
      value={text}
      inputMode="numeric"
      errorMessage={invalid ? format(t.stickersRange, { max: STICKERS_MAX }) : undefined}
      onChange={(_, v) => setText(v ?? '')}
      onBlur={() => void commit()}
      onKeyDown={(event) => event.key === 'Enter' && void commit()}
      styles={{ root: { width: 220 } }}
    />
  );
}
