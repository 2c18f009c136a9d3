import { ComboBox, DefaultButton, Dialog, DialogFooter, DialogType, Dropdown, PrimaryButton, Stack } from '@fluentui/react';
import { type FloorWithPlaces, format, type MarkerUser } from '@movers/contracts';
import { useMemo, useState } from 'react';
import type { Place } from './places.ts';
import { usePlannerText } from './text.ts';

/**
 * The space selection panel: a floor, a space on it (typed to search) and optionally a table of that
 * space; tables where someone else sits are offered but disabled.
 */
export function AssignDialog({
  person,
  floors,
  place,
  takenTables,
  onSave,
  onCancel,
}: {
  person: MarkerUser;
  floors: FloorWithPlaces[];
  place: Place | undefined;
  /** Table ids where someone other than this person sits. */
  takenTables: Set<string>;
  onSave: (markerId: string) => void;
  onCancel: () => void;
}) {
  const t = usePlannerText();
  const [floorId, setFloorId] = useState(place?.floor.id ?? floors.find((f) => f.isDefault)?.id ?? floors[0]?.id ?? '');
  const [spaceId, setSpaceId] = useState<string | null>(place?.space.id ?? null);
  const [tableId, setTableId] = useState<string>(place?.table?.id ?? '');
  const floor = floors.find((f) => f.id === floorId);
  const spaces = useMemo(
    () => (floor?.markers ?? []).filter((m) => m.marker_type === 'room').sort((a, b) => a.title.localeCompare(b.title, 'nb', { numeric: true })),
    [floor],
  );
  const tables = (floor?.markers ?? []).filter((m) => m.marker_type === 'table' && m.spaceId === spaceId).sort((a, b) => a.title.localeCompare(b.title, 'nb'));
  const title = format(t.assignTitle, { name: person.name });

  return (
    <Dialog hidden={false} onDismiss={onCancel} dialogContentProps={{ type: DialogType.normal, title }} modalProps={{ isBlocking: false }} minWidth={360}>
      <Stack tokens={{ childrenGap: 8 }}>
        <Dropdown
          label={t.floor}
          options={floors.map((f) => ({ key: f.id, text: f.floor_name }))}
          selectedKey={floorId}
          onChange={(_, o) => {
            if (!o) return;
            setFloorId(String(o.key));
            setSpaceId(null);
            setTableId('');
          }}
        />
        <ComboBox
          label={t.space}
          allowFreeform={false}
          autoComplete="on"
          options={spaces.map((s) => ({ key: s.id, text: s.title }))}
          selectedKey={spaceId}
          onChange={(_, o) => {
            setSpaceId(o ? String(o.key) : null);
            setTableId('');
          }}
        />
        <Dropdown
          label={t.table}
          disabled={!spaceId || tables.length === 0}
          options={[
            { key: '', text: t.noTable },
            ...tables.map((table) => ({
              key: table.id,
              text: takenTables.has(table.id) ? format(t.taken, { letter: table.title }) : table.title,
              disabled: takenTables.has(table.id),
            })),
          ]}
          selectedKey={tableId}
          onChange={(_, o) => setTableId(o ? String(o.key) : '')}
        />
      </Stack>
      <DialogFooter>
        <PrimaryButton text={t.save} disabled={!spaceId} onClick={() => spaceId && onSave(tableId || spaceId)} />
        <DefaultButton text={t.cancel} onClick={onCancel} />
      </DialogFooter>
    </Dialog>
  );
}
