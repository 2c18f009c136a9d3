import type { ReportCategory, VisitMe, VisitReport } from '@movers/contracts/src/moveDay.ts';
import type { VisitFloor } from '@movers/contracts/src/visit.ts';
import { type FormEvent, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { keptFormsSent, VisitError, visitApi } from '../api.ts';
import { moveDayApi } from '../moveDayApi.ts';
import { useSite } from '../context.ts';
import { textIn } from '../i18n.ts';
import { formatDay } from '../dates.ts';
import { formatMoveClock } from '@movers/contracts/src/waveTimes.ts';
import { type MeStrings, meStringsOf } from '../strings/me.ts';
import { useLoad } from '../useLoad.ts';
import { FloorImage, WalkFromEntrance } from './FloorPlanPage.tsx';
import { Field } from './Field.tsx';
import { MeWave } from './MeWave.tsx';
import { Failed, Loading } from './states.tsx';

const categories: ReportCategory[] = ['furniture', 'it', 'boxes', 'cleaning', 'wrongSeat', 'other'];

/** What the person sent while offline, kept by the service worker: shown as 'will be sent' until /me has it. */
interface Kept {
  kind: 'arrival' | 'report';
  key: string;
  at: string;
  category?: ReportCategory;
  text?: string;
}
const keptKey = (path: string) => `visit:${path.toLowerCase()}:move-day-kept`;
function readKept(path: string): Kept[] {
  try {
    return JSON.parse(localStorage.getItem(keptKey(path)) ?? '[]') as Kept[];
  } catch {
    return [];
  }
}
const writeKept = (path: string, kept: Kept[]) =>
  kept.length ? localStorage.setItem(keptKey(path), JSON.stringify(kept)) : localStorage.removeItem(keptKey(path));
/** What the API has now is no longer waiting on the phone. */
const stillKept = (kept: Kept[], me: VisitMe) =>
  kept.filter((k) => (k.kind === 'arrival' ? !me.arrival : !me.reports.some((r) => r.category === k.category && r.text === k.text?.trim())));

/**
 * `/{path}/me`: the person's own move page (signed in with the personal link of their seat letter):
 * their seat ringed on the plan, the floor's directions, their labels, the next deadlines, the move's
 * contacts, 'I'm here' and 'Something is wrong at my seat' (both kept on the phone offline and sent by
 * the service worker when the network is back, each once by its Idempotency-Key), and their reports.
 */
export default function MePage() {
  const { path, t, language, signedOut } = useSite();
  const m = meStringsOf(language);
  const [round, setRound] = useState(0);
  const me = useLoad(`me:${path}:${round}`, (early) => moveDayApi.me(path, early), signedOut);
  const [kept, setKept] = useState(() => readKept(path));
  const keep = (next: Kept[]) => {
    writeKept(path, next);
    setKept(next);
  };
  // What the worker kept has reached the move team: read the page again.
  const sent = useSyncExternalStore(keptFormsSent.subscribe, keptFormsSent.current);
  useEffect(() => {
    if (sent > 0) setRound((r) => r + 1);
  }, [sent]);
  // Read again (after an action, or once what was kept has been sent), the page stays as it was until the
  // answer is in: nothing typed in the report form is lost, and the keyboard stays where it was.
  const [last, setLast] = useState<VisitMe | null>(null);
  const ready = me.state === 'ready' ? me.data : null;
  useEffect(() => {
    if (ready) setLast(ready);
  }, [ready]);
  const data = ready ?? last;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the page's answer changes
  useEffect(() => {
    if (!data) return;
    const left = stillKept(readKept(path), data);
    if (left.length !== readKept(path).length) keep(left);
  }, [data]);

  return (
    <>
      <h1>{t.myMove}</h1>
      {me.state === 'loading' && !data && <Loading t={t} />}
      {me.state === 'failed' && !data && <Failed t={t} retry={me.reload} />}
      {data && (
        <>
          <p>{m.hello.replace('{name}', data.person.name)}</p>
          {/* Every time on the page is on the move's clock, said once: in the wave's card when there is one. */}
          {!data.wave && <p className="v-muted">{m.timesIn.replace('{zone}', data.timeZone)}</p>}
          <MeWave me={data} m={m} onChange={() => setRound((r) => r + 1)} />
          <Arrival me={data} m={m} kept={kept.some((k) => k.kind === 'arrival')} onKept={(k) => keep([...kept, k])} onChange={() => setRound((r) => r + 1)} />
          <Seat me={data} m={m} />
          <ReportForm me={data} m={m} keptSent={sent} onKept={(k) => keep([...kept, k])} onSent={() => setRound((r) => r + 1)} />
          <Reports reports={data.reports} kept={kept.filter((k) => k.kind === 'report')} m={m} timeZone={data.timeZone} />
          <Deadlines me={data} m={m} />
          <Contacts me={data} m={m} />
        </>
      )}
    </>
  );
}

/** A moment of the person's (an arrival, a report) on the move's clock, never the phone's (issue 55). */
const timeOf = (iso: string, timeZone: string, language: string) => formatMoveClock(iso, timeZone, language);

function Arrival({ me, m, kept, onKept, onChange }: { me: VisitMe; m: MeStrings; kept: boolean; onKept(k: Kept): void; onChange(): void }) {
  const { path, language } = useSite();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const arrival = me.arrival;
  const undoUntil = arrival ? Date.parse(arrival.undoUntil) : 0;
  // 'Take it back' goes when its time is up.
  useEffect(() => {
    if (undoUntil <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(undoUntil - now + 50, 60_000));
    return () => clearTimeout(timer);
  }, [undoUntil, now]);

  const arrive = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    const key = crypto.randomUUID();
    try {
      const answer = await moveDayApi.arrive(path, key);
      if (answer === 'kept') onKept({ kind: 'arrival', key, at: new Date().toISOString() });
      else onChange();
    } catch {
      setProblem(m.failed);
    } finally {
      setBusy(false);
    }
  };
  const undo = async () => {
    if (busy || !arrival) return;
    setBusy(true);
    setProblem(null);
    try {
      await moveDayApi.undoArrival(path, arrival.etag);
      onChange();
    } catch (error) {
      setProblem(error instanceof VisitError && error.status === 409 ? m.undoTooLate : m.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="v-card v-arrival" aria-labelledby="v-arrival-heading">
      <h2 id="v-arrival-heading" className="v-visually-hidden">
        {m.arrive}
      </h2>
      {arrival ? (
        <p className="v-success" role="status">
          {m.arrivedAt.replace('{time}', timeOf(arrival.arrivedAt, me.timeZone, language))}{' '}
          {undoUntil > now && (
            <button type="button" className="v-link-button" disabled={busy} onClick={() => void undo()}>
              {m.undo}
            </button>
          )}
        </p>
      ) : kept ? (
        <p role="status">
          <strong>{m.willBeSent}:</strong> {m.arrive}. {m.arrivalKept}
        </p>
      ) : (
        <button type="button" className="v-button v-arrive" disabled={busy} onClick={() => void arrive()}>
          {m.arrive}
        </button>
      )}
      {problem && (
        <p role="alert" className="v-error">
          {problem}
        </p>
      )}
    </section>
  );
}

const seatText = (me: VisitMe, t: { floor: string; space: string; table: string }) =>
  me.seat
    ? [`${t.floor} ${me.seat.floor}`, `${t.space} ${me.seat.space}`, me.seat.table ? `${t.table} ${me.seat.table}` : null].filter(Boolean).join(' · ')
    : '';

function Seat({ me, m }: { me: VisitMe; m: MeStrings }) {
  const { path, t, signedOut } = useSite();
  const floors = useLoad(`floors:${path}`, (early) => visitApi.floors(path, early), signedOut);
  const seat = me.seat;
  const floor = seat && floors.state === 'ready' ? floors.data.floors.find((f) => f.id === seat.floorId) : undefined;
  return (
    <section className="v-card" aria-labelledby="v-seat-heading">
      <h2 id="v-seat-heading">{m.yourSeat}</h2>
      {seat ? <p className="v-seat-name">{seatText(me, t)}</p> : <p>{m.noSeat}</p>}
      {me.directions && (
        <>
          <h3>{m.directions}</h3>
          <p className="v-pre">{me.directions}</p>
        </>
      )}
      <p>{m.labels.replace('{count}', String(me.labels))}</p>
      {seat && floor && <SeatWalk floor={floor} markerId={seat.markerId} />}
      {seat && floor && <FloorImage floor={floor} selected={{ markerId: seat.markerId, centre: true }} onSelect={() => undefined} only={seat.markerId} />}
    </section>
  );
}

/** The walk from the floor's entrance to the seat, when the floor is to scale and has one (issue 50). */
function SeatWalk({ floor, markerId }: { floor: VisitFloor; markerId: string }) {
  const marker = floor.markers.find((m) => m.id === markerId);
  return marker ? <WalkFromEntrance floor={floor} marker={marker} /> : null;
}

function ReportForm({
  me,
  m,
  keptSent,
  onKept,
  onSent,
}: {
  me: VisitMe;
  m: MeStrings;
  /** How many forms the worker kept have since been sent (`keptFormsSent`). */
  keptSent: number;
  onKept(k: Kept): void;
  onSent(): void;
}) {
  const { path, t } = useSite();
  const [category, setCategory] = useState<ReportCategory | ''>('');
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoKey, setPhotoKey] = useState(0);
  const photoInput = useRef<HTMLInputElement>(null);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string; kept?: boolean } | null>(null);
  // 'Saved on this phone' goes once what the worker kept has been sent (the report lists it as sent).
  useEffect(() => {
    if (keptSent > 0) setOutcome((shown) => (shown?.kept ? null : shown));
  }, [keptSent]);
  const missingCategory = category === '';
  const missingText = text.trim() === '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (busy || missingCategory || missingText) return;
    setBusy(true);
    setOutcome(null);
    // One key for this report, kept with it (by the worker when offline): it arrives once.
    const key = crypto.randomUUID();
    try {
      const answer = await moveDayApi.report(path, { category, text: text.trim() }, key);
      let photoKept = false;
      if (photo) photoKept = (await moveDayApi.reportPhoto(path, answer === 'kept' ? `kept-${key}` : answer.id, photo)) === 'kept';
      if (answer === 'kept') onKept({ kind: 'report', key, at: new Date().toISOString(), category, text: text.trim() });
      else onSent();
      const kept = answer === 'kept' || photoKept;
      setOutcome({ ok: true, text: kept ? m.reportKept : m.reportSent, kept });
      setCategory('');
      setText('');
      setPhoto(null);
      setPhotoKey((k) => k + 1);
      setTouched(false);
    } catch (error) {
      const status = error instanceof VisitError ? error.status : 0;
      setOutcome({ ok: false, text: status === 413 ? m.photoTooLarge : status === 415 ? m.photoNotImage : m.failed });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="v-card" aria-labelledby="v-report-heading">
      <h2 id="v-report-heading">{m.reportTitle}</h2>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p>
          {m.seat}: {me.seat ? seatText(me, t) : '—'}
        </p>
        <div className="v-field">
          <label htmlFor="v-report-category">{m.category}</label>
          <select
            id="v-report-category"
            value={category}
            onChange={(e) => setCategory(e.target.value as ReportCategory | '')}
            aria-invalid={touched && missingCategory ? true : undefined}
            aria-describedby={touched && missingCategory ? 'v-report-category-error' : undefined}
          >
            <option value="">{m.chooseCategory}</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {m.categories[c]}
              </option>
            ))}
          </select>
          {touched && missingCategory && (
            <span id="v-report-category-error" className="v-error">
              {t.required}
            </span>
          )}
        </div>
        <Field id="v-report-text" label={m.text} rows={3} value={text} onChange={setText} error={touched && missingText ? t.required : undefined} />
        {/* The browser's own file button speaks the browser's language ('Choose File'): the page's button
            opens the hidden input, and the chosen file's name is the page's text. One control, one name. */}
        <fieldset className="v-field v-fieldset">
          <legend>{m.photo}</legend>
          <input
            key={photoKey}
            ref={photoInput}
            type="file"
            accept="image/*"
            className="v-visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => setPhoto(e.target.files?.[0] ?? null)}
          />
          <span className="v-file">
            <button type="button" className="v-button" aria-describedby="v-report-photo-name" onClick={() => photoInput.current?.click()}>
              {m.choosePhoto}
            </button>
            <span id="v-report-photo-name">{photo ? photo.name : m.noPhotoChosen}</span>
          </span>
        </fieldset>
        <button type="submit" className="v-button" disabled={busy}>
          {busy ? m.sending : m.send}
        </button>
        <p role="status" className={outcome?.ok ? 'v-success' : undefined}>
          {outcome?.ok ? outcome.text : ''}
        </p>
        {outcome && !outcome.ok && (
          <p role="alert" className="v-error">
            {outcome.text}
          </p>
        )}
      </form>
    </section>
  );
}

