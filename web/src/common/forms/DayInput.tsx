import { Calendar, Callout, type ICalendar, DayOfWeek, DirectionalHint, FocusTrapZone, IconButton, TextField, defaultCalendarStrings } from '@fluentui/react';
import { formatDottedDay, parseDottedDay, toIsoDay } from '@movers/contracts';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldState } from './useFieldState.ts';

/** ISO day (00:00Z) → a local Date on the same calendar day, for the calendar. */
const toLocalDate = (iso: string | null): Date | undefined => {
  const day = toIsoDay(iso);
  if (!day) return undefined;
  const [y, m, d] = day.slice(0, 10).split('-').map(Number);
  return new Date(y!, m! - 1, d!);
};

/** A picked local Date → the stored ISO day. */
const toStoredDay = (date: Date) => new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())).toISOString();

/** What the box shows for a form value: a stored day as DD.MM.YYYY, anything else as it was typed. */
const shown = (value: string | null | undefined) => (value ? (toIsoDay(value) ? formatDottedDay(value) : value) : '');

/**
 * The one day field of the portal: DD.MM.YYYY typed, or picked from a calendar. The form's value is
 * the stored ISO day, or what was typed when it is not a day, so the schema says 'Invalid date' and
 * the typed text stays for the user to correct ('' when empty).
 */
export function DayInput({ name, label, required }: { name: string; label: string; required?: boolean }) {
  const field = useFieldState<string | null>(name);
  const [text, setText] = useState(() => shown(field.value));
  const [open, setOpen] = useState(false);
  const typing = useRef(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const calendarId = useId();
  const calendarRef = useRef<ICalendar>(null);

  // Opened, the calendar has the keyboard on the chosen day (or today): arrows move, Enter picks.
  useEffect(() => {
    if (open) requestAnimationFrame(() => calendarRef.current?.focus());
  }, [open]);

  // Follow changes made elsewhere (the calendar, a reloaded form) but never overwrite typing.
  useEffect(() => {
    if (!typing.current) setText(shown(field.value));
  }, [field.value]);

  const commit = (typed: string) => {
    const trimmed = typed.trim();
    field.set(trimmed === '' ? '' : (parseDottedDay(trimmed) ?? trimmed));
  };

  return (
    <div ref={boxRef} style={{ display: 'flex', alignItems: 'flex-start', gap: 4 }}>
      <TextField
        name={name}
        label={label}
        required={required}
        placeholder="DD.MM.YYYY"
        autoComplete="off"
        value={text}
        onChange={(_, value) => {
          typing.current = true;
          setText(value ?? '');
          commit(value ?? '');
        }}
        onBlur={() => {
          typing.current = false;
          setText(shown(parseDottedDay(text.trim()) ?? text.trim()));
          field.touch();
        }}
        errorMessage={field.error}
        styles={{ root: { width: 180 } }}
      />
      <IconButton
        iconProps={{ iconName: 'Calendar' }}
        title={`choose ${label} from a calendar`}
        ariaLabel={`choose ${label} from a calendar`}
        aria-expanded={open}
        aria-controls={open ? calendarId : undefined}
        onClick={() => setOpen((o) => !o)}
        styles={{ root: { marginTop: 29 } }}
      />
      {open && (
        <Callout
          target={boxRef}
          directionalHint={DirectionalHint.bottomLeftEdge}
          onDismiss={() => setOpen(false)}
          role="dialog"
          ariaLabel={`${label} calendar`}
        >
          <FocusTrapZone isClickableOutsideFocusTrap>
            <Calendar
              componentRef={calendarRef}
              id={calendarId}
              firstDayOfWeek={DayOfWeek.Monday}
              strings={defaultCalendarStrings}
              value={toLocalDate(field.value)}
              showGoToToday
              // The month grid labels 'Jan' as 'January', which screen-reader users hear differently
              // from what speech-control users say; months are stepped with the day grid's arrows.
              isMonthPickerVisible={false}
              onSelectDate={(date) => {
                const day = toStoredDay(date);
                field.set(day);
                field.touch(false);
                setText(formatDottedDay(day));
                setOpen(false);
              }}
              onDismiss={() => setOpen(false)}
            />
          </FocusTrapZone>
        </Callout>
      )}
    </div>
  );
}
