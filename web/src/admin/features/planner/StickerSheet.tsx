import { ChoiceGroup } from '@fluentui/react';
import { format, type LabelRow, placeName } from '@movers/contracts';
import { type CSSProperties, useMemo } from 'react';
import { useQrCodes } from '../../../common/useQrCodes.ts';
import './stickerSheet.css';
import { labelSwatch, usePlannerText } from './text.ts';

/**
 * The common A4 label sheets, in millimetres: labels across and down, a label's size, the sheet's top
 * and side margins and the gap between columns (rows touch). 3 × 8 of 70 × 37 mm (Avery 3475 and its
 * many equivalents) fills the sheet edge to edge; 2 × 7 of 99.1 × 38.1 mm (L7163) and 3 × 7 of
 * 63.5 × 38.1 mm (L7160) have 15.15 mm above and below and 2.5 mm between columns.
 */
export const STICKER_LAYOUTS = {
  '3x8': { across: 3, down: 8, width: 70, height: 37, top: 0.5, side: 0, gap: 0 },
  '2x7': { across: 2, down: 7, width: 99.1, height: 38.1, top: 15.15, side: 4.65, gap: 2.5 },
  '3x7': { across: 3, down: 7, width: 63.5, height: 38.1, top: 15.15, side: 7.25, gap: 2.5 },
} as const;
export type StickerLayout = keyof typeof STICKER_LAYOUTS;

/** How a layout is named: '3 × 8 · 70 × 37 mm'. */
export const layoutName = (layout: StickerLayout) => {
  const { across, down, width, height } = STICKER_LAYOUTS[layout];
  return `${across} × ${down} · ${width} × ${height} mm`;
};

/**
 * The printable sticker sheet (beyond the spec): one label per sticker a person orders, with the
 * floor's label colour as a band, the room (space and table) in large type and beside it the QR code of
 * the person's seat link (`seatLinkOf`; none for someone not placed), laid out in millimetres for the
 * chosen A4 label sheet. On paper only the labels print (stickerSheet.css).
 */
export function StickerSheet({
  rows,
  seatLinkOf,
  layout,
  onLayout,
}: {
  rows: LabelRow[];
  seatLinkOf: (row: LabelRow) => string | null;
  layout: StickerLayout;
  onLayout: (layout: StickerLayout) => void;
}) {
  const t = usePlannerText();
  const size = STICKER_LAYOUTS[layout];
  const perSheet = size.across * size.down;
  // Someone without a seat gets no sticker (a room of '—' helps no mover): the sheet says how many.
  const unseated = rows.filter((row) => !row.space).length;
  const stickers = useMemo(
    () => rows.flatMap((row) => (row.space ? Array.from({ length: row.count }, (_, i) => ({ row, link: seatLinkOf(row), key: `${row.ownerKey}-${i}` })) : [])),
    [rows, seatLinkOf],
  );
  const codes = useQrCodes(useMemo(() => [...new Set(stickers.flatMap((s) => (s.link ? [s.link] : [])))], [stickers]));
  const sheets: (typeof stickers)[] = [];
  for (let i = 0; i < stickers.length; i += perSheet) sheets.push(stickers.slice(i, i + perSheet));
  const pageStyle = {
    '--label-width': `${size.width}mm`,
    '--label-height': `${size.height}mm`,
    gridTemplateColumns: `repeat(${size.across}, ${size.width}mm)`,
    gridAutoRows: `${size.height}mm`,
    columnGap: `${size.gap}mm`,
    padding: `${size.top}mm ${size.side}mm 0`,
  } as CSSProperties;
  // The holder takes the page's spacing (a Stack's gap is a margin), so that on paper the sheet itself
  // starts in the page's very corner, where the label sheet's measures start.
  return (
    <div>
      <section className="sticker-sheet" aria-label={t.printSheet}>
        <div className="sticker-sheet-controls">
          <ChoiceGroup
            label={t.sheetLayout}
            selectedKey={layout}
            options={(Object.keys(STICKER_LAYOUTS) as StickerLayout[]).map((key) => ({ key, text: layoutName(key) }))}
            onChange={(_, option) => option && onLayout(option.key as StickerLayout)}
            styles={{ flexContainer: { display: 'flex', flexWrap: 'wrap', columnGap: '16px' } }}
          />
          <p className="sticker-sheet-count">
            {format(t.stickerCount, {
              stickers: stickers.length === 1 ? t.oneSticker : format(t.stickers_n, { n: stickers.length }),
              sheets: sheets.length === 1 ? t.oneSheet : format(t.sheets_n, { n: sheets.length }),
              layout: layoutName(layout),
            })}
          </p>
          {unseated > 0 && <p className="sticker-sheet-count">{unseated === 1 ? t.oneUnseated : format(t.unseated_n, { n: unseated })}</p>}
        </div>
        {sheets.map((sheet, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the print run
          <div className="sticker-page" key={index} style={pageStyle} data-layout={layout}>
            {sheet.map(({ row, link, key }) => {
              const code = link ? codes.get(link) : undefined;
              return (
                <div className="sticker" key={key} data-sticker={row.ownerKey}>
                  <span className="sticker-band" style={{ background: row.color ? labelSwatch[row.color] : 'transparent' }} />
                  <span className="sticker-text">
                    <span className="sticker-room">{placeName({ space: row.space, table: row.table })}</span>
                    <span className="sticker-name">{row.name}</span>
                    <span className="sticker-meta">{[row.floor ? `${t.floor} ${row.floor}` : '', row.companyName].filter(Boolean).join(' · ')}</span>
                  </span>
                  {link && (code ? <img className="sticker-qr" src={code} alt={format(t.seatQr, { name: row.name })} /> : <span className="sticker-qr" />)}
                </div>
              );
            })}
          </div>
        ))}
      </section>
    </div>
  );
}
