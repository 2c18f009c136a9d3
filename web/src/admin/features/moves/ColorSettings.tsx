import { DefaultButton, IconButton, MessageBar, MessageBarType, Stack, Text } from '@fluentui/react';
import { format, HEX_COLOR, type MoveColorKey, messages, moveColorKeys, moveColorNames, SETTINGS_TOAST_MS } from '@movers/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { useDebouncedSave } from '../../../common/useDebouncedSave.ts';
import { clearMoveColors, setMoveColors, useMoveColors } from './api.ts';
import { AA_TEXT, contrastRatio } from './contrast.ts';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What the visitor site uses where a colour is not set. */
export const colorDefaults: Record<MoveColorKey, string> = {
  headingColor: '#201f1e',
  backgroundColor: '#ffffff',
  primaryColor: '#005a9e',
  darkerPrimaryColor: '#004578',
  secondaryColor: '#e1dfdd',
  darkerSecondaryColor: '#c8c6c4',
};

type Note = { kind: 'success' | 'error'; text: string };
export type SaveState = 'saving' | 'saved';

/** How long a picked colour waits for the next pick before it is saved: dragging in a picker fires many. */
export const COLOR_SAVE_DELAY_MS = 600;

const DARK = '#201f1e';
const WHITE = '#ffffff';

/** The text colour the visitor site puts on a coloured surface: white or dark, whichever reads better. */
export const textOn = (background: string) => (contrastRatio(WHITE, background) >= contrastRatio(DARK, background) ? WHITE : DARK);

/** The pairs visitors read: headings on the background, and button text on each button colour. */
export function contrastWarnings(c: Record<MoveColorKey, string>): string[] {
  const warnings: string[] = [];
  const heading = contrastRatio(c.headingColor, c.backgroundColor);
  if (heading < AA_TEXT)
    warnings.push(`The heading color has a contrast of ${heading.toFixed(1)}:1 on the background color; WCAG AA needs ${AA_TEXT}:1 for text.`);
  for (const key of ['primaryColor', 'darkerPrimaryColor', 'secondaryColor', 'darkerSecondaryColor'] as const) {
    const best = contrastRatio(textOn(c[key]), c[key]);
    if (best < AA_TEXT)
      warnings.push(`No text color reads well on the ${moveColorNames[key]}: at best ${best.toFixed(1)}:1; WCAG AA needs ${AA_TEXT}:1 for text.`);
  }
  return warnings;
}

/**
 * The six colours of the visitor site (spec part 2, sections 2 and 8): each saved when picked (after a
 * short pause, and at once when the screen is left or the tab closed or hidden, so the swatch never
 * shows what is not saved), each with a clear that asks first, a clear-all, the spec's messages in a bar
 * that shows for 3 seconds, and a live preview of the site's header and buttons with a warning where a pair fails WCAG AA.
 */
export function ColorSettings({ moveId }: { moveId: string }) {
  const api = useApi();
  const colors = useMoveColors(moveId);
  const [note, setNote] = useState<Note | null>(null);
  const [clearing, setClearing] = useState<MoveColorKey | 'all' | null>(null);
  const [saveState, setSaveState] = useState<Partial<Record<MoveColorKey, SaveState>>>({});
  const etag = useRef<string | undefined>(undefined);
  etag.current = colors.data?.etag ?? etag.current;
  const picks = useDebouncedSave<MoveColorKey, string | null>((changes, leaving) => save(changes, leaving), COLOR_SAVE_DELAY_MS);

  const markState = (keys: MoveColorKey[], state: SaveState | undefined) =>
    setSaveState((all) => ({ ...all, ...Object.fromEntries(keys.map((k) => [k, state])) }));

  async function save(changes: Partial<Record<MoveColorKey, string | null>>, leaving = false) {
    const keys = Object.keys(changes) as MoveColorKey[];
    markState(keys, 'saving');
    const body = Object.fromEntries(keys.map((k) => [k, changes[k] ?? '']));
    try {
      const saved = await setMoveColors(api, { moveId, ...body }, etag.current, { keepalive: leaving });
      etag.current = saved.etag;
      markState(keys, 'saved');
      const text = keys.map((key) => {
        const value = changes[key];
        const name = moveColorNames[key];
        return value ? format(messages.colors.updated, { color: name, value }) : format(messages.colors.removed, { Color: capitalised(name) });
      });
      setNote({ kind: 'success', text: text.join(' ') });
    } catch {
      markState(keys, undefined);
      setNote({ kind: 'error', text: keys.map((key) => format(messages.colors.updateFailed, { color: moveColorNames[key] })).join(' ') });
    }
  }

  useEffect(() => {
    if (!note) return;
    const timer = setTimeout(() => setNote(null), SETTINGS_TOAST_MS);
    return () => clearTimeout(timer);
  }, [note]);

  if (colors.status === 'failed') return <MessageBar messageBarType={MessageBarType.error}>{messages.colors.fetchFailed}</MessageBar>;
  if (!colors.data) return null;
  const current = colors.data;

  async function clearAll() {
    try {
      await clearMoveColors(api, moveId, etag.current);
      setNote({ kind: 'success', text: messages.colors.cleared });
    } catch {
      setNote({ kind: 'error', text: messages.colors.clearFailed });
    }
  }

  const effective = Object.fromEntries(moveColorKeys.map((k) => [k, current[k] ?? colorDefaults[k]])) as Record<MoveColorKey, string>;
  const warnings = contrastWarnings(effective);
  const clearingName = clearing === 'all' ? 'all custom colors' : clearing ? moveColorNames[clearing] : '';

  return (
    <Stack as="section" aria-labelledby="move-colors" tokens={{ childrenGap: 12 }}>
      <Text as="h2" variant="xLarge" id="move-colors">
        colours
      </Text>
      {note && (
        <MessageBar messageBarType={note.kind === 'success' ? MessageBarType.success : MessageBarType.error} role="status">
          {note.text}
        </MessageBar>
      )}
      <Stack horizontal wrap tokens={{ childrenGap: 16 }}>
        {moveColorKeys.map((key) => (
          <ColorField
            key={key}
            colorKey={key}
            value={current[key]}
            saveState={saveState[key]}
            onPick={(value) => {
              markState([key], 'saving');
              picks.change(key, value);
            }}
            onClear={() => setClearing(key)}
          />
        ))}
      </Stack>
      <DefaultButton text="clear all colors" onClick={() => setClearing('all')} styles={{ root: { alignSelf: 'flex-start' } }} />
      <Preview colors={effective} />
      {warnings.map((w) => (
        <MessageBar key={w} messageBarType={MessageBarType.warning}>
          {w}
        </MessageBar>
      ))}
      <ConfirmDialog
        open={clearing !== null}
        title={clearing === 'all' ? messages.colors.clearAllConfirm : format(messages.colors.clearConfirm, { color: clearingName })}
        text={messages.colors.cannotUndo}
        confirmText="clear"
        onCancel={() => setClearing(null)}
        onConfirm={() => {
          const which = clearing;
          setClearing(null);
          if (which === 'all') void clearAll();
          else if (which) {
            // A pick still waiting for this colour must not land after the clear and undo it.
            picks.cancel(which);
            void save({ [which]: null });
          }
        }}
      />
    </Stack>
  );
}

