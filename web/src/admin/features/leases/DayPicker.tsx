import { DatePicker, DayOfWeek, defaultDatePickerStrings } from '@fluentui/react';
import { formatDottedDay, messages, parseDottedDay } from '@movers/contracts';

/** ISO day (00:00Z) → a local Date on the same calendar day, for the picker. */
export function isoToLocalDate(iso: string | null | undefined): Date | undefined {
  if (!iso) return undefined;
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? undefined : new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** A picked local Date → the ISO day stored (00:00:00.000Z of that calendar day). */
export function localDateToIso(date: Date): string {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())).toISOString();
}

const formatDate = (date?: Date) => (date ? formatDottedDay(localDateToIso(date)) : '');
const parseDateFromString = (text: string): Date | null => {
  const iso = parseDottedDay(text);
  return iso ? isoToLocalDate(iso)! : null;
};

/** A day field in DD.MM.YYYY (Fluent DatePicker; typing allowed), valued as an ISO day or null. */
export function DayPicker(props: {
  label: string;
  value: string | null | undefined;
  onChange: (iso: string | null) => void;
  onBlur?: () => void;
  required?: boolean;
  errorMessage?: string;
}) {
  return (
    <div>
      <DatePicker
        label={props.label}
        isRequired={props.required}
        allowTextInput
        firstDayOfWeek={DayOfWeek.Monday}
        placeholder="DD.MM.YYYY"
        ariaLabel={props.label}
        value={isoToLocalDate(props.value)}
        formatDate={formatDate}
        parseDateFromString={parseDateFromString}
        strings={{
          ...defaultDatePickerStrings,
          invalidInputErrorMessage: messages.validation.invalidDate,
          isRequiredErrorMessage: messages.validation.required,
        }}
        onSelectDate={(date) => props.onChange(date ? localDateToIso(date) : null)}
        onBlur={props.onBlur}
        textField={props.errorMessage ? { errorMessage: props.errorMessage } : undefined}
      />
    </div>
  );
}
