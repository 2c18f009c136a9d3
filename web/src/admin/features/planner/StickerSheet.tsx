import { format, type LabelRow } from '@movers/contracts';
import { useMemo } from 'react';
import './stickerSheet.css';
import { labelSwatch, usePlannerText } from './text.ts';

/** A common A4 label sheet: 3 × 8 labels of 70 × 37 mm. */
export const STICKERS_PER_SHEET = 24;

/**
 * The printable sticker sheet (beyond the spec): one label per sticker a person orders, with the
 * floor's label colour as a band and the room (space and table) in large type, laid out for A4 sheets
 * of 3 × 8 labels. On paper it prints alone (stickerSheet.css).
 */
export function StickerSheet({ rows }: { rows: LabelRow[] }) {
  const t = usePlannerText();
  const stickers = useMemo(() => rows.flatMap((row) => Array.from({ length: row.count }, (_, i) => ({ row, key: `${row.ownerKey}-${i}` }))), [rows]);
  const sheets: (typeof stickers)[] = [];
  for (let i = 0; i < stickers.length; i += STICKERS_PER_SHEET) sheets.push(stickers.slice(i, i + STICKERS_PER_SHEET));
  return (
    <section className="sticker-sheet" aria-label={t.printSheet}>
      <p className="sticker-sheet-count">{format(t.stickerCount, { n: stickers.length, sheets: sheets.length })}</p>
      {sheets.map((sheet, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sheet is its position in the print run
        <div className="sticker-page" key={index}>
          {sheet.map(({ row, key }) => (
            <div className="sticker" key={key} data-sticker={row.ownerKey}>
              <span className="sticker-band" style={{ background: row.color ? labelSwatch[row.color] : 'transparent' }} />
              <span className="sticker-room">{row.roomNumber || '—'}</span>
              <span className="sticker-name">{row.name}</span>
              <span className="sticker-meta">
                {row.floor ? `${t.floor} ${row.floor}` : ''}
                {row.companyName ? ` · ${row.companyName}` : ''}
              </span>
            </div>
          ))}
        </div>
      ))}
    </section>
  );
}
