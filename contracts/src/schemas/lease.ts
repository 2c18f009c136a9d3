import * as yup from '../yup.ts';
import { idField } from '../api/idField.ts';
import { startOfUtcDay, toIsoDay } from '../dates.ts';
import { messages } from '../messages.ts';
import { typeMessages } from '../validation.ts';

const required = messages.validation.required;
const v = messages.validation;

/** An optional day-only date: null/'' means none; anything else must be a real day (stored at 00:00Z). */
const optionalDay = () =>
  yup
    .string()
    .transform((value: unknown, original: unknown) => (original === '' || original === undefined ? null : value))
    .nullable()
    .default(null)
    .test('day', v.invalidDate, (value) => value === null || toIsoDay(value) !== null)
    .transform((value: unknown) => (typeof value === 'string' && toIsoDay(value) ? toIsoDay(value) : value));

const amount = () =>
  yup
    .number()
    .transform((value: number, original: unknown) => (original === null || original === '' ? 0 : value))
    .typeError(v.number)
    .min(0, v.notNegative)
    .max(1e12, v.tooLarge)
    .default(0);

/** A count of people, seats or parking spaces: a whole number, not negative. */
const count = () => amount().integer(typeMessages.wholeNumber);

/**
 * Lease form (spec part 1, sections 3 and 5): title required; lease end not before lease start, or not
 * before today when there is no start. `now` is the clock (tests fix it); `previousLeaseEnd` lets an
 * edit keep a lease end that has since passed.
 */
export function leaseSchema(now: Date = new Date(), previousLeaseEnd?: string | null) {
  const today = startOfUtcDay(now);
  return yup
    .object({
      isOffice: yup.boolean().default(false),
      isParking: yup.boolean().default(false),
      isStorage: yup.boolean().default(false),
      isProduction: yup.boolean().default(false),
      isOther: yup.boolean().default(false),
      locations: yup
        .array(idField().required(required))
        .max(200)
        .default([])
        .meta({ rule: "locations of the lease's client, else 400 'not a location of this client'" }),
      title: yup.string().trim().max(200).required(required),
      floors: yup.string().trim().max(200).default(''),
      leaseStart: optionalDay(),
      leaseEnd: optionalDay()
        .test('end', function check(value) {
          if (value === null || toIsoDay(value) === null) return true;
          const end = toIsoDay(value)!;
          const start = toIsoDay(this.parent.leaseStart);
          if (start) return end >= start || this.createError({ message: v.leaseEndBeforeStart });
          if (previousLeaseEnd && toIsoDay(previousLeaseEnd) === end) return true;
          return end >= today || this.createError({ message: v.leaseEndBeforeToday });
        })
        .meta({ rule: 'on or after leaseStart; without leaseStart, today or later (or the end stored before), else 400' }),
      areaSpace: amount(),
      numberOfPeople: count(),
      seats: count(),
      numberOfParkingSpaces: count(),
      leaseRenewalDeadline: optionalDay(),
      increasedFloorSpaceDeadline: optionalDay(),
      leasePrice: amount(),
      consumerPriceIndexDate: optionalDay(),
      sharedCost: amount(),
      description: yup.string().max(10000).default('').meta({ multiline: true }),
    })
    .noUnknown(true, 'unknown field: ${unknown}')
    .strict(false);
}

export type LeaseFormValues = yup.InferType<ReturnType<typeof leaseSchema>>;

/**
 * Add and edit reminder (spec part 1, section 5): title, description and due date required; the due
 * date cannot be in the past. Editing (`editing` set) also takes done and done comment, and accepts an
 * unchanged due date that has passed since.
 */
export function reminderSchema(now: Date = new Date(), editing?: { previousDueDate: string }) {
  const today = startOfUtcDay(now);
  const base = {
    title: yup.string().trim().max(200).required(required),
    description: yup.string().trim().max(5000).required(required).meta({ multiline: true }),
    dueDate: yup
      .string()
      .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
      .required(required)
      .test('day', v.invalidDate, (value) => toIsoDay(value) !== null)
      .test('past', v.datePast, (value) => {
        const day = toIsoDay(value);
        if (day === null) return true;
        if (editing && toIsoDay(editing.previousDueDate) === day) return true;
        return day >= today;
      })
      .transform((value: unknown) => toIsoDay(value) ?? value)
      .meta({ rule: `today (UTC) or later${editing ? ', or the due date stored before' : ''}, else 400 '${v.datePast}'` }),
  };
  const shape = editing ? { ...base, done: yup.boolean().default(false), doneComment: yup.string().max(5000).default('').meta({ multiline: true }) } : base;
  return yup.object(shape).noUnknown(true, 'unknown field: ${unknown}').strict(false);
}

export interface ReminderFormValues {
  title: string;
  description: string;
  dueDate: string;
  done?: boolean;
  doneComment?: string;
}

/**
 * The bodies the lease and reminder routes take, checked by the route pipeline before the handler
 * runs. Rules that depend on today or on the stored value (no lease end or due date in the past,
 * unless unchanged) are the handler's: it validates again with `leaseSchema(now, previous)` or
 * `reminderSchema(now, editing)`, so the messages stay the same.
 */
const beforeAnyDay = new Date(0);
export const leaseBodySchema = leaseSchema(beforeAnyDay);
export const reminderCreateBodySchema = reminderSchema(beforeAnyDay);
export const reminderUpdateBodySchema = reminderSchema(beforeAnyDay, { previousDueDate: '' });
