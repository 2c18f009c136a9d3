import { type LabelColor, type Wave, type WaveInput, type WaveWindow, waveSchema, waveTexts } from '@movers/contracts';
import { castValues } from '../../../common/forms/castValues.ts';
import { ValidationError } from 'yup';
import { type ContentLanguages, translationValues } from '../../../common/forms/TextPerLanguage.tsx';

// The wave form's logic, apart from React so that it is tested alone (web/test/waves.test.ts).

/** The form's values: text as typed (times as a `datetime-local` box gives them), '' for not set. */
export interface WaveFormValues {
  name: string;
  translations: Record<string, { name: string }>;
  day: string;
  packBy: string;
  pickUp: { start: string; end: string };
  arrival: { start: string; end: string };
  capacity: { people: string; crates: string };
  color: LabelColor | '';
}

const windowValues = (window: WaveWindow | null) => ({ start: window?.start ?? '', end: window?.end ?? '' });
const count = (value: number | null) => (value === null ? '' : String(value));

/** A new wave's values, or a stored wave's. */
export function waveValues(wave: Wave | null, languages: ContentLanguages | undefined): WaveFormValues {
  return {
    name: wave?.name ?? '',
    translations: translationValues(wave?.translations, waveTexts, languages),
    day: wave?.day ?? '',
    packBy: wave?.packBy ?? '',
    pickUp: windowValues(wave?.pickUp ?? null),
    arrival: windowValues(wave?.arrival ?? null),
    capacity: { people: count(wave?.capacity.people ?? null), crates: count(wave?.capacity.crates ?? null) },
    color: wave?.color ?? '',
  };
}

/** A window with neither end is none; with one, the other is sent empty, so the contract names the missing end. */
const windowBody = (window: { start: string; end: string }) => (window.start || window.end ? { start: window.start, end: window.end } : null);
/** A count as typed: '' no limit, a number as a number, anything else as typed (the contract refuses it, naming the field). */
const countBody = (value: string) => {
  const text = value.trim();
  if (text === '') return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : (text as unknown as number);
};

/** What the form sends: the contract's body, the empty translations dropped by its schema. */
export function waveBody(values: WaveFormValues): WaveInput {
  return {
    name: values.name,
    translations: values.translations,
    day: values.day,
    packBy: values.packBy || null,
    pickUp: windowBody(values.pickUp),
    arrival: windowBody(values.arrival),
    capacity: { people: countBody(values.capacity.people), crates: countBody(values.capacity.crates) },
    color: values.color || null,
  } as WaveInput;
}

/** The body as the contract casts it (trimmed, translations without empty texts): what is sent. */
export const castWave = (values: WaveFormValues): WaveInput => castValues(waveSchema, waveBody(values));

/**
 * The form's errors by the contract's own waveSchema, put on the form's fields (`pickUp.end`, `capacity.people`):
 * the body's paths are the form's, so every message lands beside its box.
 */
export function waveErrors(values: WaveFormValues): Record<string, unknown> {
  try {
    waveSchema.validateSync(waveBody(values), { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, unknown> = {};
    for (const inner of error.inner.length ? error.inner : [error]) {
      if (!inner.path) continue;
      const path = inner.path
        .replace(/\[(\w+)\]/g, '.$1')
        .replace(/^\./, '')
        .split('.');
      let node = errors;
      for (const key of path.slice(0, -1)) {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      const last = path[path.length - 1];
      if (node[last] === undefined) node[last] = inner.message;
    }
    return errors;
  }
}

/** The capacity as the form has it now, for the warning before saving (a count not yet a number: no limit). */
export function formCapacity(values: WaveFormValues): Wave['capacity'] {
  const of = (text: string) => {
    const n = Number(text.trim());
    return text.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : null;
  };
  return { people: of(values.capacity.people), crates: of(values.capacity.crates) };
}
