import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { type Floor, type LabelRow, labelRows, type MoveOverview, seatLink, waveName } from '@movers/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { orderedCell as cell } from '../../../common/list/OrderedTable.tsx';
import { GapRow, useWindowedRows } from '../../../common/list/useWindowedRows.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { downloadLabels, useAllMarkers, useMoveWaves, usePeople } from './api.ts';
import { Swatch } from './LabelColorPicker.tsx';
import { StickerSheet, type StickerLayout } from './StickerSheet.tsx';
import { usePlannerText } from './text.ts';

/** A row's height before it is drawn and measured (one line of text; a colour's swatch). */
const ROW_HEIGHT = 38;

/** Step 4: the label order sheet, one row per person (the same rows as the CSV), and the printable sticker sheet with the seat links' QR codes. */
export default function LabelsStep({ move, floors }: { move: MoveOverview; floors: Floor[] }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const people = usePeople(move.id);
  const waves = useMoveWaves(move.id).data;
  const all = useAllMarkers(move.id);
  const [sheet, setSheet] = useState(false);
  const [layout, setLayout] = useState<StickerLayout>('3x8');
  // The visitor site is served from the portal's own address: a placed person's seat page is there.
  const seatLinkOf = useCallback(
    (row: LabelRow) => (row.roomNumber ? seatLink(`${window.location.origin}/${encodeURIComponent(move.path)}`, row.ownerKey) : null),
    [move.path],
  );
  const rows: LabelRow[] = useMemo(
    () =>
      all.data && people.data
        ? labelRows({
            floors: all.data.map((f) => ({ id: f.id, title: f.floor_name, labelColor: f.label_color })),
            markers: all.data.flatMap((f) =>
              f.markers.map((m) => ({ id: m.id, layoutId: f.id, markerType: m.marker_type, title: m.title, spaceId: m.spaceId })),
            ),
            people: people.data.people.map((p) => ({
              id: p.id,
              name: p.name,
              markerId: p.move_layout_marker_id,
              stickersCount: p.stickersCount,
              waveId: p.waveId,
            })),
            defaultCount: move.stickersCount,
            companyName: move.company,
            // The sticker names the wave in the screen's language, else the move's default (issue 55).
            waves: (waves?.waves ?? []).map((w) => ({ ...w, name: waveName(w, t.waves.lang) })),
          })
        : [],
    [all.data, people.data, move.stickersCount, move.company, waves, t.waves.lang],
  );

  async function download() {
    try {
      await downloadLabels(api, move, { lang: t.waves.lang });
    } catch {
      toast.error(t.csvFailed);
    }
  }

  const ready = people.status === 'ready' && Boolean(all.data);
  // A head office's 2,000 rows: only those in the window (and a few each side) are drawn (issue 56).
  const order = useWindowedRows<HTMLTableSectionElement>(ready ? rows.length : 0, { estimate: ROW_HEIGHT });
  // Printing waits until every sheet of stickers is drawn (the sheet is made a sheet at a time).
  const [printing, setPrinting] = useState(false);
  const [sheetReady, setSheetReady] = useState(false);
  useEffect(() => {
    if (!printing || !sheetReady) return;
    setPrinting(false);
    // The sheet is drawn first; the print dialog shows it alone (print styles hide the rest).
    requestAnimationFrame(() => requestAnimationFrame(() => window.print()));
  }, [printing, sheetReady]);
  // A move in waves shows each person's wave, by the number its stickers print (issue 55).
  const withWaves = (waves?.waves.length ?? 0) > 0;
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Text as="h2" variant="xLarge">
        {t.labelSheet}
      </Text>
      <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
        <PrimaryButton text={t.downloadCsv} onClick={() => void download()} />
        <DefaultButton text={sheet ? t.hideSheet : t.showSheet} disabled={rows.length === 0} aria-expanded={sheet} onClick={() => setSheet(!sheet)} />
        <DefaultButton
          text={t.printSheet}
          disabled={rows.length === 0}
          onClick={() => {
            setSheet(true);
            setPrinting(true);
          }}
        />
      </Stack>
      {!ready && people.status !== 'failed' && <Spinner size={SpinnerSize.large} label={t.loading} />}
      {people.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.errors.getUnassigned}</MessageBar>}
      {ready && rows.length === 0 && <Text>{t.noLabels}</Text>}
      {sheet && rows.length > 0 && <StickerSheet rows={rows} seatLinkOf={seatLinkOf} layout={layout} onLayout={setLayout} onReady={setSheetReady} />}
      {ready && rows.length > 0 && (
        // Screen readers hear the whole sheet's size (aria-rowcount) and each drawn row's place in it.
        <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={t.labelSheet} aria-rowcount={rows.length + 1}>
          <thead>
            <tr aria-rowindex={1}>
              {[t.name, t.floor, t.space, t.table, t.color, ...(withWaves ? [t.wave] : []), t.count, t.roomNumber, t.companyName].map((h) => (
                <th key={h} style={cell} scope="col">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody ref={order.listRef} onFocus={order.onFocus}>
            {order.parts.map((part) => {
              if ('gap' in part) return <GapRow key={part.key} height={part.gap} columns={withWaves ? 9 : 8} />;
              const { index } = part.item;
              const row = rows[index]!;
              return (
                <tr key={row.ownerKey} ref={order.measure} data-index={index} aria-rowindex={index + 2}>
                  <td style={cell}>{row.name}</td>
                  <td style={cell}>{row.floor}</td>
                  <td style={cell}>{row.space}</td>
                  <td style={cell}>{row.table}</td>
                  <td style={cell}>
                    {row.color && (
                      <>
                        <Swatch color={row.color} />
                        {t.colors[row.color]}
                      </>
                    )}
                  </td>
                  {withWaves && <td style={cell}>{row.wave ? `${row.waveNumber} · ${row.wave}` : ''}</td>}
                  <td style={cell}>{row.count}</td>
                  <td style={cell}>{row.roomNumber}</td>
                  <td style={cell}>{row.companyName}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Stack>
  );
}
