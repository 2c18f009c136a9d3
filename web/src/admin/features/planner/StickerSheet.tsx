import { ChoiceGroup } from '@fluentui/react';
import { format, type LabelRow, placeName } from '@movers/contracts';
import { type CSSProperties, useLayoutEffect, useMemo, useRef, useState } from 'react';
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

/** A name's type on a sticker: its size in points and how many lines it may take. */
interface NameFit {
  size: number;
  lines: 1 | 2 | 3;
}
/**
 * How a name is fitted beside the room and the QR code (issue 45: 'Ingrid Ødeg…'), tried in order: one line
 * in smaller type, then two lines, then three (a 70 × 37 mm label leaves the name 26 mm across but room
 * below the room for three lines). A name that fits none is cut at the end of its last line, with '…'.
 */
const NAME_FITS: NameFit[] = [
  { size: 10, lines: 1 },
  { size: 9, lines: 1 },
  { size: 8, lines: 1 },
  { size: 10, lines: 2 },
  { size: 9, lines: 2 },
  { size: 8, lines: 2 },
  { size: 7, lines: 2 },
  { size: 8, lines: 3 },
  { size: 7, lines: 3 },
];
const NAME_CUT = NAME_FITS[NAME_FITS.length - 1];
/** The name's line height (stickerSheet.css), to count its lines. */
const NAME_LINE_HEIGHT = 1.2;
const PX_PER_PT = 96 / 72;

/** The first fit in which the probe (a sticker's name, as wide as on the sheet) shows the whole name. */
function fitName(probe: HTMLElement, name: string): NameFit {
  probe.textContent = name;
  for (const fit of NAME_FITS) {
    probe.style.fontSize = `${fit.size}pt`;
    probe.style.whiteSpace = fit.lines === 1 ? 'nowrap' : 'normal';
    const lines = probe.scrollHeight / (fit.size * PX_PER_PT * NAME_LINE_HEIGHT);
    // No word sticks out, and it takes no more lines than allowed (half a pixel of rounding).
    if (probe.scrollWidth <= probe.clientWidth && lines <= fit.lines + 0.05) return fit;
  }
  return NAME_CUT;
}

/**
 * Each name's fit on the layout's stickers, measured in a hidden sticker of the same size (`probe`): the
 * browser breaks and measures the text as it will on the sheet and on paper (both in millimetres). Each
 * name is measured once per layout.
 */
function useNameFits(names: string[], layout: StickerLayout) {
  const probe = useRef<HTMLSpanElement>(null);
  const measured = useRef(new Map<string, NameFit>());
  const [fits, setFits] = useState(() => new Map<string, NameFit>());
  useLayoutEffect(() => {
    const element = probe.current;
    if (!element) return;
    const next = new Map<string, NameFit>();
    for (const name of names) {
      const key = `${layout}\n${name}`;
      let fit = measured.current.get(key);
      if (!fit) {
        fit = fitName(element, name);
        measured.current.set(key, fit);
      }
      next.set(name, fit);
    }
    setFits(next);
  }, [names, layout]);
  return { probe, fits };
}

/** A name on a sticker, in its fit (before it is measured, one line at the full size). */
function StickerName({ name, fit }: { name: string; fit: NameFit | undefined }) {
  const lines = fit?.lines ?? 1;
  return (
    <span
      className={lines === 1 ? 'sticker-name' : 'sticker-name sticker-name-lines'}
      style={fit ? ({ fontSize: `${fit.size}pt`, '--name-lines': lines } as CSSProperties) : undefined}
    >
      {name}
    </span>
  );
}

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
  const names = useMemo(() => [...new Set(stickers.map((s) => s.row.name))], [stickers]);
  const { probe, fits } = useNameFits(names, layout);
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
                    <StickerName name={row.name} fit={fits.get(row.name)} />
                    {row.wave && (
                      // The crew loads by wave (issues 48, 55): its number large, in black, so a grey-scale print
                      // tells the waves apart; then its colour where set and its name as far as it fits.
                      <span className="sticker-wave">
                        <span className="sticker-wave-word">{t.wave}</span>{' '}
                        <span className="sticker-wave-number" data-wave-number={row.waveNumber}>
                          {row.waveNumber}
                        </span>{' '}
                        {row.waveColor && <span className="sticker-wave-swatch" style={{ background: labelSwatch[row.waveColor] }} />}
                        <span className="sticker-wave-name">{row.wave}</span>
                      </span>
                    )}
                    <span className="sticker-meta">{[row.floor ? `${t.floor} ${row.floor}` : '', row.companyName].filter(Boolean).join(' · ')}</span>
                  </span>
                  {link && (code ? <img className="sticker-qr" src={code} alt={format(t.seatQr, { name: row.name })} /> : <span className="sticker-qr" />)}
                </div>
              );
            })}
          </div>
        ))}
      </section>
      {/* Outside the sheet, so that it never prints: a sticker of the layout where names are measured. */}
      <div className="sticker-page sticker-probe" style={pageStyle} data-layout={layout} aria-hidden="true">
        <div className="sticker">
          <span className="sticker-text">
            <span className="sticker-name sticker-name-probe" ref={probe} />
          </span>
          <span className="sticker-qr" />
        </div>
      </div>
    </div>
  );
}
