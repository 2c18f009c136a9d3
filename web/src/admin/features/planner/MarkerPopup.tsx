import { ChoiceGroup, DefaultButton, Dropdown, FocusTrapCallout, PrimaryButton, Stack, Text, TextField, Toggle } from '@fluentui/react';
import {
  type Floor,
  format,
  isTableLetter,
  type Marker,
  type MarkerSize,
  messages,
  sizeFromMetres,
  sizeInMetres,
  suggestSpaceNumber,
  suggestTableLetter,
  titleKey,
} from '@movers/contracts';
import { useRef, useState } from 'react';
import { usePlannerText } from './text.ts';

export interface MarkerDraft {
  marker_type: 'room' | 'table';
  title: string;
  openSpace: boolean;
  spaceId: string | null;
  /** Percent of the plan; null: a pin (issue 50). */
  size: MarkerSize | null;
}

const twoPlaces = (n: number) => String(Math.round(n * 100) / 100);
const sameSize = (a: MarkerSize | null | undefined, b: MarkerSize | null | undefined) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && Math.abs(a.width - b.width) < 0.005 && Math.abs(a.height - b.height) < 0.005);

/** What the popup is for: a new marker at a position, or an existing one. */
export type PopupTarget = { kind: 'new'; x: number; y: number; element: string } | { kind: 'edit'; marker: Marker; element: string };

/**
 * Remove, Move and history in one row: the popup keeps the height it had before Move came, so it still opens
 * below its marker where it did, and a second click on Remove's spot reaches no button of its question.
 */
const compact = { root: { minWidth: 0, padding: '0 4px' } };

/**
 * The marker popup (spec part 2, sections 2, 4 and 5), 240 px wide: space or table mode, with the
 * suggested number or letter; it traps focus, Escape closes it, and it is blocked while its request runs.
 */
