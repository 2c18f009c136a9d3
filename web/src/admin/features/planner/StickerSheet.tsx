import { ChoiceGroup } from '@fluentui/react';
import { format, type LabelRow, placeName } from '@movers/contracts';
import { type CSSProperties, memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { QrCodePath } from '../../../common/qrCodePath.ts';
import { makeQrCodes } from '../../../common/qrCodes.ts';
import { yieldToMain } from '../../../common/yieldToMain.ts';
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

/**
 * Each name's fit on the layout's stickers, measured in the hidden probe page (`holder`, a sheet of the
 * same layout): the browser breaks and measures the text as it will on the sheet and on paper (both in
 * millimetres). All the names given are measured together, one sticker each: every fit is set on all of
 * them, then all are read, so a batch costs one layout for each fit tried rather than one for each name
 * and fit (issue 56: 2,000 names, one at a time, held the screen for seconds).
 */
function fitNames(holder: HTMLElement, names: string[]): Map<string, NameFit> {
  const probes = names.map((name) => {
    const sticker = document.createElement('div');
    sticker.className = 'sticker';
    const text = document.createElement('span');
    text.className = 'sticker-text';
    const probe = document.createElement('span');
    probe.className = 'sticker-name sticker-name-probe';
    probe.textContent = name;
    const code = document.createElement('span');
    code.className = 'sticker-qr';
    text.append(probe);
    sticker.append(text, code);
    return { name, probe, sticker };
  });
  holder.replaceChildren(...probes.map((p) => p.sticker));
  const fits = new Map<string, NameFit>();
  let left = probes;
  for (const fit of NAME_FITS) {
    for (const { probe } of left) {
      probe.style.fontSize = `${fit.size}pt`;
      probe.style.whiteSpace = fit.lines === 1 ? 'nowrap' : 'normal';
    }
    left = left.filter(({ name, probe }) => {
      const lines = probe.scrollHeight / (fit.size * PX_PER_PT * NAME_LINE_HEIGHT);
      // No word sticks out, and it takes no more lines than allowed (half a pixel of rounding).
      if (probe.scrollWidth <= probe.clientWidth && lines <= fit.lines + 0.05) {
        fits.set(name, fit);
        return false;
      }
      return true;
    });
    if (left.length === 0) break;
  }
  for (const { name } of left) fits.set(name, NAME_CUT);
  holder.replaceChildren();
  return fits;
}

/** The longest stretch of the sheet's work between two hand-backs. */
const SLICE_MS = 100;

/** How many names are fitted together at most (in one layout of the hidden probe stickers for each fit tried). */
const NAMES_AT_ONCE = 400;

/** How long the sheet is made before what is ready is shown (the first page is shown at once). */
const SHOW_EVERY_MS = 1000;

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
 * A seat link's QR code, drawn in the page as one SVG path (issue 56: as an image, each code was an SVG
 * document of its own to parse, seconds for a head office's sheet). Its path is made from the link alone
 * (qrCodePath.ts) and set as an attribute: nothing in it runs.
 */
function QrCode({ code, label }: { code: QrCodePath; label: string }) {
  return (
    <svg className="sticker-qr" role="img" aria-label={label} viewBox={`0 0 ${code.size} ${code.size}`} shapeRendering="crispEdges">
      <rect width={code.size} height={code.size} fill="#fff" />
      <path d={code.path} stroke="#000" />
    </svg>
  );
}

interface Sticker {
  row: LabelRow;
  link: string | null;
  key: string;
}

/** One A4 sheet of stickers, drawn once its codes and names are made (memo: a sheet shown is not drawn again as the next are). */
const StickerPage = memo(function StickerPage({
  sheet,
  layout,
  pageStyle,
  codes,
  fits,
}: {
  sheet: Sticker[];
  layout: StickerLayout;
  pageStyle: CSSProperties;
  codes: Map<string, QrCodePath>;
  fits: Map<string, NameFit>;
}) {
  const t = usePlannerText();
  return (
    <div className="sticker-page" style={pageStyle} data-layout={layout}>
      {sheet.map(({ row, link, key }) => {
        const code = link ? codes.get(link) : undefined;
        return (
          <div className="sticker" key={key} data-sticker={row.ownerKey}>
            <span className="sticker-band" style={{ background: row.color ? labelSwatch[row.color] : 'transparent' }} />
            <span className="sticker-text">
              <span className="sticker-room">{placeName({ space: row.space, table: row.table })}</span>
              <StickerName name={row.name} fit={fits.get(`${layout}\n${row.name}`)} />
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
            {link && (code ? <QrCode code={code} label={format(t.seatQr, { name: row.name })} /> : <span className="sticker-qr" />)}
          </div>
        );
      })}
    </div>
  );
});

/**
 * The printable sticker sheet (beyond the spec): one label per sticker a person orders, with the
 * floor's label colour as a band, the room (space and table) in large type and beside it the QR code of
 * the person's seat link (`seatLinkOf`; none for someone not placed), laid out in millimetres for the
 * chosen A4 label sheet. On paper only the labels print (stickerSheet.css).
 *
 * A head office's sheet is thousands of stickers (issue 56: 8,000, 2,000 codes): it is made a sheet at a
 * time, the first shown at once and the rest as they are made: the QR codes (one per link) made in a
 * worker in the sheet's order (qrCodes.ts) and drawn as inline SVG, the names fitted on the main thread
 * while they are made, a sheet shown once both are ready, the main thread handed back between sheets.
 * `onReady` says whether every sheet is shown (printing waits for it).
 */
export function StickerSheet({
  rows,
  seatLinkOf,
  layout,
  onLayout,
  onReady,
}: {
  rows: LabelRow[];
  seatLinkOf: (row: LabelRow) => string | null;
  layout: StickerLayout;
  onLayout: (layout: StickerLayout) => void;
  onReady?: (ready: boolean) => void;
}) {
  const t = usePlannerText();
  const size = STICKER_LAYOUTS[layout];
  const perSheet = size.across * size.down;
  // Someone without a seat gets no sticker (a room of '—' helps no mover): the sheet says how many.
  const unseated = rows.filter((row) => !row.space).length;
  const stickers = useMemo(
    () =>
      rows.flatMap((row): Sticker[] =>
        row.space ? Array.from({ length: row.count }, (_, i) => ({ row, link: seatLinkOf(row), key: `${row.ownerKey}-${i}` })) : [],
      ),
    [rows, seatLinkOf],
  );
  const sheets = useMemo(() => {
    const made: Sticker[][] = [];
    for (let i = 0; i < stickers.length; i += perSheet) made.push(stickers.slice(i, i + perSheet));
    return made;
  }, [stickers, perSheet]);
  const pageStyle = useMemo(
    () =>
      ({
        '--label-width': `${size.width}mm`,
        '--label-height': `${size.height}mm`,
        gridTemplateColumns: `repeat(${size.across}, ${size.width}mm)`,
        gridAutoRows: `${size.height}mm`,
        columnGap: `${size.gap}mm`,
        padding: `${size.top}mm ${size.side}mm 0`,
      }) as CSSProperties,
    [size],
  );
  const probe = useRef<HTMLDivElement>(null);
  // Made once for the sheet's life: a link's code, a name's fit on a layout.
  const codes = useRef(new Map<string, QrCodePath>()).current;
  const fits = useRef(new Map<string, NameFit>()).current;
  // Called as each batch of codes arrives: the sheets waiting for theirs look again.
  const codesArrived = useRef(new Set<() => void>()).current;
  // The codes of every link not made yet, in the sheet's order (the first page's first), off the main thread.
  useEffect(() => {
    const wanted = [...new Set(stickers.map((s) => s.link))].filter((link): link is string => link !== null && !codes.has(link));
    return makeQrCodes(wanted, (made) => {
      for (const [link, code] of made) codes.set(link, code);
      for (const look of [...codesArrived]) look();
    });
  }, [stickers, codes, codesArrived]);
  const [shown, setShown] = useState({ sheets, count: 0 });
  const shownCount = shown.sheets === sheets ? shown.count : 0;
  // A layout effect: sheets whose codes and fits are made already (the rows read again, a layout chosen
  // before) are shown before the browser paints, with no empty frame between.
  useLayoutEffect(() => {
    let live = true;
    /** Resolves once every code of the sheet is made (at once if they are). */
    const codesOf = (sheet: Sticker[]) =>
      new Promise<void>((resolve) => {
        const look = () => {
          if (!live || sheet.every(({ link }) => !link || codes.has(link))) {
            codesArrived.delete(look);
            resolve();
          }
        };
        codesArrived.add(look);
        look();
      });
    void (async () => {
      let lastShown = performance.now();
      let slice = performance.now();
      for (let index = 0; index < sheets.length; index++) {
        const sheet = sheets[index];
        // The names are fitted here while the worker makes the codes: the first sheet's alone (shown at
        // once), then those of the sheets ahead together, up to NAMES_AT_ONCE (one layout a fit tried for
        // them all; a sheet at a time was thousands of forced layouts of the growing page at 2,000 people).
        const unfitted = (at: number) => [...new Set(sheets[at].map((s) => s.row.name))].filter((name) => !fits.has(`${layout}\n${name}`));
        const names = unfitted(index);
        for (let ahead = index + 1; index > 0 && ahead < sheets.length && names.length < NAMES_AT_ONCE; ahead++)
          for (const name of unfitted(ahead)) if (!names.includes(name)) names.push(name);
        if (names.length > 0 && probe.current) for (const [name, fit] of fitNames(probe.current, names)) fits.set(`${layout}\n${name}`, fit);
        if (sheet.some(({ link }) => link && !codes.has(link))) {
          await codesOf(sheet);
          slice = performance.now();
        }
        if (!live) return;
        const last = index === sheets.length - 1;
        if (index === 0 || last || performance.now() - lastShown > SHOW_EVERY_MS) {
          setShown({ sheets, count: index + 1 });
          lastShown = performance.now();
        }
        // The first sheet drawn at once; then the work in slices, the screen answering between them.
        if (!last && (index === 0 || performance.now() - slice > SLICE_MS)) {
          await yieldToMain();
          if (!live) return;
          slice = performance.now();
        }
      }
    })();
    return () => {
      live = false;
      for (const look of [...codesArrived]) look();
    };
  }, [sheets, layout, codes, fits, codesArrived]);
  const ready = shownCount === sheets.length;
  useEffect(() => onReady?.(ready), [onReady, ready]);
  // The holder takes the page's spacing (a Stack's gap is a margin), so that on paper the sheet itself
  // starts in the page's very corner, where the label sheet's measures start.
  return (
    <div>
      <section className="sticker-sheet" aria-label={t.printSheet} aria-busy={!ready}>
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
        {sheets.slice(0, shownCount).map((sheet, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the print run
          <StickerPage key={index} sheet={sheet} layout={layout} pageStyle={pageStyle} codes={codes} fits={fits} />
        ))}
      </section>
      {/* Outside the sheet, so that it never prints: stickers of the layout where names are measured (fitNames). */}
      <div className="sticker-page sticker-probe" style={pageStyle} data-layout={layout} aria-hidden="true" ref={probe} />
    </div>
  );
}
