import { DefaultButton, MessageBar, MessageBarType, PrimaryButton, SearchBox, Spinner, SpinnerSize, Stack, Text, TextField } from '@fluentui/react';
import { withSentence } from '../../../common/history/historyText.ts';
import {
  acceptOf,
  csvFileRule,
  type Floor,
  format,
  type ImportSummary,
  type MarkerUser,
  type MoveOverview,
  nameMatches,
  searchWords,
  type WaveList,
} from '@movers/contracts';
import { memo, type ReactNode, useCallback, useDeferredValue, useMemo, useRef, useState } from 'react';
import { useApi } from '../../../common/api/ApiContext.tsx';
import { ApiError } from '../../../common/api/errors.ts';
import { PlannerConfirmDialog } from './PlannerConfirmDialog.tsx';
import { fileFits } from '../../../common/fileCheck.ts';
import { PlainButton, PlainCheckbox, PlainIconButton } from '../../../common/PlainControls.tsx';
import { orderedCell as cell, useAnnouncer, visuallyHidden } from '../../../common/list/OrderedTable.tsx';
import { useToast } from '../../../common/toast/Toasts.tsx';
import { useSendOnce } from '../../../common/useSendOnce.ts';
import { addPeople, deletePerson, importAllocation, previewAllocation, updatePerson, useAllMarkers, usePeople } from './api.ts';
import { ImportDialog, RefusedLines } from './ImportDialog.tsx';
import { AssignDialog } from './AssignDialog.tsx';
import { FileButton } from './FileButton.tsx';
import { PersonDepartment, PersonEmail, PersonName, PersonPhone, PersonStickers } from './PersonFields.tsx';
import { PersonHistoryDialog } from './PlannerHistory.tsx';
import { type Place, placesOf, placeText } from './places.ts';
import { SeatLetters } from './SeatLetters.tsx';
import { StickerDefault } from './StickerDefault.tsx';
import { type PlannerText, usePlannerText } from './text.ts';
import { SideScroll } from '../../../common/list/SideScroll.tsx';
import { GapRow, useWindowedRows } from '../../../common/list/useWindowedRows.tsx';
import { useMediaQuery } from '../../../common/useMediaQuery.ts';
import { assignWave, useWaves } from '../waves/index.ts';
import { departmentsOf, filterPeople, type PeopleFilter, toggleShown } from './peopleFilter.ts';
import { AssignmentMessage, assignmentWarnings, PeopleFilters, PersonWave, PutInWaveDialog, SelectAllShown, useWaveName } from './WaveTools.tsx';

/** 'Imported 1 person', 'Imported 3 people'. */
const importedText = (t: ReturnType<typeof usePlannerText>, n: number) => (n === 1 ? t.importedOne : format(t.imported, { n }));

/** A phone or small tablet (the admin shell's narrow width): people as cards, not a table. */
const NARROW_PLANNER = '(max-width: 767.98px)';

/** A row's height before it is drawn and measured (a table row of Fluent's controls; a card on a phone, with its gap). */
const ROW_HEIGHT = 49;
const CARD_HEIGHT = 420;
/** A card's box and its lines (plain markup: a card is drawn at each scroll, as a row is). */
const cardStyle = { display: 'flex', flexDirection: 'column', gap: 6, border: '1px solid #edebe9', borderRadius: 4, padding: 12 } as const;
const cardLine = { display: 'flex', alignItems: 'center', gap: 8 } as const;

/** What a person's row or card shows: it is drawn again when one of these changes, not as the list scrolls. */
interface PersonShown {
  person: MarkerUser;
  /** Its place in the list (the search's and filters' matches), of `count`. */
  index: number;
  count: number;
  place: Place | undefined;
  /** A card (narrow screens), else a table row. */
  card: boolean;
  chosen: boolean;
  waves: WaveList | undefined;
  t: PlannerText;
  fallback: number;
  /** The windowed list's measuring of the drawn row or card (`useWindowedRows`). */
  measure: (element: HTMLElement | null) => void;
}

