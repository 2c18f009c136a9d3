import type { Container } from '@azure/cosmos';
import { startOfUtcDay, type LeaseInput } from '@movers/contracts';
import { container } from '@movers/functions/src/platform/cosmos/client.ts';
import type { LeaseDoc, ReminderDoc } from '@movers/functions/src/features/leases/leases.data.ts';
import { CLIENT_A_ID, CLIENT_B_ID } from './directory.ts';

const FJORD_ID = 'c0000000-0000-4000-8000-000000000001';
const leaseId = (clientId: string, n: number) => `${clientId}_e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const reminderId = (lease: string, n: number) => `${lease}_d0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** Seeded lease ids (lease id = `{clientId}_{uuid}`, see functions/src/features/leases/ids.ts). */
export const SEED_LEASE_A1 = leaseId(CLIENT_A_ID, 1);
export const SEED_LEASE_A2 = leaseId(CLIENT_A_ID, 2);
export const SEED_LEASE_B1 = leaseId(CLIENT_B_ID, 3);
export const SEED_LEASE_F1 = leaseId(FJORD_ID, 4);
export const SEED_REMINDER_A1_1 = reminderId(SEED_LEASE_A1, 1);

const blank: LeaseInput = {
  isOffice: false,
  isParking: false,
  isStorage: false,
  isProduction: false,
  isOther: false,
  locations: [],
  title: '',
  floors: '',
  leaseStart: null,
  leaseEnd: null,
  areaSpace: 0,
  numberOfPeople: 0,
  seats: 0,
  numberOfParkingSpaces: 0,
  leaseRenewalDeadline: null,
  increasedFloorSpaceDeadline: null,
  leasePrice: 0,
  consumerPriceIndexDate: null,
  sharedCost: 0,
  description: '',
};

async function createIfMissing(c: Container, doc: { id: string } & object): Promise<void> {
  try {
    await c.items.create(doc);
  } catch (error) {
    if ((error as { code?: number }).code !== 409) throw error;
  }
}

/** Demo leases and reminders for a few clients; dates relative to the first seeding. Create-if-missing. */
export async function seedLeases(now = new Date()): Promise<void> {
  const nowIso = now.toISOString();
  const audit = { createdAt: nowIso, createdBy: 'seed', updatedAt: nowIso, updatedBy: 'seed' };
  const dayOffset = (days: number) => new Date(new Date(startOfUtcDay(now)).getTime() + days * 86_400_000).toISOString();
  const leases: LeaseDoc[] = [
    {
      ...blank,
      ...audit,
      id: SEED_LEASE_A1,
      type: 'lease',
      clientId: CLIENT_A_ID,
      title: 'Bjørvika headquarters',
      isOffice: true,
      isParking: true,
      locations: ['l0000000-0000-4000-8000-000000000101'],
      floors: '3-5',
      leaseStart: dayOffset(-700),
      leaseEnd: dayOffset(1100),
      areaSpace: 2400,
      numberOfPeople: 180,
      seats: 160,
      numberOfParkingSpaces: 20,
      leaseRenewalDeadline: dayOffset(400),
      increasedFloorSpaceDeadline: dayOffset(200),
      leasePrice: 4_200_000,
      consumerPriceIndexDate: dayOffset(40),
      sharedCost: 350_000,
      description: 'Main office lease, 10-year term.',
    },
    {
      ...blank,
      ...audit,
      id: SEED_LEASE_A2,
      type: 'lease',
      clientId: CLIENT_A_ID,
      title: 'Bergen terminal storage',
      isStorage: true,
      isProduction: true,
      locations: ['l0000000-0000-4000-8000-000000000102'],
      leaseStart: dayOffset(-300),
      leaseEnd: dayOffset(430),
      areaSpace: 5100,
      leasePrice: 1_900_000,
    },
    {
      ...blank,
      ...audit,
      id: SEED_LEASE_B1,
      type: 'lease',
      clientId: CLIENT_B_ID,
      title: 'Kungsgatan office',
      isOffice: true,
      locations: ['l0000000-0000-4000-8000-000000000201'],
      leaseStart: dayOffset(-100),
      leaseEnd: dayOffset(900),
      areaSpace: 1200,
      seats: 90,
    },
    {
      ...blank,
      ...audit,
      id: SEED_LEASE_F1,
      type: 'lease',
      clientId: FJORD_ID,
      title: 'Forus campus',
      isOffice: true,
      isProduction: true,
      locations: ['l0000000-0000-4000-8000-000000000301'],
      leaseEnd: dayOffset(600),
      areaSpace: 8000,
    },
  ];
  const reminder = (lease: LeaseDoc, n: number, title: string, dueDays: number, extra: Partial<ReminderDoc> = {}): ReminderDoc => ({
    ...audit,
    id: reminderId(lease.id, n),
    type: 'reminder',
    clientId: lease.clientId,
    leaseId: lease.id,
    title,
    description: `${title} for ${lease.title}`,
    dueDate: dayOffset(dueDays),
    done: false,
    doneComment: '',
    ...extra,
  });
  const [a1, a2, b1, f1] = leases;
  const reminders: ReminderDoc[] = [
    reminder(a1, 1, 'Negotiate renewal terms', 60),
    reminder(a1, 2, 'Check CPI adjustment', 35),
    reminder(a1, 3, 'Review parking contract', -20, { done: true, doneComment: 'Renewed for two years', sentAt: dayOffset(-20) }),
    reminder(a2, 4, 'Inspect loading bays', 90),
    reminder(b1, 5, 'Plan fit-out budget', 120),
    reminder(f1, 6, 'Notify landlord of extension', 45),
    // Due and not sent: the reminder timer mails it on its first run (see /_local/mail).
    reminder(b1, 7, 'Confirm insurance certificate', -1),
  ];
  for (const doc of [...leases, ...reminders]) await createIfMissing(container('leases'), doc);
}
