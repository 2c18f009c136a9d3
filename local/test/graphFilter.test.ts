import { describe, expect, it } from 'vitest';
import { seededAccounts } from '../src/directory.ts';
import { userFilter } from '../src/graph.ts';

const mails = (filter: string | null) => seededAccounts.filter(userFilter(filter)!).map((u) => u.mail);

describe('Graph stand-in $filter', () => {
  it('filters on userType like Graph', () => {
    expect(mails("userType eq 'Guest'")).toEqual(['ext-a@client-a.test', 'ext-b@client-b.test', 'ext-none@client-c.test']);
    expect(mails("userType eq 'Member'")).not.toContain('ext-a@client-a.test');
  });

  it('matches mail or sign-in name case-insensitively, with quotes doubled', () => {
    expect(mails("mail eq 'STAFF@movers.test' or userPrincipalName eq 'staff@movers.test'")).toEqual(['staff@movers.test']);
    expect(mails("mail eq 'o''brien@x.test'")).toEqual([]);
  });

  it('refuses filters it does not understand instead of answering everything', () => {
    expect(userFilter("startswith(displayName,'A')")).toBeUndefined();
    expect(userFilter("mail ne 'x'")).toBeUndefined();
  });
});