/** One person's row or card, drawn by the step's current `draw`. */
const PersonItem = memo(function PersonItem({ draw, ...shown }: PersonShown & { draw: (shown: PersonShown) => ReactNode }) {
  return draw(shown);
});

/**
 * The people the search and filters let through, windowed: every match is in the list, only the rows in
 * the window (and a window's more each side) are drawn (issue 56). Its own component, so that a scroll
 * draws the list again, not the step's fields, filters and dialogs around it.
 */
const PeopleList = memo(function PeopleList({
  matches,
  narrow,
  places,
  chosen,
  waves,
  fallback,
  draw,
}: {
  matches: MarkerUser[];
  narrow: boolean;
  places: Map<string, Place>;
  chosen: ReadonlySet<string>;
  waves: WaveList | undefined;
  fallback: number;
  draw: (shown: PersonShown) => ReactNode;
}) {
  const t = usePlannerText();
  const table = useWindowedRows<HTMLTableSectionElement>(narrow ? 0 : matches.length, { estimate: ROW_HEIGHT });
  const cards = useWindowedRows<HTMLUListElement>(narrow ? matches.length : 0, { estimate: CARD_HEIGHT });
  const item = (index: number, card: boolean) => {
    const person = matches[index]!;
    return (
      <PersonItem
        key={person.id}
        draw={draw}
        person={person}
        index={index}
        count={matches.length}
        place={person.move_layout_marker_id ? places.get(person.move_layout_marker_id) : undefined}
        card={card}
        chosen={chosen.has(person.id)}
        waves={waves}
        t={t}
        fallback={fallback}
        measure={card ? cards.measure : table.measure}
      />
    );
  };
  if (narrow)
    return (
      // A phone or small tablet: one card per person (name, address, place, stickers, actions), no sideways scrolling.
      <ul ref={cards.listRef} aria-label={t.people} style={{ listStyle: 'none', margin: 0, padding: 0 }} onFocus={cards.onFocus}>
        {cards.parts.map((part) => ('gap' in part ? <li key={part.key} aria-hidden="true" style={{ height: part.gap }} /> : item(part.item.index, true)))}
      </ul>
    );
  const headers = [t.name, t.email, t.phone, t.department, t.place, t.waves.wave, t.stickers];
  return (
    <SideScroll>
      {/* Screen readers hear the whole list's size (aria-rowcount) and each drawn row's place in it. */}
      <table style={{ borderCollapse: 'collapse', width: '100%' }} aria-label={t.people} aria-rowcount={matches.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th style={cell} scope="col">
              <span style={visuallyHidden}>{t.waves.selectAll}</span>
            </th>
            {headers.map((header) => (
              <th key={header} style={cell} scope="col">
                {header}
              </th>
            ))}
            <th style={cell} scope="col">
              <span style={visuallyHidden}>{t.assign}</span>
            </th>
          </tr>
        </thead>
        <tbody ref={table.listRef} onFocus={table.onFocus}>
          {table.parts.map((part) => ('gap' in part ? <GapRow key={part.key} height={part.gap} columns={9} /> : item(part.item.index, false)))}
        </tbody>
      </table>
    </SideScroll>
  );
});

/** Step 3, people: names pasted or uploaded, each placed on a space (and table), renamed, returned or deleted; an allocation imported from a CSV. */
export default function PeopleStep({ move, floors }: { move: MoveOverview; floors: Floor[] }) {
  const t = usePlannerText();
  const api = useApi();
  const toast = useToast();
  const people = usePeople(move.id);
  const all = useAllMarkers(move.id);
  const places = useMemo(() => placesOf(all.data), [all.data]);
  const [names, setNames] = useState('');
  const [namesError, setNamesError] = useState<string | undefined>();
  const sendOnce = useSendOnce();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [assigning, setAssigning] = useState<MarkerUser | null>(null);
  const [deleting, setDeleting] = useState<MarkerUser | null>(null);
  // The person whose history is open (by id: the dialog shows them as the list has them now, after a restore too).
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const [importing, setImporting] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ csv: string; summary: ImportSummary | null; failed: string | null } | null>(null);
  const [summary, setSummary] = useState<ImportSummary | null>(null);
  const { announce, region } = useAnnouncer();
  const narrow = useMediaQuery(NARROW_PLANNER);
  const list = people.data?.people ?? [];
  const waves = useWaves(move.id);
  const waveNameOf = useWaveName();
  const [filter, setFilter] = useState<PeopleFilter>({});
  // The people chosen for 'Put in wave…', by id.
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [putting, setPutting] = useState(false);
  const [warnings, setWarnings] = useState<string[]>([]);

  const matches = useMemo(() => {
    // The visitor's folding: 'Odegaard' finds Ødegård, 'Saether' Sæther.
    const words = searchWords(deferred);
    const found = words.length === 0 ? list : list.filter((p) => nameMatches(`${p.name} ${p.email ?? ''}`, words));
    return filterPeople(found, places, filter);
  }, [list, deferred, places, filter]);
  const departments = useMemo(() => departmentsOf(list), [list]);
  const chosenIds = list.filter((p) => chosen.has(p.id)).map((p) => p.id);
  const choose = (person: MarkerUser, on: boolean) => setChosen((current) => toggleShown(current, [person], on));
  const chooseBox = (person: MarkerUser) => (
    <PlainCheckbox
      label={format(t.waves.select, { name: person.name })}
      checked={chosen.has(person.id)}
      onChange={(event) => choose(person, event.target.checked)}
    />
  );
  const waveOf = (person: MarkerUser) => (
    <PersonWave
      person={person}
      waves={waves.data}
      onChange={(waveId) => {
        const wave = waves.data?.waves.find((w) => w.id === waveId);
        void run(() => updatePerson(api, person, { waveId }), t.errors.updateMarkerUser, `${person.name}: ${wave ? waveNameOf(wave) : t.waves.noWave}`);
      }}
    />
  );

  /** 'Put in wave…': the chosen people in one action, with the people list's ETag; over capacity is a warning. */
  async function putInWave(waveId: string | null) {
    setPutting(false);
    if (!people.data || chosenIds.length === 0) return;
    try {
      const assignment = await assignWave(api, move.id, people.data.etag, chosenIds, waveId);
      const wave = waves.data?.waves.find((w) => w.id === waveId);
      announce(
        format(t.waves.putDone, {
          changed: assignment.changed,
          wave: assignment.wave ? waveNameOf(assignment.wave) : wave ? waveNameOf(wave) : t.waves.noWave,
        }),
      );
      setWarnings(assignmentWarnings(t, assignment, waveNameOf));
      setChosen(new Set());
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        toast.error(t.waves.changed);
        void people.reload();
      } else toast.error(error instanceof ApiError && error.body?.error.message ? `${t.waves.putFailed}: ${error.body.error.message}` : t.waves.putFailed);
    }
  }
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

  // A person's fields and actions, the same in the table (wide screens) and in the cards (narrow ones).
  const nameOf = (person: MarkerUser) => (
    <PersonName person={person} onRename={(name) => run(() => updatePerson(api, person, { name }), t.errors.updateMarkerUser, name)} />
  );
  const emailOf = (person: MarkerUser) => (
    <PersonEmail
      person={person}
      onChange={(email) => run(() => updatePerson(api, person, { email }), t.errors.updateMarkerUser, `${person.name}: ${t.email}`)}
    />
  );
  const phoneOf = (person: MarkerUser) => (
    <PersonPhone
      person={person}
      onChange={(phone) => run(() => updatePerson(api, person, { phone }), t.errors.updateMarkerUser, `${person.name}: ${t.phone}`)}
    />
  );
  const departmentOf = (person: MarkerUser) => (
    <PersonDepartment
      person={person}
      onChange={(department) => run(() => updatePerson(api, person, { department }), t.errors.updateMarkerUser, `${person.name}: ${t.department}`)}
    />
  );
  const stickersOf = (person: MarkerUser) => (
    <PersonStickers
      person={person}
      fallback={move.stickersCount}
      onChange={(count) => run(() => updatePerson(api, person, { stickersCount: count }), t.errors.updateMarkerUser)}
    />
  );
  const actionsOf = (person: MarkerUser, placed: boolean) => (
    <>
      <PlainButton text={t.assign} aria-label={format(t.assignTitle, { name: person.name })} onClick={() => setAssigning(person)} />
      {placed && (
        <PlainIconButton
          icon="Undo"
          title={t.returnPerson}
          label={`${t.returnPerson} ${person.name}`}
          onClick={() =>
            void run(() => updatePerson(api, person, { move_layout_marker_id: null }), t.errors.updateMarkerUser, `${person.name}: ${t.unassigned}`)
          }
        />
      )}
      <PlainIconButton
        icon="History"
        title={t.history.open}
        label={format(t.history.openLabel, { name: person.name })}
        onClick={() => setHistoryOf(person.id)}
      />
      <PlainIconButton icon="Delete" title={t.delete} label={`${t.delete} ${person.name}`} onClick={() => setDeleting(person)} />
    </>
  );

  // A person's row (wide screens) or card (narrow ones), drawn through `PersonItem`: again only when what it shows changes.
  const drawPerson = ({ person, index, count, place, card, measure }: PersonShown) =>
    card ? (
      // The room between cards is the card's own (in its measured height), not the list's.
      <li ref={measure} data-index={index} data-person-id={person.id} aria-setsize={count} aria-posinset={index + 1} style={{ paddingBottom: 8, minWidth: 0 }}>
        <div style={cardStyle}>
          {chooseBox(person)}
          {nameOf(person)}
          {emailOf(person)}
          {phoneOf(person)}
          {departmentOf(person)}
          <span>
            {t.place}: {place ? placeText(place, t.floor) : <i>{t.unassigned}</i>}
          </span>
          <div style={cardLine}>
            <span>{t.waves.wave}</span>
            {waveOf(person)}
          </div>
          <div style={cardLine}>
            <span>{t.stickers}</span>
            {stickersOf(person)}
          </div>
          <div style={{ ...cardLine, flexWrap: 'wrap', gap: 4 }}>{actionsOf(person, Boolean(place))}</div>
        </div>
      </li>
    ) : (
      <tr ref={measure} data-index={index} data-person-id={person.id} aria-rowindex={index + 2}>
        <td style={cell}>{chooseBox(person)}</td>
        <td style={cell}>{nameOf(person)}</td>
        <td style={cell}>{emailOf(person)}</td>
        <td style={cell}>{phoneOf(person)}</td>
        <td style={cell}>{departmentOf(person)}</td>
        <td style={cell}>{place ? placeText(place, t.floor) : <i>{t.unassigned}</i>}</td>
        <td style={cell}>{waveOf(person)}</td>
        <td style={cell}>{stickersOf(person)}</td>
        <td style={{ ...cell, whiteSpace: 'nowrap' }}>{actionsOf(person, Boolean(place))}</td>
      </tr>
    );
  const drawing = useRef(drawPerson);
  drawing.current = drawPerson;
  const draw = useCallback((shown: PersonShown) => drawing.current(shown), []);
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

  /** Reads the file on the server without writing, so the confirmation can say what it will do. */
  async function startImport(csv: string) {
    if (!people.data) return;
    setImporting(csv);
    setPreview({ csv, summary: null, failed: null });
    try {
      const summary = await previewAllocation(api, move.id, people.data, csv);
      setPreview((current) => (current?.csv === csv ? { csv, summary, failed: null } : current));
    } catch (error) {
      const failed = error instanceof ApiError && error.body?.error.message ? `${t.previewFailed}: ${error.body.error.message}` : t.previewFailed;
      setPreview((current) => (current?.csv === csv ? { csv, summary: null, failed } : current));
    }
  }

  function downloadTemplate() {
    const url = URL.createObjectURL(new Blob([`\uFEFF${t.templateCsv}`], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = t.templateFile;
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
  }

  async function runImport() {
    const csv = importing;
    setImporting(null);
    setPreview(null);
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
            <FileButton
              label={t.importCsv}
              text={t.importCsv}
              accept={acceptOf(csvFileRule)}
              // The import replaces the list the user sees, sent with its ETag: not before it is read.
              disabled={!people.data}
              onFile={async (file) => {
                // .csv only (spec part 2, section 5): another file is refused before it is read or confirmed.
                if (!(await fileFits(file, csvFileRule))) return toast.error(t.csvFileType);
                void startImport(await file.text());
              }}
            />
            <DefaultButton text={t.template} onClick={downloadTemplate} />
          </Stack>
          <Text variant="small">{t.importHint}</Text>
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
              <RefusedLines skipped={summary.skipped} />
            </>
          )}
        </MessageBar>
      )}
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 16 }}>
        <SearchBox placeholder={t.search} ariaLabel={t.search} value={query} onChange={(_, v) => setQuery(v ?? '')} styles={{ root: { width: 280 } }} />
        {people.status === 'ready' && <Text aria-live="polite">{format(t.peopleCount, { n: list.length, unassigned })}</Text>}
      </Stack>
      <PeopleFilters filter={filter} onChange={setFilter} places={places} waves={waves.data} departments={departments} />
      <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 16 }}>
        <SelectAllShown shown={matches} chosen={chosen} onChange={(on) => setChosen((current) => toggleShown(current, matches, on))} />
        <Text>{format(t.waves.selected, { n: chosenIds.length })}</Text>
        <DefaultButton text={t.waves.putInWave} disabled={chosenIds.length === 0 || !people.data || !waves.data} onClick={() => setPutting(true)} />
      </Stack>
      <AssignmentMessage texts={warnings} onDismiss={() => setWarnings([])} />
      {(people.status === 'loading' || !all.data) && people.status !== 'failed' && <Spinner size={SpinnerSize.large} label={t.loading} />}
      {people.status === 'failed' && <MessageBar messageBarType={MessageBarType.error}>{t.errors.getUnassigned}</MessageBar>}
      {people.status === 'ready' && all.data && list.length === 0 && <Text>{t.noPeople}</Text>}
      {people.status === 'ready' && all.data && list.length > 0 && matches.length === 0 && <Text>{t.noMatch}</Text>}
      {people.status === 'ready' && all.data && matches.length > 0 && (
        <PeopleList matches={matches} narrow={narrow} draw={draw} places={places} chosen={chosen} waves={waves.data} fallback={move.stickersCount} />
      )}
      <SeatLetters moveId={move.id} />
      {putting && <PutInWaveDialog count={chosenIds.length} waves={waves.data} onPut={(waveId) => void putInWave(waveId)} onCancel={() => setPutting(false)} />}
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
      {historyOf && list.some((p) => p.id === historyOf) && (
        <PersonHistoryDialog person={list.find((p) => p.id === historyOf)!} places={places} onClose={() => setHistoryOf(null)} />
      )}
      <PlannerConfirmDialog
        open={Boolean(deleting)}
        title={deleting ? `${t.delete} ${deleting.name}` : t.delete}
        text={withSentence(t.deletePersonConfirm, t.history.bringBackHint)}
        onConfirm={() => {
          const person = deleting;
          setDeleting(null);
          if (person) void run(() => deletePerson(api, person), t.errors.deleteMarkerUser, `${person.name}: ${t.delete}`);
        }}
        onCancel={() => setDeleting(null)}
      />
      <ImportDialog
        open={importing !== null}
        preview={preview?.summary ?? null}
        places={places}
        waveNames={new Map((waves.data?.waves ?? []).map((wave) => [wave.id, waveNameOf(wave)]))}
        failed={preview?.failed ?? null}
        onConfirm={() => void runImport()}
        onCancel={() => {
          setImporting(null);
          setPreview(null);
        }}
      />
    </Stack>
  );
}
