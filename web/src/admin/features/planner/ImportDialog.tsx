import { DefaultButton, Dialog, DialogFooter, DialogType, MessageBar, MessageBarType, PrimaryButton, Spinner, Text } from '@fluentui/react';
import { format, type ImportSummary } from '@movers/contracts';
import { orderedCell } from '../../../common/list/OrderedTable.tsx';
import { type Place, placeText } from './places.ts';
import { usePlannerText } from './text.ts';

type Words = ReturnType<typeof usePlannerText>;

/** The API's reason for a refused line (English) in the planner's language. */
export function importReason(t: Words, reason: string): string {
  const r = t.importReasons;
  const exact: Record<string, string> = { 'no name': r.noName, 'no space': r.noSpace, 'Invalid email': r.invalidEmail };
  if (exact[reason]) return exact[reason];
  const patterns: [RegExp, (m: RegExpMatchArray) => string][] = [
    [/^no table (.+) in space (.+)$/, (m) => format(r.noTable, { table: m[1], space: m[2] })],
    [/^no space (.+)$/, (m) => format(r.noSuchSpace, { space: m[1] })],
    [/^space (.+) is on more than one floor$/, (m) => format(r.twoFloors, { space: m[1] })],
    [/^a name has at most (\d+) characters$/, (m) => format(r.nameTooLong, { n: m[1] })],
  ];
  for (const [pattern, say] of patterns) {
    const m = reason.match(pattern);
    if (m) return say(m);
  }
  return reason;
}

/** The lines a file refused, by number and why (every one in a preview, the first 50 after an import). */
export function RefusedLines({ skipped, all = false }: { skipped: ImportSummary['skipped']; all?: boolean }) {
  const t = usePlannerText();
  return (
    <ul style={{ margin: 0, overflowWrap: 'anywhere' }}>
      {(all ? skipped : skipped.slice(0, 50)).map((s) => (
        <li key={`${s.line}-${s.text}`}>
          {format(t.line, { n: s.line })}: {s.text} ({importReason(t, s.reason)})
        </li>
      ))}
    </ul>
  );
}

const cell = { ...orderedCell, padding: '4px 8px', verticalAlign: 'top', overflowWrap: 'anywhere' } as const;

/** A preview's line; `wave` (issue 48) is the wave its `wave` column names, by name. */
type PreviewRow = NonNullable<ImportSummary['rows']>[number];

/** A preview's first lines as the import reads them: a quoted "Larsen, Ola" shows as one name; the wave and the department when the file has their columns. */
function ReadRows({ rows, places, waveNames }: { rows: PreviewRow[]; places: Map<string, Place>; waveNames: Map<string, string> }) {
  const t = usePlannerText();
  const hasWaves = rows.some((row) => row.wave);
  const hasDepartments = rows.some((row) => row.department);
  return (
    <table style={{ borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', margin: '4px 0 8px' }}>
      <caption style={{ textAlign: 'left', fontWeight: 600, padding: '4px 0' }}>{t.previewRows}</caption>
      <thead>
        <tr>
          <th scope="col" style={{ ...cell, width: '3.5em' }}>
            {t.previewLine}
          </th>
          <th scope="col" style={cell}>
            {t.name}
          </th>
          <th scope="col" style={cell}>
            {t.email}
          </th>
          <th scope="col" style={cell}>
            {t.place}
          </th>
          {hasWaves && (
            <th scope="col" style={cell}>
              {t.waves.wave}
            </th>
          )}
          {hasDepartments && (
            <th scope="col" style={cell}>
              {t.department}
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const place = row.markerId ? places.get(row.markerId) : undefined;
          return (
            <tr key={row.line}>
              <td style={cell}>{row.line}</td>
              <td style={cell}>{row.name}</td>
              <td style={cell}>{row.email ?? ''}</td>
              <td style={cell}>{place ? placeText(place, t.floor) : <i>{t.unassigned}</i>}</td>
              {hasWaves && <td style={cell}>{(row.waveId && waveNames.get(row.waveId)) || row.wave || <i>{t.waves.noWave}</i>}</td>}
              {hasDepartments && <td style={cell}>{row.department ?? ''}</td>}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * The import's confirmation (spec part 2's question) with what the file will do, read by the server
 * without writing: people added, moved, left without a seat, and the lines refused with their numbers.
 */
export function ImportDialog({
  open,
  preview,
  places,
  waveNames,
  failed,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  /** Null while the file is being read. */
  preview: ImportSummary | null;
  /** The move's seats, to name a row's place as every list does. */
  places: Map<string, Place>;
  /**
   * The move's waves' names by id in the screen's language (issue 55): the server's preview names a wave in
   * the move's default language, which an English screen of a Norwegian move would show alone.
   */
  waveNames: Map<string, string>;
  failed: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = usePlannerText();
  return (
    <Dialog
      hidden={!open}
      onDismiss={onCancel}
      dialogContentProps={{ type: DialogType.normal, title: t.importTitle }}
      modalProps={{ isBlocking: true }}
      minWidth={Math.min(520, typeof window === 'undefined' ? 520 : window.innerWidth - 32)}
    >
      {!preview && !failed && <Spinner label={t.previewLoading} />}
      {failed && <MessageBar messageBarType={MessageBarType.error}>{failed}</MessageBar>}
      {preview && (
        <section aria-label={t.previewHeading}>
          <Text as="h3" block variant="mediumPlus" styles={{ root: { fontWeight: 600 } }}>
            {t.previewHeading}
          </Text>
          <ul style={{ margin: '4px 0 8px' }}>
            <li>{format(t.previewLines, { n: preview.imported })}</li>
            <li>{format(t.previewAdded, { n: preview.added })}</li>
            <li>{format(t.previewMoved, { n: preview.moved })}</li>
            <li>{format(t.previewWithoutSeat, { n: preview.withoutSeat })}</li>
            <li>{format(t.previewRefused, { n: preview.skipped.length })}</li>
          </ul>
          {preview.rows && preview.rows.length > 0 && <ReadRows rows={preview.rows} places={places} waveNames={waveNames} />}
          {preview.skipped.length > 0 && <RefusedLines skipped={preview.skipped} all />}
          <Text block styles={{ root: { marginTop: 12 } }}>
            {t.importConfirm}
          </Text>
        </section>
      )}
      <DialogFooter>
        <PrimaryButton text={t.importTitle} disabled={!preview} onClick={onConfirm} />
        <DefaultButton text={t.cancel} onClick={onCancel} />
      </DialogFooter>
    </Dialog>
  );
}
