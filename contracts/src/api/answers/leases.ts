import { arrayOf, auditFields, bool, etagField, extend, nullable, num, object, str } from './shape.ts';

/** The answers of the leases and reminders routes, beside their types in `entities.ts`. */

const day = nullable(str);

export const leaseAnswerSchema = object(
  {
    id: str,
    clientId: str,
    remindersCount: num,
    isOffice: bool,
    isParking: bool,
    isStorage: bool,
    isProduction: bool,
    isOther: bool,
    locations: arrayOf(str),
    title: str,
    floors: str,
    leaseStart: day,
    leaseEnd: day,
    areaSpace: num,
    numberOfPeople: num,
    seats: num,
    numberOfParkingSpaces: num,
    leaseRenewalDeadline: day,
    increasedFloorSpaceDeadline: day,
    leasePrice: num,
    consumerPriceIndexDate: day,
    sharedCost: num,
    description: str,
  },
  { ...auditFields, ...etagField },
);

export const reminderAnswerSchema = object(
  {
    id: str,
    leaseId: str,
    clientId: str,
    title: str,
    description: str,
    dueDate: str,
    done: bool,
    doneComment: str,
    sentAt: nullable(str),
    unsent: bool,
    upcoming: bool,
  },
  { ...auditFields, ...etagField },
);

export const clientReminderSchema = extend(reminderAnswerSchema, { lease: object({ id: str, title: str }) });