export function MarkerPopup({
  floor,
  markers,
  target,
  lastSpaceId,
  busy,
  onSave,
  onRemove,
  onHistory,
  onMove,
  onClose,
}: {
  floor: Floor;
  markers: Marker[];
  target: PopupTarget;
  lastSpaceId: string | null;
  busy: boolean;
  onSave: (draft: MarkerDraft) => void;
  /** The user asks to remove the marker: the caller closes the popup and confirms before anything is removed. */
  onRemove: (marker: Marker) => void;
  /** The user asks for the marker's history: the caller closes the popup and opens it (issue 37). */
  onHistory?: (marker: Marker) => void;
  /** The user asks to move the marker: the caller closes the popup and takes the next place on the plan (issue 50). */
  onMove?: (marker: Marker) => void;
  onClose: () => void;
}) {
  const t = usePlannerText();
  const moving = useRef(false);
  const spaces = markers.filter((m) => m.marker_type === 'room');
  const editing = target.kind === 'edit' ? target.marker : null;
  const lettersOf = (spaceId: string | null, except?: string) =>
    markers.filter((m) => m.marker_type === 'table' && m.spaceId === spaceId && m.id !== except).map((m) => m.title);
  const firstSpace = spaces.find((s) => s.id === lastSpaceId)?.id ?? spaces.at(-1)?.id ?? null;
  const [type, setType] = useState<'room' | 'table'>(editing?.marker_type ?? 'room');
  const [spaceTitle, setSpaceTitle] = useState(
    editing?.marker_type === 'room'
      ? editing.title
      : suggestSpaceNumber(
          floor.floor_name,
          floor.floor_size,
          spaces.map((s) => s.title),
        ),
  );
  const [openSpace, setOpenSpace] = useState(editing?.openSpace ?? false);
  const [spaceId, setSpaceId] = useState<string | null>(editing?.marker_type === 'table' ? editing.spaceId : firstSpace);
  const [letter, setLetter] = useState(editing?.marker_type === 'table' ? editing.title : (suggestTableLetter(lettersOf(firstSpace)) ?? ''));
  const [error, setError] = useState<string>();
  // The size in metres on a calibrated floor, else in percent of the plan.
  const shownSize = editing?.size ? (floor.scale ? sizeInMetres(editing.size, floor.image, floor.scale) : editing.size) : null;
  const [width, setWidth] = useState(shownSize ? twoPlaces(shownSize.width) : '');
  const [height, setHeight] = useState(shownSize ? twoPlaces(shownSize.height) : '');
  const [sizeError, setSizeError] = useState<string>();
  // A size is given once the floor is to scale (issue 50: 'a marker's size can then be given in metres'),
  // behind 'size': most markers are pins and the popup stays as it was. A marker with a size shows it.
  const [sizing, setSizing] = useState(Boolean(editing?.size));
  const [sizingOpened, setSizingOpened] = useState(false);

  /** The typed size in percent of the plan; null for none; undefined when it is not one. */
  function typedSize(): MarkerSize | null | undefined {
    if (width.trim() === '' && height.trim() === '') return null;
    const w = Number(width.replace(',', '.'));
    const h = Number(height.replace(',', '.'));
    if (!(w > 0) || !(h > 0)) return undefined;
    const size = floor.scale ? sizeFromMetres({ width: w, height: h }, floor.image, floor.scale) : { width: w, height: h };
    const rounded = { width: Math.round(size.width * 100) / 100, height: Math.round(size.height * 100) / 100 };
    return rounded.width >= 0.01 && rounded.height >= 0.01 && rounded.width <= 100 && rounded.height <= 100 ? rounded : undefined;
  }

  function submit() {
    if (busy) return;
    const size = typedSize();
    if (size === undefined) return setSizeError(t.sizeInvalid);
    setSizeError(undefined);
    const sizeKept = sameSize(size, editing?.size);
    if (type === 'room') {
      const title = spaceTitle.trim();
      if (!title) return setError(t.spaceNumber);
      const unchanged = editing && editing.title === title && editing.openSpace === openSpace && sizeKept;
      const duplicate = spaces.some((s) => s.id !== editing?.id && titleKey(s.title) === titleKey(title));
      // An unchanged marker only closes the popup (spec part 2, section 4); a duplicate says so and stays
      // open (closing it changed nothing without a word).
      if (duplicate) return setError(messages.planner.duplicateSpace);
      if (unchanged) return onClose();
      return onSave({ marker_type: 'room', title, openSpace, spaceId: null, size });
    }
    const upper = letter.trim().toLocaleUpperCase('nb');
    if (!spaceId) return setError(t.noSpaces);
    if (!isTableLetter(upper)) return setError(t.letterRule);
    const unchanged = editing && editing.title === upper && editing.spaceId === spaceId && sizeKept;
    const duplicate = lettersOf(spaceId, editing?.id).includes(upper);
    if (duplicate) return setError(messages.planner.duplicateTable);
    if (unchanged) return onClose();
    onSave({ marker_type: 'table', title: upper, openSpace: false, spaceId, size });
  }

  const heading = editing ? format(t.editMarker, { title: markerTitle(editing, markers) }) : t.newMarker;
  return (
    <FocusTrapCallout
      target={`#${target.element}`}
      calloutWidth={240}
      role="dialog"
      ariaLabel={heading}
      onDismiss={() => !busy && onClose()}
      preventDismissOnScroll
      focusTrapProps={{ isClickableOutsideFocusTrap: false, firstFocusableTarget: '.marker-title input' }}
      // Closed to move the marker, the popup leaves the focus where the caller puts it (on the plan), rather
      // than giving it back to the marker as it does otherwise (Fluent's own restore, after a task).
      onRestoreFocus={({ originalElement, containsFocus }) => {
        if (!moving.current && originalElement && containsFocus) setTimeout(() => originalElement.focus?.(), 0);
      }}
    >
      <form
        noValidate
        aria-busy={busy}
        style={{ padding: 12 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Stack tokens={{ childrenGap: 8 }}>
          <Text as="h3" variant="mediumPlus" styles={{ root: { fontWeight: 600, margin: 0 } }}>
            {heading}
          </Text>
          {!editing && (
            <ChoiceGroup
              label={t.markerType}
              selectedKey={type}
              disabled={busy}
              options={[
                { key: 'room', text: t.space },
                { key: 'table', text: t.table },
              ]}
              onChange={(_, o) => {
                setError(undefined);
                setType(o?.key === 'table' ? 'table' : 'room');
              }}
              styles={{ flexContainer: { display: 'flex', gap: 12 } }}
            />
          )}
          {type === 'room' ? (
            <>
              <TextField
                className="marker-title"
                label={t.spaceNumber}
                value={spaceTitle}
                disabled={busy}
                errorMessage={error}
                onChange={(_, v) => setSpaceTitle(v ?? '')}
              />
              <Toggle label={t.openSpace} checked={openSpace} disabled={busy} onChange={(_, c) => setOpenSpace(Boolean(c))} />
            </>
          ) : spaces.length === 0 ? (
            <Text role="alert">{t.noSpaces}</Text>
          ) : (
            <>
              <Dropdown
                label={t.space}
                options={spaces.map((s) => ({ key: s.id, text: s.title }))}
                selectedKey={spaceId}
                disabled={busy}
                onChange={(_, o) => {
                  const id = o ? String(o.key) : null;
                  setSpaceId(id);
                  if (!editing) setLetter(suggestTableLetter(lettersOf(id)) ?? '');
                }}
              />
              <TextField
                className="marker-title"
                label={t.tableLetter}
                value={letter}
                maxLength={1}
                disabled={busy}
                errorMessage={error}
                onChange={(_, v) => setLetter((v ?? '').toLocaleUpperCase('nb'))}
              />
            </>
          )}
          {sizing && (
            <>
              <Stack horizontal tokens={{ childrenGap: 8 }}>
                {[
                  { label: t.markerWidth, value: width, set: setWidth, first: true },
                  { label: t.markerHeight, value: height, set: setHeight, first: false },
                ].map((f) => (
                  <TextField
                    key={f.label}
                    label={`${f.label} (${floor.scale ? t.sizeUnitMetres : t.sizeUnitPercent})`}
                    inputMode="decimal"
                    // Opened by 'size', which is gone then: the keyboard goes on to the width.
                    autoFocus={f.first && sizingOpened}
                    value={f.value}
                    disabled={busy}
                    onChange={(_, v) => f.set(v ?? '')}
                    styles={{ root: { width: 100 } }}
                  />
                ))}
              </Stack>
              <Text variant="small" role={sizeError ? 'alert' : undefined} styles={{ root: sizeError ? { color: '#a4262c' } : undefined }}>
                {sizeError ?? t.sizeHint}
              </Text>
            </>
          )}
          <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
            <PrimaryButton type="submit" text={busy ? t.saving : t.ok} disabled={busy || (type === 'table' && spaces.length === 0)} />
            <DefaultButton text={t.cancel} disabled={busy} onClick={onClose} />
            {editing && (
              <Stack horizontal wrap tokens={{ childrenGap: 4 }}>
                {/* Asks first, in the caller's ConfirmDialog: the one question of every delete. */}
                <DefaultButton text={t.remove} disabled={busy} styles={compact} onClick={() => onRemove(editing)} />
                {onMove && (
                  <DefaultButton
                    text={t.undo.move}
                    disabled={busy}
                    styles={compact}
                    onClick={() => {
                      moving.current = true;
                      onMove(editing);
                    }}
                  />
                )}
                {onHistory && <DefaultButton text={t.history.open} disabled={busy} styles={compact} onClick={() => onHistory(editing)} />}
              </Stack>
            )}
            {!sizing && floor.scale && (
              <DefaultButton
                text={t.sizeButton}
                disabled={busy}
                styles={compact}
                onClick={() => {
                  setSizing(true);
                  setSizingOpened(true);
                }}
              />
            )}
          </Stack>
        </Stack>
      </form>
    </FocusTrapCallout>
  );
}

/** A marker's name as people read it: a space's number, a table's space number and letter. */
export function markerTitle(marker: Marker, markers: Marker[]): string {
  if (marker.marker_type === 'room') return marker.title;
  const space = markers.find((m) => m.id === marker.spaceId);
  return `${space?.title ?? ''}${marker.title}`;
}
