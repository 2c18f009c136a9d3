import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Roles, type ExternalUserState } from '@movers/contracts';

/** A person in the local stand-in for the organisation's directory (Entra ID). */
export interface DirectoryUser {
  id: string;
  displayName: string;
  mail: string;
  roles: string[];
  userType: 'Member' | 'Guest';
  externalUserState: ExternalUserState | null;
  /** Colour of the generated profile photo; no photo when absent. */
  photoColor?: [number, number, number];
}

export const TENANT_ID = '7d2c1f5e-8a4b-4c3d-9e6f-0a1b2c3d4e5f';

/** Seeded client ids that seeded External accounts belong to (see seed.ts). */
export const CLIENT_A_ID = 'c0000000-0000-4000-8000-00000000000a';
export const CLIENT_B_ID = 'c0000000-0000-4000-8000-00000000000b';

export const seededAccounts: (DirectoryUser & { clientId: string | null; note: string })[] = [
  {
    id: 'u0000000-0000-4000-8000-000000000001',
    displayName: 'Sara Super',
    mail: 'super@movers.test',
    roles: [Roles.Internal, Roles.InternalSuper],
    userType: 'Member',
    externalUserState: null,
    clientId: null,
    photoColor: [0, 120, 212],
    note: 'Internal, Internal.Super',
  },
  {
    id: 'u0000000-0000-4000-8000-000000000002',
    displayName: 'Stian Staff',
    mail: 'staff@movers.test',
    roles: [Roles.Internal],
    userType: 'Member',
    externalUserState: null,
    clientId: null,
    photoColor: [16, 124, 16],
    note: 'Internal',
  },
  {
    id: 'u0000000-0000-4000-8000-000000000003',
    displayName: 'Anna External',
    mail: 'ext-a@client-a.test',
    roles: [Roles.External],
    userType: 'Guest',
    externalUserState: 'Accepted',
    clientId: CLIENT_A_ID,
    note: 'External, client A',
  },
  {
    id: 'u0000000-0000-4000-8000-000000000004',
    displayName: 'Bjørn External',
    mail: 'ext-b@client-b.test',
    roles: [Roles.External],
    userType: 'Guest',
    externalUserState: 'Accepted',
    clientId: CLIENT_B_ID,
    note: 'External, client B',
  },
  {
    id: 'u0000000-0000-4000-8000-000000000005',
    displayName: 'Cecilie Unassigned',
    mail: 'ext-none@client-c.test',
    roles: [Roles.External],
    userType: 'Guest',
    externalUserState: 'Accepted',
    clientId: null,
    note: 'External, no client',
  },
  {
    id: 'u0000000-0000-4000-8000-000000000006',
    displayName: 'Ingrid Hansen',
    mail: 'ingrid.hansen@movers.test',
    roles: [Roles.Internal],
    userType: 'Member',
    externalUserState: null,
    clientId: null,
    photoColor: [135, 100, 184],
    note: 'Internal',
  },
  {
    id: 'u0000000-0000-4000-8000-000000000007',
    displayName: 'Lars Berg',
    mail: 'lars.berg@movers.test',
    roles: [Roles.Internal],
    userType: 'Member',
    externalUserState: null,
    clientId: null,
    note: 'Internal',
  },
];

/**
 * The directory the identity provider signs people in from and the Graph stand-in answers for.
 * Seeded accounts are fixed; people invited through Graph are added and kept in `directory.json`.
 */
export class Directory {
  private readonly users = new Map<string, DirectoryUser>();
  private readonly file: string | undefined;

  constructor(dataDir?: string) {
    this.file = dataDir ? join(dataDir, 'directory.json') : undefined;
    for (const { clientId: _c, note: _n, ...user } of seededAccounts) this.users.set(user.id, user);
    if (this.file && existsSync(this.file)) {
      for (const user of JSON.parse(readFileSync(this.file, 'utf8')) as DirectoryUser[]) {
        if (!this.users.has(user.id)) this.users.set(user.id, user);
      }
    }
  }

  all(): DirectoryUser[] {
    return [...this.users.values()];
  }

  byId(id: string): DirectoryUser | undefined {
    return this.users.get(id);
  }

  byMail(mail: string): DirectoryUser | undefined {
    const wanted = mail.trim().toLowerCase();
    return this.all().find((u) => u.mail.toLowerCase() === wanted);
  }

  add(user: DirectoryUser): void {
    this.users.set(user.id, user);
    this.persist();
  }

  update(id: string, change: Partial<DirectoryUser>): void {
    const user = this.users.get(id);
    if (!user) return;
    this.users.set(id, { ...user, ...change });
    this.persist();
  }

  private persist(): void {
    if (!this.file) return;
    const seeded = new Set(seededAccounts.map((a) => a.id));
    writeFileSync(
      this.file,
      JSON.stringify(
        this.all().filter((u) => !seeded.has(u.id) || u.externalUserState !== seededAccounts.find((a) => a.id === u.id)?.externalUserState),
        null,
        2,
      ),
    );
  }
}