function Reports({ reports, kept, m, timeZone }: { reports: VisitReport[]; kept: Kept[]; m: MeStrings; timeZone: string }) {
  const { language } = useSite();
  return (
    <section className="v-card" aria-labelledby="v-reports-heading">
      <h2 id="v-reports-heading">{m.myReports}</h2>
      {reports.length === 0 && kept.length === 0 ? (
        <p className="v-empty">{m.noReports}</p>
      ) : (
        <ul className="v-reports">
          {kept.map((k) => (
            <li key={k.key}>
              <strong>{k.category ? m.categories[k.category] : ''}</strong> · <span className="v-muted">{m.willBeSent}</span>
              <p className="v-pre">{k.text}</p>
            </li>
          ))}
          {reports.map((r) => (
            <li key={r.id}>
              <strong>{m.categories[r.category]}</strong> · {m.statuses[r.status]} · <span className="v-muted">{timeOf(r.createdAt, timeZone, language)}</span>
              <p className="v-pre">{r.text}</p>
              {r.photo && <ReportPhoto url={r.photo} alt={m.reportPhotoAlt.replace('{category}', m.categories[r.category])} />}
              {r.answer && (
                <p className="v-answer">
                  <strong>{m.answer}:</strong> <span className="v-pre">{r.answer}</span>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A report's photo, read with the session (an image element cannot send it). */
function ReportPhoto({ url, alt }: { url: string; alt: string }) {
  const { path } = useSite();
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let made: string | null = null;
    visitApi.floorImage(path, url).then(
      (u) => {
        made = u;
        setSrc(u);
      },
      () => setSrc(null),
    );
    return () => {
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, url]);
  return src ? <img className="v-report-photo" src={src} alt={alt} /> : null;
}

function Deadlines({ me, m }: { me: VisitMe; m: MeStrings }) {
  const { tag, language, move } = useSite();
  return (
    <section className="v-card" aria-labelledby="v-deadlines-heading">
      <h2 id="v-deadlines-heading">{m.deadlines}</h2>
      {me.deadlines.length === 0 ? (
        <p className="v-empty">{m.noDeadlines}</p>
      ) : (
        <ul>
          {me.deadlines.map((d) => (
            <li key={d.id}>
              <strong>{formatDay(d.startDate, tag)}</strong> <span {...textIn(d, 'title', language, move.defaultLanguage)} />{' '}
              <span className="v-muted">
                (<span {...textIn(d, 'section', language, move.defaultLanguage)} />)
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Contacts({ me, m }: { me: VisitMe; m: MeStrings }) {
  const { language, move } = useSite();
  if (me.contacts.length === 0) return null;
  return (
    <section className="v-card" aria-labelledby="v-me-contacts-heading">
      <h2 id="v-me-contacts-heading">{m.contacts}</h2>
      <ul>
        {me.contacts.map((c) => (
          <li key={c.id}>
            <strong>{c.name}</strong>
            {c.title && (
              <>
                , <span {...textIn(c, 'title', language, move.defaultLanguage)} />
              </>
            )}
            {c.phonenumber && (
              <>
                {' · '}
                <a href={`tel:${c.phonenumber.replace(/[^\d+]/g, '')}`}>{c.phonenumber}</a>
              </>
            )}
            {c.email && (
              <>
                {' · '}
                <a href={`mailto:${c.email}`}>{c.email}</a>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
