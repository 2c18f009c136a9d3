import type { VisitMe } from '@movers/contracts/src/moveDay.ts';
import { formatMoveClock, formatWaveTime, formatWaveWindow, nextWaveStep } from '@movers/contracts/src/waveTimes.ts';
import { useEffect, useState } from 'react';
import { useSite } from '../context.ts';
import { textIn } from '../i18n.ts';
import { moveDayApi } from '../moveDayApi.ts';
import type { MeStrings } from '../strings/me.ts';

const MINUTE = 60_000;

/** 'in 2 d 3 h', '3 h 20 min', '12 min': enough to plan by, never seconds. */
export function countdownText(ms: number, m: Pick<MeStrings, 'days' | 'hours' | 'minutes'>): string {
  const minutes = Math.max(1, Math.ceil(ms / MINUTE));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts =
    days > 0
      ? [m.days.replace('{n}', String(days)), hours > 0 ? m.hours.replace('{n}', String(hours)) : null]
      : hours > 0
        ? [m.hours.replace('{n}', String(hours)), rest > 0 ? m.minutes.replace('{n}', String(rest)) : null]
        : [m.minutes.replace('{n}', String(rest))];
  return parts.filter(Boolean).join(' ');
}

/**
 * The person's wave at the top of their page (issue 48): when to have packed, when the movers come, when
 * to arrive, in the move's local time, and a countdown to the next step not yet done, or that all are
 * (issue 55: 'packed' and 'I'm here' do their steps); 'My crates are packed' until they have arrived.
 */
export function MeWave({ me, m, onChange }: { me: VisitMe; m: MeStrings; onChange(): void }) {
  const { path, language, move } = useSite();
  const [now, setNow] = useState(() => Date.now());
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), MINUTE);
    return () => clearInterval(timer);
  }, []);
  const wave = me.wave;
  if (!wave) return null;
  const step = nextWaveStep(wave.moments, { packed: Boolean(me.packed), arrived: Boolean(me.arrival) }, now);
  const words = { packBy: m.nextPackBy, pickUp: m.nextPickUp, arrival: m.nextArrival };
  const rows: [string, string][] = [
    ...(wave.packBy ? [[m.packBy, formatWaveTime(wave.packBy, language)] as [string, string]] : []),
    ...(wave.pickUp ? [[m.pickUp, formatWaveWindow(wave.pickUp, language)] as [string, string]] : []),
    ...(wave.arrival ? [[m.arrivalWindow, formatWaveWindow(wave.arrival, language)] as [string, string]] : []),
  ];
  const act = async (call: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      await call();
      onChange();
    } catch {
      setProblem(m.failed);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="v-card v-wave" aria-labelledby="v-wave-heading">
      <h2 id="v-wave-heading">
        {m.wave.split('{wave}')[0]}
        <span {...textIn(wave, 'name', language, move.defaultLanguage)} />
        {m.wave.split('{wave}')[1]}
      </h2>
      {'allDone' in step ? (
        <p className="v-wave-next">
          <strong>{m.allDone}</strong>
        </p>
      ) : (
        step.next && (
          <p className="v-wave-next" role="timer" aria-live="off">
            <strong>{m.countdown.replace('{what}', words[step.next.kind]).replace('{time}', countdownText(Date.parse(step.next.at) - now, m))}</strong>
          </p>
        )
      )}
      <dl className="v-wave-times">
        {rows.map(([label, time]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{time}</dd>
          </div>
        ))}
      </dl>
      <p className="v-muted">{m.timesIn.replace('{zone}', wave.timeZone)}</p>
      {me.packed ? (
        <p className="v-success" role="status">
          {m.packedAt.replace('{time}', formatMoveClock(me.packed.packedAt, me.timeZone, language))}{' '}
          <button type="button" className="v-link-button" disabled={busy} onClick={() => void act(() => moveDayApi.undoPacked(path, me.packed?.etag))}>
            {m.undo}
          </button>
        </p>
      ) : (
        wave.packBy &&
        !me.arrival && (
          <button type="button" className="v-button" disabled={busy} onClick={() => void act(() => moveDayApi.packed(path))}>
            {m.packed}
          </button>
        )
      )}
      {problem && (
        <p role="alert" className="v-error">
          {problem}
        </p>
      )}
    </section>
  );
}
