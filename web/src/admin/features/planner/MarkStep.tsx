import { DefaultButton, Dropdown, focusAsync, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { withSentence } from '../../../common/history/historyText.ts';
import { type Floor, format, type Marker } from '@movers/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { useAnnouncer } from '../../../common/list/OrderedTable.tsx';
import { PlannerConfirmDialog } from './PlannerConfirmDialog.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { createMarker, deleteMarker, updateMarker, useFloor, useMoveDayBoard, usePeople } from './api.ts';
import { FLOOR_VIEW_ID, FloorView } from './FloorView.tsx';
import { type MarkerDraft, MarkerPopup, markerTitle, type PopupTarget } from './MarkerPopup.tsx';
import { MarkerHistoryDialog } from './PlannerHistory.tsx';
import { usePlannerText } from './text.ts';

const PENDING_ID = 'planner-pending-marker';
const elementId = (marker: Marker) => `marker-${marker.id.slice(-12)}`;

/** Step 2, 'Add spaces and tables': choose a floor, click (or place by keyboard) to add; markers open to edit. */
export default function MarkStep({ moveId, floors, floorId, onFloor }: { moveId: string; floors: Floor[]; floorId: string; onFloor: (id: string) => void }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const floor = useFloor(floorId);
  const people = usePeople(moveId);
  // Seats with an open move-day report get a badge (issue 36).
  const board = useMoveDayBoard(moveId);
  const openReports = useMemo(() => new Set(board.data?.openReportSeats ?? []), [board.data]);
  const listed = floors.find((f) => f.id === floorId);
  const [target, setTarget] = useState<PopupTarget | null>(null);
  const [busy, setBusy] = useState(false);
  const [lastSpaceId, setLastSpaceId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Marker | null>(null);
  // The marker being moved: the next place chosen on the plan is its new place (issue 50).
  const [moving, setMoving] = useState<Marker | null>(null);
  // The marker whose history is open (by id: shown as the floor has it now, after a restore too).
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const { announce, region } = useAnnouncer();
  const markers = floor.data?.markers ?? [];

  const namesAt = useMemo(() => {
    const names = new Map<string, string[]>();
    for (const person of people.data?.people ?? []) {
      if (!person.move_layout_marker_id) continue;
      names.set(person.move_layout_marker_id, [...(names.get(person.move_layout_marker_id) ?? []), person.name]);
    }
    return names;
  }, [people.data]);

  const nameOf = useCallback(
    (marker: Marker) =>
      `${marker.marker_type === 'room' ? t.space : t.table} ${markerTitle(marker, markers)}: ${(namesAt.get(marker.id) ?? []).join(', ') || t.nobody}`,
    [markers, namesAt, t],
  );
  const shortTitleOf = useCallback((marker: Marker) => markerTitle(marker, markers), [markers]);
  // The move is made with the floor as it is when the place is chosen, not as it was when the callback was made.
  // While moving, the keyboard is on the plan, where Shift+arrows and Enter choose the new place. Fluent's
  // own focusAsync: the popup's focus trap gives the focus back to the marker in the next frame through it,
  // and a later call takes that frame's place.
  useEffect(() => {
    if (moving) focusAsync(document.getElementById(FLOOR_VIEW_ID) ?? undefined);
  }, [moving]);
  const moveMarker = useRef<(marker: Marker, x: number, y: number) => Promise<void>>(async () => {});
  const onPlace = useCallback(
    (x: number, y: number) => {
      if (busy) return;
      if (moving) void moveMarker.current(moving, x, y);
      else setTarget({ kind: 'new', x, y, element: PENDING_ID });
    },
    [busy, moving],
  );
  const onMarker = useCallback((marker: Marker) => !busy && setTarget({ kind: 'edit', marker, element: elementId(marker) }), [busy]);

  async function save(draft: MarkerDraft) {
    if (!listed || !target) return;
    setBusy(true);
    try {
      if (target.kind === 'new') {
        const saved = await createMarker(api, listed, { ...draft, coordinates: { positionX: target.x, positionY: target.y } });
        if (saved.marker_type === 'room') setLastSpaceId(saved.id);
        else setLastSpaceId(saved.spaceId);
        announce(`${draft.marker_type === 'room' ? t.space : t.table} ${markerTitle(saved, [...markers, saved])}`);
      } else {
        await updateMarker(api, listed, target.marker, {
          title: draft.title,
          openSpace: draft.openSpace,
          spaceId: draft.spaceId,
          coordinates: target.marker.coordinates,
        });
      }
      setTarget(null);
    } catch {
      toast.error(target.kind === 'new' ? t.errors.createMarker : t.errors.updateMarker);
    } finally {
      setBusy(false);
    }
  }

  moveMarker.current = async (marker: Marker, x: number, y: number) => {
    if (!listed) return;
    setMoving(null);
    setBusy(true);
    try {
      const current = markers.find((m) => m.id === marker.id) ?? marker;
      await updateMarker(api, listed, current, {
        title: current.title,
        openSpace: current.openSpace,
        spaceId: current.spaceId,
        coordinates: { positionX: x, positionY: y },
      });
      announce(`${markerTitle(current, markers)}: ${x}, ${y}`);
    } catch {
      toast.error(t.errors.updateMarker);
    } finally {
      setBusy(false);
    }
  };

  // After the question the keyboard goes back to the marker, or to the plan when the marker is gone: the
  // button that opened the question was in the popup, which is closed by then.
  const focusAfter = useRef<string>(FLOOR_VIEW_ID);

  async function remove(marker: Marker) {
    if (!listed) return;
    setBusy(true);
    try {
      await deleteMarker(api, listed, marker);
    } catch {
      toast.error(t.errors.removeMarker);
    } finally {
      setBusy(false);
    }
  }

  /** 'Remove 201', and a space's tables, which go with it (the server removes them and unseats their people). */
  function removeTitle(marker: Marker) {
    const tables = markers.filter((m) => m.marker_type === 'table' && m.spaceId === marker.id).map((m) => markerTitle(m, markers));
    const title = `${t.remove} ${markerTitle(marker, markers)}`;
    return tables.length > 0 ? `${title} ${format(t.withTables, { tables: tables.join(', ') })}` : title;
  }

  const spaces = markers.filter((m) => m.marker_type === 'room').length;
  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <Text as="h2" variant="xLarge">
        {t.addSpaces}
      </Text>
      <Stack horizontal wrap verticalAlign="end" tokens={{ childrenGap: 16 }}>
        <Dropdown
          label={t.floorSelector}
          options={floors.map((f) => ({ key: f.id, text: f.floor_name }))}
          selectedKey={floorId}
          onChange={(_, o) => o && onFloor(String(o.key))}
          styles={{ root: { minWidth: 160 } }}
        />
        {floor.status === 'ready' && <Text>{format(t.markersCount, { spaces, tables: markers.length - spaces })}</Text>}
      </Stack>
      {region}
      {moving && (
        <MessageBar messageBarType={MessageBarType.info} actions={<DefaultButton text={t.undo.cancelMove} onClick={() => setMoving(null)} />} isMultiline>
          {format(t.undo.moving, { title: markerTitle(moving, markers) })}
        </MessageBar>
      )}
      {floor.status === 'loading' && <Spinner size={SpinnerSize.large} label={t.loading} />}
      {floor.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.errors.getLayouts}</MessageBar>}
      {floor.status === 'ready' && listed && (
        <FloorView
          floor={listed}
          markers={markers}
          nameOf={nameOf}
          openReports={openReports}
          shortTitleOf={shortTitleOf}
          onPlace={onPlace}
          onMarker={onMarker}
          markerElementId={elementId}
          pending={target?.kind === 'new' ? { x: target.x, y: target.y, id: PENDING_ID } : null}
        />
      )}
      {target && listed && (
        <MarkerPopup
          key={target.kind === 'new' ? `${target.x}-${target.y}` : target.marker.id}
          floor={listed}
          markers={markers}
          target={target}
          lastSpaceId={lastSpaceId}
          busy={busy}
          onSave={(draft) => void save(draft)}
          onRemove={(marker) => {
            setTarget(null);
            setRemoving(marker);
          }}
          onHistory={(marker) => {
            setTarget(null);
            setHistoryOf(marker.id);
          }}
          onMove={(marker) => {
            setTarget(null);
            setMoving(marker);
          }}
          onClose={() => setTarget(null)}
        />
      )}
      {historyOf && listed && markers.some((m) => m.id === historyOf) && (
        <MarkerHistoryDialog
          floor={listed}
          marker={markers.find((m) => m.id === historyOf)!}
          markers={markers}
          onClose={() => {
            const marker = markers.find((m) => m.id === historyOf);
            setHistoryOf(null);
            // The keyboard goes back to the marker the history was opened from.
            if (marker) requestAnimationFrame(() => document.getElementById(elementId(marker))?.focus());
          }}
        />
      )}
      <PlannerConfirmDialog
        open={removing !== null}
        title={removing ? removeTitle(removing) : t.remove}
        text={withSentence(t.removeMarkerConfirm, t.history.bringBackHint)}
        confirmText={t.remove}
        onConfirm={() => {
          const marker = removing;
          focusAfter.current = FLOOR_VIEW_ID;
          setRemoving(null);
          if (marker) void remove(marker);
        }}
        onCancel={() => {
          focusAfter.current = removing ? elementId(removing) : FLOOR_VIEW_ID;
          setRemoving(null);
        }}
        onDismissed={() => document.getElementById(focusAfter.current)?.focus()}
      />
    </Stack>
  );
}
