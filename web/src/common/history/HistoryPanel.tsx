import { DefaultButton, Dropdown, type IDropdownOption, Link, MessageBar, MessageBarType, Spinner, Stack, Text } from '@fluentui/react';
import type { HistoryChange, HistoryEntry } from '@movers/contracts';
import { diffWords } from 'diff';
import { useState } from 'react';
import { useApi } from '../api/ApiContext.tsx';
import { ApiError } from '../api/errors.ts';
import { ConfirmDialog } from '../ConfirmDialog.tsx';
import { MoveZoneNote, zoneNoteLanguage } from '../MoveZoneNote.tsx';
import { useToast } from '../toast/Toasts.tsx';
import { restoreEntry, type HistorySource, useHistory } from './historyApi.ts';
import { byDay, fill, type HistoryWords, historyWords, isLongText, shownChange, timeOf, valueText, whoOf } from './historyText.ts';
import './history.css';

const ALL = '';

/** A changed text as one run of words: what went struck through, what came underlined. */
function TextDiff({ from, to, words }: { from: string; to: string; words: HistoryWords }) {
  const plain = (html: string) => valueText(html);
  return (
    <span className="history-diff">
      {diffWords(plain(from), plain(to)).map((part, i) =>
        part.removed ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one diff never move
          <del key={i}>
            <span className="history-sr">{words.removed}</span>
            {part.value}
          </del>
        ) : part.added ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <ins key={i}>
            <span className="history-sr">{words.added}</span>
            {part.value}
          </ins>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={i}>{part.value}</span>
        ),
      )}
    </span>
  );
}

function ChangeLine({ change, label, onRestore, words }: { change: HistoryChange; label: string; onRestore?: () => void; words: HistoryWords }) {
  return (
    <li className="history-change">
      <Text>
        <strong>{label}</strong>:{' '}
        {isLongText(change.from, change.to) ? (
          <TextDiff from={change.from as string} to={change.to as string} words={words} />
        ) : (
          <>
            {valueText(change.from)} → {valueText(change.to)}
          </>
        )}
      </Text>
      {onRestore && (
        <Link onClick={onRestore} style={{ marginLeft: 8 }}>
          {words.restoreField}
        </Link>
      )}
    </li>
  );
}

export interface HistoryPanelProps {
  source: HistorySource;
  /** The record's current ETag (a restore is a write on it); absent in a move's list. */
  etag?: string;
  /** The field names as the screen shows them ('markerId' → 'Seat'); others as they are. */
  fieldLabels?: Record<string, string>;
  /**
   * A value as the screen shows it (a seat's id as its place, a language's code as its name); `valueText`
   * otherwise. `entry` tells whose field it is where one screen lists many kinds (a move's recent changes).
   */
  formatValue?: (field: string, value: unknown, entry: HistoryEntry) => string | undefined;
  /** After a restore: the record as restored (the screen updates its form and caches). */
  onRestored?: (record: Record<string, unknown> & { id: string; etag: string; notice?: string }, entry: HistoryEntry) => void;
  /** Show which record each entry is about (a move's recent changes). */
  showRecord?: boolean;
  /** Offer 'Bring back' on delete entries (a move's recent changes). */
  undelete?: (entry: HistoryEntry) => boolean;
  /** Read again when this changes (the form was saved). */
  version?: string;
  heading?: string;
  /** The panel's words where the screen speaks another language (English by default); a partial set keeps the rest. */
  words?: Partial<HistoryWords>;
  /**
   * A move's records: its time zone. Days and times are on the move's clock, not the screen's, and the panel
   * names the zone (issue 55). Until it is known the panel waits; absent, the screen's own clock.
   */
  timeZone?: string | null;
}

/**
 * 'History' of a record (or of a move): newest first, grouped by day, 'who · when · field: before →
 * after', long text as a diff, filter by field; restore a field or a whole entry on the current ETag
 * (a restore never overwrites a change made since without asking: 412 says so), bring a deleted item back.
 */