/** One colour: the browser's colour picker (keyboard and screen-reader friendly), saved as it changes. */
export function ColorField({
  colorKey,
  value,
  saveState,
  onPick,
  onClear,
}: {
  colorKey: MoveColorKey;
  value: string | null;
  saveState: SaveState | undefined;
  onPick: (value: string) => void;
  onClear: () => void;
}) {
  const id = useId();
  const name = moveColorNames[colorKey];
  const [draft, setDraft] = useState(value ?? colorDefaults[colorKey]);
  useEffect(() => setDraft(value ?? colorDefaults[colorKey]), [value, colorKey]);
  const pick = (next: string) => {
    setDraft(next);
    if (HEX_COLOR.test(next) && next.toLowerCase() !== (value ?? '').toLowerCase()) onPick(next.toLowerCase());
  };
  return (
    <Stack tokens={{ childrenGap: 4 }} styles={{ root: { width: 180 } }}>
      <label htmlFor={id} style={{ fontWeight: 600 }}>
        {name}
      </label>
      <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
        <input
          id={id}
          type="color"
          value={draft}
          onChange={(e) => pick(e.target.value)}
          style={{ width: 48, height: 32, padding: 0, border: '1px solid #8a8886' }}
        />
        <Text>{value ?? 'not set'}</Text>
        <IconButton iconProps={{ iconName: 'Clear' }} title={`clear ${name}`} ariaLabel={`clear ${name}`} disabled={!value} onClick={onClear} />
      </Stack>
      <Text variant="small" aria-live="polite">
        {saveState === 'saving' ? 'saving…' : saveState === 'saved' ? 'saved' : ''}
      </Text>
    </Stack>
  );
}

/** How the visitor site's header and buttons will look with these colours. */
export function Preview({ colors }: { colors: Record<MoveColorKey, string> }) {
  const button = (background: string, color: string, text: string) => (
    <span style={{ background, color, padding: '6px 14px', borderRadius: 4, fontWeight: 600, display: 'inline-block' }}>{text}</span>
  );
  return (
    <figure
      aria-label="preview of the visitor site"
      style={{ margin: 0, border: '1px solid #edebe9', borderRadius: 4, background: colors.backgroundColor, padding: 16, maxWidth: 520 }}
    >
      <div style={{ color: colors.headingColor, fontSize: 20, fontWeight: 600, marginBottom: 12 }}>Welcome to your new office</div>
      <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
        {button(colors.primaryColor, textOn(colors.primaryColor), 'primary')}
        {button(colors.darkerPrimaryColor, textOn(colors.darkerPrimaryColor), 'darker primary')}
        {button(colors.secondaryColor, textOn(colors.secondaryColor), 'secondary')}
        {button(colors.darkerSecondaryColor, textOn(colors.darkerSecondaryColor), 'darker secondary')}
      </Stack>
      <figcaption style={{ marginTop: 8, fontSize: 12, color: '#605e5c' }}>preview of the visitor site</figcaption>
    </figure>
  );
}
