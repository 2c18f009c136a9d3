import { DefaultButton, Dialog, DialogFooter, DialogType, Spinner, Text } from '@fluentui/react';
import { format, formatMoveDayTime, type Marker, type MarkerSize, type MarkerUser, sizeInMetres } from '@movers/contracts';
import { HistoryPanel } from '../../../common/history/HistoryPanel.tsx';
import { useHistory } from '../../../common/history/historyApi.ts';
import { whoOf } from '../../../common/history/historyText.ts';
import type { Floor } from '@movers/contracts';
import type { ReactNode } from 'react';
import { markerTitle } from './MarkerPopup.tsx';
import { type Place, placeText } from './places.ts';
import { restoredMarker, restoredPerson, useMoveOverview } from './api.ts';
import { usePlannerText } from './text.ts';

// The planner's side of the history (issue 37): a person's and a marker's History panel in the planner's
// words and language, seats named as places, and a person's seat over time.

/** A seat's id as the planner names it ('Floor 2 · 201 A'); one since removed says so; none is '—'. */
function useSeatName(places: Map<string, Place>) {
  const t = usePlannerText();
  return (value: unknown): string => {
    if (typeof value !== 'string' || !value) return '—';
    const place = places.get(value);
    return place ? placeText(place, t.floor) : t.history.removedPlace;
  };
}

/** The seat over time: each change of a person's seat, oldest first, 'seat A → seat B, by whom, when'. */
export function SeatTimeline({
  personId,
  places,
  version,
  timeZone,
}: {
  personId: string;
  places: Map<string, Place>;
  version?: string;
  /** The move's (issue 55): each step's time on the move's clock. */
  timeZone: string | null;
}) {
  const t = usePlannerText();
  const seatName = useSeatName(places);
  const seats = useHistory({ kind: 'person', recordId: personId }, { field: 'markerId', version });
  const steps = seats.entries.flatMap((entry) => entry.changes.filter((c) => c.field === 'markerId').map((change) => ({ entry, change }))).reverse();
  return (
    <section aria-labelledby={`seat-timeline-${personId}`}>
      <Text as="h2" variant="mediumPlus" id={`seat-timeline-${personId}`} block styles={{ root: { fontWeight: 600 } }}>
        {t.history.seatTimeline}
      </Text>
      {seats.status === 'loading' && <Spinner label={t.loading} />}
      {seats.status === 'ready' && steps.length === 0 && <Text as="p">{t.history.noSeatChanges}</Text>}
      {steps.length > 0 && (
        <ol className="seat-timeline" style={{ margin: '4px 0 12px', paddingLeft: 20 }}>
          {steps.map(({ entry, change }) => (
            <li key={`${entry.id}-${change.field}`}>
              <Text>
                {format(t.history.seatStep, { from: seatName(change.from), to: seatName(change.to) })}{' '}
                <span style={{ color: '#605e5c' }}>
                  {format(t.history.byAt, { by: whoOf(entry.by, t.history.words.someone), at: timeZone ? formatMoveDayTime(entry.at, timeZone) : '' })}
                </span>
              </Text>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** A history's dialog in the planner: its title, what it shows, and 'close'. */
function HistoryDialog({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const t = usePlannerText();
  return (
    <Dialog
      hidden={false}
      onDismiss={onClose}
      dialogContentProps={{ type: DialogType.normal, title }}
      modalProps={{ isBlocking: false }}
      minWidth={360}
      maxWidth={720}
    >
      {children}
      <DialogFooter>
        <DefaultButton text={t.history.close} onClick={onClose} />
      </DialogFooter>
    </Dialog>
  );
}

/** A person's dialog of their history: the seat over time, then every change with restore. */
export function PersonHistoryDialog({ person, places, onClose }: { person: MarkerUser; places: Map<string, Place>; onClose: () => void }) {
  const t = usePlannerText();
  const seatName = useSeatName(places);
  const title = format(t.history.personTitle, { name: person.name });
  const timeZone = useMoveOverview(person.moveId).data?.timeZone ?? null;
  return (
    <HistoryDialog title={title} onClose={onClose}>
      <SeatTimeline personId={person.id} places={places} version={person.etag} timeZone={timeZone} />
      <HistoryPanel
        timeZone={timeZone}
        source={{ kind: 'person', recordId: person.id }}
        etag={person.etag}
        version={person.etag}
        fieldLabels={t.history.fields}
        words={t.history.words}
        formatValue={(field, value) => (field === 'markerId' ? seatName(value) : undefined)}
        onRestored={() => void restoredPerson(person.moveId)}
      />
    </HistoryDialog>
  );
}

/** A marker's dialog of its history (a space's number, a table's letter and space, its place on the plan). */
export function MarkerHistoryDialog({ floor, marker, markers, onClose }: { floor: Floor; marker: Marker; markers: Marker[]; onClose: () => void }) {
  const t = usePlannerText();
  const title = format(t.history.markerTitle, { title: markerTitle(marker, markers) });
  const timeZone = useMoveOverview(floor.moveId).data?.timeZone ?? null;
  const formatValue = (field: string, value: unknown) => {
    if (field === 'spaceId') return typeof value === 'string' ? (markers.find((m) => m.id === value)?.title ?? t.history.removedPlace) : undefined;
    // A marker stays on the floor it was made on: its floor is this dialog's.
    if (field === 'layoutId') return typeof value === 'string' ? (value === floor.id ? `${t.floor} ${floor.floor_name}` : t.history.removedPlace) : undefined;
    if (field === 'openSpace' && typeof value === 'boolean') return value ? t.history.yes : t.history.no;
    if (field === 'markerType') return value === 'room' ? t.space : value === 'table' ? t.table : undefined;
    // A size as the popup shows it: metres on a calibrated floor, else percent of the plan.
    if (field === 'size' && value && typeof value === 'object' && 'width' in value && 'height' in value) {
      const size = value as MarkerSize;
      const number = new Intl.NumberFormat(t.numberLocale, { maximumFractionDigits: 2 });
      if (!floor.scale) return `${number.format(size.width)} × ${number.format(size.height)} ${t.sizeUnitPercent}`;
      const metres = sizeInMetres(size, floor.image, floor.scale);
      return `${number.format(metres.width)} × ${number.format(metres.height)} m`;
    }
    return undefined;
  };
  return (
    <HistoryDialog title={title} onClose={onClose}>
      <HistoryPanel
        timeZone={timeZone}
        source={{ kind: 'marker', recordId: marker.id }}
        etag={marker.etag}
        version={marker.etag}
        fieldLabels={t.history.fields}
        words={t.history.words}
        formatValue={formatValue}
        onRestored={() => void restoredMarker(floor)}
      />
    </HistoryDialog>
  );
}