export function HistoryPanel({
  source,
  etag,
  fieldLabels = {},
  formatValue,
  onRestored,
  showRecord,
  undelete,
  version,
  heading: headingProp,
  words: wordsProp,
  timeZone,
}: HistoryPanelProps) {
  const words: HistoryWords = { ...historyWords, ...wordsProp };
  const heading = headingProp ?? words.heading;
  const api = useApi();
  const toast = useToast();
  const [field, setField] = useState(ALL);
  const history = useHistory(source, { field: field || undefined, version });
  const [pending, setPending] = useState<{ entry: HistoryEntry; fields?: string[] } | null>(null);
  const [busy, setBusy] = useState(false);
  const label = (name: string) => fieldLabels[name] ?? name;
  // Brought back here since the list was read: not offered again while it is read again, whose answer then
  // says whether each record exists (`current`), so a record deleted once more is offered again.
  const [broughtBack, setBroughtBack] = useState<{ since: unknown; records: ReadonlySet<string> }>({ since: undefined, records: new Set() });
  const backSinceRead = broughtBack.since === history.entries ? broughtBack.records : new Set<string>();
  const shown = (change: HistoryChange, entry: HistoryEntry): HistoryChange => ({
    ...change,
    from: formatValue?.(change.field, change.from, entry) ?? change.from,
    to: formatValue?.(change.field, change.to, entry) ?? change.to,
  });
  /** The changes a person would call changes, as the screen names their values. */
  const changesOf = (entry: HistoryEntry) =>
    entry.changes
      .filter(shownChange)
      .map((change) => shown(change, entry))
      .filter(shownChange);
  /** Which record an entry is about, by its name now (and the name the entry knew, where it differs). */
  const recordOf = (entry: HistoryEntry) => {
    const kind = entry.kind.replace('-', ' ');
    const now = entry.current?.title ?? entry.title;
    if (!now) return ` ${kind}`;
    const then = entry.title && entry.title !== now ? ` (${words.formerly} '${entry.title}')` : '';
    return ` ${kind} '${now}'${then}`;
  };
  const isBack = (entry: HistoryEntry) => entry.current?.exists === true || backSinceRead.has(`${entry.kind}/${entry.recordId}`);
  const fields = [...new Set(history.entries.flatMap((e) => e.changes.filter(shownChange).map((c) => c.field)))].sort();
  const fieldOptions: IDropdownOption[] = [{ key: ALL, text: words.allFields }, ...fields.map((f) => ({ key: f, text: label(f) }))];

  async function confirm() {
    if (!pending || busy) return;
    setBusy(true);
    const { entry, fields: only } = pending;
    const recordId = entry.recordId;
    try {
      const restored = await restoreEntry(api, entry.kind, recordId, entry.id, { fields: only, etag: entry.action === 'delete' ? undefined : etag });
      toast.success(restored.notice ?? (entry.action === 'delete' ? words.broughtBack : words.restored));
      if (entry.action === 'delete') setBroughtBack({ since: history.entries, records: new Set([...backSinceRead, `${entry.kind}/${entry.recordId}`]) });
      onRestored?.(restored, entry);
      history.reload();
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 412 ? words.stale : error instanceof ApiError ? error.message : words.restoreFailed);
    } finally {
      setBusy(false);
      setPending(null);
    }
  }

  const restorable = (entry: HistoryEntry) => entry.action !== 'delete' && entry.action !== 'create' && etag !== undefined && changesOf(entry).length > 0;

  return (
    <section aria-label={heading} className="history-panel">
      <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 12 }} wrap>
        <Text as="h2" variant="large">
          {heading}
        </Text>
        {fields.length > 1 && (
          <Dropdown
            label={words.field}
            selectedKey={field}
            options={fieldOptions}
            onChange={(_, option) => setField(String(option?.key ?? ALL))}
            styles={{ root: { minWidth: 160 } }}
          />
        )}
      </Stack>
      {timeZone && <MoveZoneNote zone={timeZone} language={zoneNoteLanguage(words.locale)} />}
      {(history.status === 'loading' || timeZone === null) && <Spinner label={words.loading} />}
      {history.status === 'failed' && (
        <MessageBar messageBarType={MessageBarType.error} actions={<DefaultButton text={words.tryAgain} onClick={history.reload} />}>
          {words.failed}
        </MessageBar>
      )}
      {history.status === 'ready' && history.entries.length === 0 && <Text as="p">{words.none}</Text>}
      {history.status === 'ready' &&
        timeZone !== null &&
        byDay(history.entries, words.locale, timeZone).map((group) => (
          <div key={group.day}>
            <Text as="h3" variant="mediumPlus">
              {group.day}
            </Text>
            <ul className="history-entries">
              {group.entries.map((entry) => (
                <li key={entry.id} className="history-entry">
                  <Text as="p">
                    <strong>{whoOf(entry.by, words.someone)}</strong> · {timeOf(entry.at, timeZone ?? undefined)} · {words.actions[entry.action]}
                    {showRecord ? recordOf(entry) : ''}
                  </Text>
                  {entry.action !== 'delete' && changesOf(entry).length > 0 && (
                    <ul className="history-changes">
                      {changesOf(entry).map((change) => (
                        <ChangeLine
                          key={change.field}
                          change={change}
                          label={label(change.field)}
                          words={words}
                          onRestore={restorable(entry) && changesOf(entry).length > 1 ? () => setPending({ entry, fields: [change.field] }) : undefined}
                        />
                      ))}
                    </ul>
                  )}
                  {restorable(entry) && (
                    <DefaultButton
                      text={words.restore}
                      ariaLabel={fill(words.restoreLabel, { time: timeOf(entry.at, timeZone ?? undefined) })}
                      onClick={() => setPending({ entry })}
                    />
                  )}
                  {entry.action === 'delete' && undelete?.(entry) && isBack(entry) && <Text as="p">{words.backInPlace}</Text>}
                  {entry.action === 'delete' && undelete?.(entry) && !isBack(entry) && (
                    <DefaultButton
                      text={words.bringBack}
                      ariaLabel={fill(words.bringBackLabel, { what: entry.title ?? entry.kind })}
                      onClick={() => setPending({ entry })}
                    />
                  )}
                </li>
              ))}
            </ul>
          </div>
        ))}
      {history.more && (
        <DefaultButton text={history.loadingMore ? words.loadingMore : words.showOlder} disabled={history.loadingMore} onClick={history.loadMore} />
      )}
      <ConfirmDialog
        open={pending !== null}
        title={pending?.entry.action === 'delete' ? words.bringBackTitle : words.restoreTitle}
        text={
          pending?.entry.action === 'delete'
            ? words.bringBackText
            : fill(words.restoreText, { what: pending?.fields ? label(pending.fields[0]) : words.theFields })
        }
        confirmText={pending?.entry.action === 'delete' ? words.confirmBringBack : words.confirmRestore}
        cancelText={words.cancel}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      />
    </section>
  );
}
