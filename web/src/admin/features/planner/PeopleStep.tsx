import { DefaultButton, IconButton, MessageBar, MessageBarType, PrimaryButton, SearchBox, Spinner, SpinnerSize, Stack, Text, TextField } from '@fluentui/react';
import { type Floor, format, type ImportSummary, isPersonEmail, type MarkerUser, type MoveOverview, STICKERS_MAX } from '@movers/contracts';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { ConfirmDialog } from '../../../common/ConfirmDialog.tsx';
import { orderedCell as cell, useAnnouncer, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSendOnce } from '../../../common/useSendOnce.ts';
import { addPeople, deletePerson, importAllocation, setDefaultStickers, updatePerson, useAllMarkers, usePeople } from './api.ts';
import { AssignDialog } from './AssignDialog.tsx';
import { FileButton } from './FileButton.tsx';
import { placesOf, placeText, stickersOf } from './places.ts';
import { usePlannerText } from './text.ts';

/** 'Imported 1 person', 'Imported 3 people'. */
const importedText = (t: ReturnType<typeof usePlannerText>, n: number) => (n === 1 ? t.importedOne : format(t.imported, { n }));

/** The most rows drawn at once; the search narrows thousands of people to these. */
const SHOWN = 200;

/** Step 3, people: names pasted or uploaded, each placed on a space (and table), renamed, returned or deleted; an allocation imported from a CSV. */
export default function PeopleStep({ move, floors }: { move: MoveOverview; floors: Floor[] }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const people = usePeople(move.id);
  const all = useAllMarkers(move.id, floors);
  const places = useMemo(() => placesOf(all.data), [all.data]);
  const [names, setNames] = useState('');
  const [namesError, setNamesError] = useState<string | undefined>();
  const sendOnce = useSendOnce();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [assigning, setAssigning] = useState<MarkerUser | null>(null);
  const [deleting, setDeleting] = useState<MarkerUser | null>(null);
  const [importing, setImporting] = useState<string | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const { announce, region } = useAnnouncer();
  const list = people.data?.people ?? [];

  const matches = useMemo(() => {
    const words = deferred.trim().toLocaleLowerCase('nb').split(/\s+/).filter(Boolean);
    return words.length === 0 ? list : list.filter((p) => words.every((w) => `${p.name} ${p.email ?? ''}`.toLocaleLowerCase('nb').includes(w)));
  }, [list, deferred]);
  const unassigned = useMemo(() => list.filter((p) => !p.move_layout_marker_id || !places.has(p.move_layout_marker_id)).length, [list, places]);
  const takenBy = useMemo(() => {
    const taken = new Map<string, string>();
    for (const p of list) if (p.move_layout_marker_id && places.get(p.move_layout_marker_id)?.table) taken.set(p.move_layout_marker_id, p.id);
    return taken;
  }, [list, places]);

  async function run(action: () => Promise<unknown>, failed: string, done?: string) {
    try {
      await action();
      if (done) announce(done);
    } catch (error) {
      toast.error(error instanceof ApiError && error.status === 422 ? t.errors.invalidRequest : failed);
    }
  }

  async function add() {
    if (!names.trim()) return;
    setNamesError(undefined);
    try {
      const added = await sendOnce.send(names, (key) => addPeople(api, move.id, names, key));
      if (!added) return;
      setNames('');
      announce(importedText(t, added.length));
    } catch (error) {
      // A line the API refuses (a name too long, an address that is none) is named under the box.
      const refused = error instanceof ApiError ? error.fields?.names : undefined;
      if (refused) setNamesError(refused);
      else toast.error(error instanceof ApiError && error.status === 422 ? t.errors.invalidRequest : t.errors.saveUnassigned);
    }
  }

  async function runImport() {
    const csv = importing;
    setImporting(null);
    if (csv === null || !people.data) return;
    try {
      const result = await importAllocation(api, move.id, people.data, csv);
      setSummary(result);
      announce(importedText(t, result.imported));
    } catch (error) {
      toast.error(error instanceof ApiError && error.body?.error.message ? `${t.errors.saveUnassigned}: ${error.body.error.message}` : t.errors.saveUnassigned);
    }
  }

  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <Text as="h2" variant="xLarge">
        {t.people}
      </Text>
      {region}
      <Stack horizontal wrap tokens={{ childrenGap: 24 }} verticalAlign="start">
        <Stack tokens={{ childrenGap: 8 }} styles={{ root: { minWidth: 280, flex: 1 } }}>
          <TextField
            label={t.addNames}
            description={t.addNamesHint}
            multiline
            rows={4}
            value={names}
            errorMessage={namesError}
            onChange={(_, v) => {
              setNames(v ?? '');
              setNamesError(undefined);
            }}
          />
          <Stack horizontal wrap tokens={{ childrenGap: 8 }}>
            <PrimaryButton text={t.addPeople} disabled={!names.trim() || sendOnce.sending} onClick={() => void add()} />
            <FileButton
              label={t.uploadNames}
              text={t.uploadNames}
              accept=".txt,text/plain"
              onFile={async (file) => {
                const text = await file.text();
                setNames((current) => (current.trim() ? `${current}\n${text}` : text));
              }}
            />
            <FileButton label={t.importCsv} text={t.importCsv} accept=".csv,text/csv" onFile={async (file) => setImporting(await file.text())} />
          </Stack>
        </Stack>
        <StickerDefault move={move} />
      </Stack>
      {summary && (
        <MessageBar
          messageBarType={summary.skipped.length ? MessageBarType.warning : MessageBarType.success}
          onDismiss={() => setSummary(null)}
          dismissButtonAriaLabel={t.cancel}
        >
          <Text>{importedText(t, summary.imported)}</Text>
          {summary.skipped.length > 0 && (
            <>
              <Text block styles={{ root: { fontWeight: 600, marginTop: 4 } }}>
                {t.skippedLines}
              </Text>
              <ul style={{ margin: 0 }}>
                {summary.skipped.slice(0, 50).map((s) => (
                  <li key={`${s.line}-${s.text}`}>
                    {format(t.line, { n: s.line })}: {s.text} ({s.reason})
                  </li>
                ))}
              </ul>
            </>
          )}
        </MessageBar>
      )}
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 16 }}>
        <SearchBox placeholder={t.search} ariaLabel={t.search} value={query} onChange={(_, v) => setQuery(v ?? '')} styles={{ root: { width: 280 } }} />
        {people.status === 'ready' && <Text aria-live="polite">{format(t.peopleCount, { n: list.length, unassigned })}</Text>}
      </Stack>
      {(people.status === 'loading' || !all.data) && people.status !== 'failed' && <Spinner size={SpinnerSize.large} label={t.loading} />}
      {people.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.errors.getUnassigned}</MessageBar>}
      {people.status === 'ready' && all.data && list.length === 0 && <Text>{t.noPeople}</Text>}
      {people.status === 'ready' && all.data && list.length > 0 && matches.length === 0 && <Text>{t.noMatch}</Text>}
      {people.status === 'ready' && all.data && matches.length > 0 && (
        <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={t.people}>
          <thead>
            <tr>
              <th style={cell} scope="col">
                {t.name}
              </th>
              <th style={cell} scope="col">
                {t.email}
              </th>
              <th style={cell} scope="col">
                {t.place}
              </th>
              <th style={cell} scope="col">
                {t.stickers}
              </th>
              <th style={cell} scope="col">
                <span style={visuallyHidden}>{t.assign}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {matches.slice(0, SHOWN).map((person) => {
              const place = person.move_layout_marker_id ? places.get(person.move_layout_marker_id) : undefined;
              return (
                <tr key={person.id} data-person-id={person.id}>
                  <td style={cell}>
                    <PersonName person={person} onRename={(name) => run(() => updatePerson(api, person, { name }), t.errors.updateMarkerUser, name)} />
                  </td>
                  <td style={cell}>
                    <PersonEmail
                      person={person}
                      onChange={(email) => run(() => updatePerson(api, person, { email }), t.errors.updateMarkerUser, `${person.name}: ${t.email}`)}
                    />
                  </td>
                  <td style={cell}>{place ? placeText(place, t.floor) : <i>{t.unassigned}</i>}</td>
                  <td style={cell}>
                    <PersonStickers
                      person={person}
                      fallback={move.stickersCount}
                      onChange={(count) => run(() => updatePerson(api, person, { stickersCount: count }), t.errors.updateMarkerUser)}
                    />
                  </td>
                  <td style={{ ...cell, whiteSpace: 'nowrap' }}>
                    <DefaultButton text={t.assign} ariaLabel={format(t.assignTitle, { name: person.name })} onClick={() => setAssigning(person)} />
                    {place && (
                      <IconButton
                        iconProps={{ iconName: 'Undo' }}
                        title={t.returnPerson}
                        ariaLabel={`${t.returnPerson} ${person.name}`}
                        onClick={() =>
                          void run(
                            () => updatePerson(api, person, { move_layout_marker_id: null }),
                            t.errors.updateMarkerUser,
                            `${person.name}: ${t.unassigned}`,
                          )
                        }
                      />
                    )}
                    <IconButton
                      iconProps={{ iconName: 'Delete' }}
                      title={t.delete}
                      ariaLabel={`${t.delete} ${person.name}`}
                      onClick={() => setDeleting(person)}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {matches.length > SHOWN && <Text>{`${SHOWN} / ${matches.length}: ${t.search}`}</Text>}
      {assigning && all.data && (
        <AssignDialog
          person={assigning}
          floors={all.data}
          place={assigning.move_layout_marker_id ? places.get(assigning.move_layout_marker_id) : undefined}
          takenTables={new Set([...takenBy].filter(([, id]) => id !== assigning.id).map(([table]) => table))}
          onCancel={() => setAssigning(null)}
          onSave={(markerId) => {
            const person = assigning;
            setAssigning(null);
            const place = places.get(markerId);
            void run(
              () => updatePerson(api, person, { move_layout_marker_id: markerId }),
              t.errors.updateMarkerUser,
              place ? `${person.name}: ${placeText(place, t.floor)}` : undefined,
            );
          }}
        />
      )}
      <ConfirmDialog
        open={Boolean(deleting)}
        title={deleting ? `${t.delete} ${deleting.name}` : t.delete}
        text={t.deletePersonConfirm}
        onConfirm={() => {
          const person = deleting;
          setDeleting(null);
          if (person) void run(() => deletePerson(api, person), t.errors.deleteMarkerUser, `${person.name}: ${t.delete}`);
        }}
        onCancel={() => setDeleting(null)}
      />
      <ConfirmDialog
        open={importing !== null}
        title={t.importTitle}
        text={t.importConfirm}
        confirmText={t.importTitle}
        onConfirm={() => void runImport()}
        onCancel={() => setImporting(null)}
      />
    </Stack>
  );
}

/**
 * A person's value edited in place: Enter or leaving the field confirms, Escape cancels. A value `check`
 * refuses is said under the field and not confirmed (leaving the field then cancels).
 */
function InlineEdit(props: {
  value: string;
  shown: ReactNode;
  editLabel: string;
  fieldLabel: string;
  type?: 'email';
  check?: (text: string) => string | undefined;
  onConfirm: (text: string) => void;
}) {
  const [editing, setEditing] = useState<string | null>(null);
  if (editing === null)
    return (
      <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 4 }}>
        {props.shown}
        <IconButton iconProps={{ iconName: 'Edit' }} title={props.editLabel} ariaLabel={props.editLabel} onClick={() => setEditing(props.value)} />
      </Stack>
    );
  const text = editing.trim();
  const error = props.check?.(text);
  const confirm = () => {
    if (error) return;
    setEditing(null);
    if (text !== props.value) props.onConfirm(text);
  };
  return (
    <TextField
      ariaLabel={props.fieldLabel}
      type={props.type}
      value={editing}
      autoFocus
      errorMessage={error}
      onChange={(_, v) => setEditing(v ?? '')}
      onBlur={() => (error ? setEditing(null) : confirm())}
      onKeyDown={(event) => {
        if (event.key === 'Enter') confirm();
        if (event.key === 'Escape') setEditing(null);
      }}
    />
  );
}

/** A name, renamed in place; an empty name is ignored. */
function PersonName({ person, onRename }: { person: MarkerUser; onRename: (name: string) => Promise<void> }) {
  const t = usePlannerText();
  return (
    <InlineEdit
      value={person.name}
      shown={<span>{person.name}</span>}
      editLabel={`${t.rename} ${person.name}`}
      fieldLabel={format(t.newName, { name: person.name })}
      onConfirm={(name) => name && void onRename(name)}
    />
  );
}

/** A person's sticker count: empty shows and uses the move's default. */
function PersonStickers({ person, fallback, onChange }: { person: MarkerUser; fallback: number; onChange: (count: number | null) => Promise<void> }) {
  const t = usePlannerText();
  const [text, setText] = useState(person.stickersCount === null ? '' : String(person.stickersCount));
  const [shown, setShown] = useState(person.stickersCount);
  if (shown !== person.stickersCount) {
    setShown(person.stickersCount);
    setText(person.stickersCount === null ? '' : String(person.stickersCount));
  }
  // A count out of range is said, not silently undone, and not saved.
  const invalid = stickersOf(text) === undefined;
  const commit = () => {
    const count = stickersOf(text);
    if (count !== undefined && count !== person.stickersCount) void onChange(count);
  };
  return (
    <TextField
      ariaLabel={`${t.stickers} ${person.name}`}
      value={text}
      placeholder={String(fallback)}
      inputMode="numeric"
      errorMessage={invalid ? format(t.stickersRange, { max: STICKERS_MAX }) : undefined}
      onChange={(_, v) => setText(v ?? '')}
      onBlur={commit}
      onKeyDown={(event) => event.key === 'Enter' && commit()}
      styles={{ root: { width: 72 } }}
    />
  );
}

/** The move's stickers per person, 0-999. */
function StickerDefault({ move }: { move: MoveOverview }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const [text, setText] = useState(String(move.stickersCount));
  // The move's default has no default of its own: empty is as wrong as 1000, and said.
  const count = stickersOf(text);
  const invalid = count === undefined || count === null;
  const commit = async () => {
    if (invalid || count === move.stickersCount) return;
    try {
      await setDefaultStickers(api, move, count);
    } catch {
      toast.error(t.errors.saveMoveOptions);
      setText(String(move.stickersCount));
    }
  };
  return (
    <TextField
      label={t.stickersDefault}
      value={text}
      inputMode="numeric"
      errorMessage={invalid ? format(t.stickersRange, { max: STICKERS_MAX }) : undefined}
      onChange={(_, v) => setText(v ?? '')}
      onBlur={() => void commit()}
      onKeyDown={(event) => event.key === 'Enter' && void commit()}
      styles={{ root: { width: 220 } }}
    />
  );
}

/** An e-mail address, edited in place: a valid one is saved, empty removes it. */
function PersonEmail({ person, onChange }: { person: MarkerUser; onChange: (email: string | null) => Promise<void> }) {
  const t = usePlannerText();
  return (
    <InlineEdit
      value={person.email ?? ''}
      shown={person.email ? <span style={{ overflowWrap: 'anywhere' }}>{person.email}</span> : <i>{t.noEmail}</i>}
      editLabel={`${t.editEmail} ${person.name}`}
      fieldLabel={format(t.newEmail, { name: person.name })}
      type="email"
      check={(email) => (email && !isPersonEmail(email) ? t.invalidEmail : undefined)}
      onConfirm={(email) => void onChange(email || null)}
    />
  );
}
