import { DefaultButton, Dropdown, focusAsync, MessageBar, MessageBarType, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { withSentence } from '../../../common/history/historyText.ts';
import { type Floor, format, type Marker, type MarkerSize, snapGrid, snapPosition } from '@movers/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { useAnnouncer } from '../../../common/list/OrderedTable.tsx';
import { PlannerConfirmDialog } from './PlannerConfirmDialog.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { createMarker, deleteMarker, updateFloor, updateMarker, useFloor, useMoveDayBoard, usePeople } from './api.ts';
import { FLOOR_VIEW_ID, FloorView } from './FloorView.tsx';
import { type MarkerDraft, MarkerPopup, markerTitle, type PopupTarget } from './MarkerPopup.tsx';
import { MarkerHistoryDialog } from './PlannerHistory.tsx';
import { type CalibrationLine, nextLine, type PlanMode, ScaleOverlay, ScalePanel } from './ScalePanel.tsx';
import { usePlannerText } from './text.ts';

const PENDING_ID = 'planner-pending-marker';
const elementId = (marker: Marker) => `marker-${marker.id.slice(-12)}`;
/** How near (percent of the plan, each way) another marker's centre or edge must be to be snapped to. */
const SNAP_TOLERANCE = { x: 1.5, y: 1.5 };
const NO_LINE: CalibrationLine = { a: null, b: null };

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
  // To scale (issue 50): what a click on the plan does, and the calibration line being drawn.
  const [mode, setMode] = useState<PlanMode>('markers');
  const [line, setLine] = useState<CalibrationLine>(NO_LINE);
  const [floorBusy, setFloorBusy] = useState(false);

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
  // While moving, the keyboard is on the plan, where Shift+arrows and Enter choose the new place. Fluent's
  // own focusAsync: the popup's focus trap gives the focus back to the marker in the next frame through it,
  // and a later call takes that frame's place.
  useEffect(() => {
    if (moving) focusAsync(document.getElementById(FLOOR_VIEW_ID) ?? undefined);
  }, [moving]);
  // The move is made with the floor as it is when the place is chosen, not as it was when the callback was made.
  const moveMarker = useRef<(marker: Marker, x: number, y: number) => Promise<void>>(async () => {});
  // A plain function: the plan is drawn again on each click anyway, and the markers' layer does not take it.
  function onPlace(x: number, y: number, free: boolean) {
    const point = { positionX: x, positionY: y };
    if (mode === 'calibrate') return setLine((l) => nextLine(l, point));
    if (mode === 'entrance') return void saveFloor({ entrance: point }, t.entranceSaved, () => setMode('markers'));
    if (busy || !listed) return;
    // Snapped to the grid and to the other markers' lines, by pointer and keyboard alike; Alt places freely.
    const others = markers.filter((m) => m.id !== moving?.id).map((m) => ({ ...m.coordinates, size: m.size }));
    const at = free
      ? point
      : snapPosition(point, others, { grid: snapGrid(listed.image, listed.scale), tolerance: SNAP_TOLERANCE, ...(moving ? { size: moving.size } : {}) });
    if (moving) return void moveMarker.current(moving, at.positionX, at.positionY);
    setTarget({ kind: 'new', x: at.positionX, y: at.positionY, element: PENDING_ID });
  }

  /** A marker dragged on the plan: snapped as a placed one is, to the others' lines (its own size's edges too). */
  const onMove = useCallback(
    (marker: Marker, x: number, y: number, free: boolean) => {
      if (!listed) return;
      const point = { positionX: x, positionY: y };
      const others = markers.filter((m) => m.id !== marker.id).map((m) => ({ ...m.coordinates, size: m.size }));
      const at = free ? point : snapPosition(point, others, { grid: snapGrid(listed.image, listed.scale), tolerance: SNAP_TOLERANCE, size: marker.size });
      const coordinates = { positionX: at.positionX, positionY: at.positionY };
      void updateMarker(api, listed, marker, { title: marker.title, openSpace: marker.openSpace, spaceId: marker.spaceId, coordinates }).catch(() =>
        toast.error(t.errors.updateMarker),
      );
    },
    [api, listed, markers, t, toast],
  );
  const onResize = useCallback(
    (marker: Marker, size: MarkerSize) => {
      if (!listed) return;
      void updateMarker(api, listed, marker, {
        title: marker.title,
        openSpace: marker.openSpace,
        spaceId: marker.spaceId,
        coordinates: marker.coordinates,
        size,
      }).catch(() => toast.error(t.errors.updateMarker));
    },
    [api, listed, t, toast],
  );

  async function saveFloor(change: { scale?: Floor['scale']; entrance?: Floor['entrance'] }, done: string, after?: () => void) {
    if (!listed) return;
    setFloorBusy(true);
    try {
      await updateFloor(api, listed, change);
      announce(done);
      after?.();
    } catch {
      toast.error(t.scaleFailed);
    } finally {
      setFloorBusy(false);
    }
  }
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
          size: draft.size,
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
          onChange={(_, o) => {
            if (!o) return;
            // A calibration line or an entrance being marked belongs to the floor it was begun on.
            setMode('markers');
            setLine(NO_LINE);
            onFloor(String(o.key));
          }}
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
          onResize={onResize}
          onMove={onMove}
          overlay={<ScaleOverlay line={mode === 'calibrate' ? line : null} entrance={listed.entrance} entranceLabel={t.entrance} />}
        />
      )}
      {/* Below the plan: what is above it stays where the planner's people know it (and its tests find it). */}
      {floor.status === 'ready' && listed && (
        <ScalePanel
          key={listed.id}
          floor={listed}
          mode={mode}
          onMode={(next) => {
            setMode(next);
            setLine(NO_LINE);
          }}
          line={line}
          onLine={setLine}
          busy={floorBusy}
          onSaveScale={(scale) =>
            void saveFloor({ scale }, scale ? t.scaleSaved : t.scaleRemoved, () => {
              setMode('markers');
              setLine(NO_LINE);
            })
          }
          onRemoveEntrance={() => void saveFloor({ entrance: null }, t.entranceSaved)}
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
