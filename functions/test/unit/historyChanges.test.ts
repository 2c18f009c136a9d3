import { afterEach, describe, expect, it, vi } from 'vitest';
import { changesBetween } from '../../src/platform/history/changes.ts';
import { retentionSeconds } from '../../src/platform/history/retention.ts';

describe('what a history entry records', () => {
  it('names every changed field once with its value before and after, absent as null, and nothing of identity, audit or Cosmos', () => {
    const before = { id: 'p1', type: 'person', name: 'Kari', markerId: 'a', email: null, updatedAt: '1', updatedBy: 'u1', _etag: 'x', etag: 'x' };
    const after = { id: 'p1', type: 'person', name: 'Kari', markerId: 'b', stickersCount: 2, updatedAt: '2', updatedBy: 'u2' };
    expect(changesBetween(before, after)).toEqual([
      { field: 'markerId', from: 'a', to: 'b' },
      { field: 'stickersCount', from: null, to: 2 },
    ]);
  });

  it("compares nested values whole (a move's colours, a location's country)", () => {
    expect(changesBetween({ id: 'l', country: { id: 'NO' } }, { id: 'l', country: { id: 'NO' } })).toEqual([]);
    expect(changesBetween({ id: 'l', country: { id: 'NO' } }, { id: 'l', country: { id: 'SE' } })).toEqual([
      { field: 'country', from: { id: 'NO' }, to: { id: 'SE' } },
    ]);
  });

  it("lists a created record's fields from null, and a deleted one's to null", () => {
    expect(changesBetween(undefined, { id: 'f', question: 'Q?' })).toEqual([{ field: 'question', from: null, to: 'Q?' }]);
    expect(changesBetween({ id: 'f', question: 'Q?' }, undefined)).toEqual([{ field: 'question', from: 'Q?', to: null }]);
  });
});

describe('how long history is kept', () => {
  const saved = process.env.HISTORY_RETENTION_DAYS;
  afterEach(() => {
    if (saved === undefined) delete process.env.HISTORY_RETENTION_DAYS;
    else process.env.HISTORY_RETENTION_DAYS = saved;
  });

  it("is two years when unset, the setting's days when set", () => {
    delete process.env.HISTORY_RETENTION_DAYS;
    expect(retentionSeconds()).toBe(730 * 86_400);
    process.env.HISTORY_RETENTION_DAYS = '30';
    expect(retentionSeconds()).toBe(30 * 86_400);
  });

  it('refuses every recorded write (503) on a malformed value, never taking a default', () => {
    for (const value of ['two years', '0', '-5', '1.5', '@Microsoft.KeyVault(SecretUri=x)']) {
      process.env.HISTORY_RETENTION_DAYS = value;
      expect(() => retentionSeconds(), value).toThrow(expect.objectContaining({ status: 503 }));
    }
  });

  it("refuses every recorded write (503) above Cosmos's largest time to live (2,147,483,647 s: 24,855 days), with one log line", () => {
    // Cosmos refuses a ttl above that, so with a longer retention every recorded write would fail with a 400
    // from Cosmos, an error the API does not expect.
    process.env.HISTORY_RETENTION_DAYS = '24855';
    expect(retentionSeconds()).toBe(24_855 * 86_400);
    expect(retentionSeconds()).toBeLessThanOrEqual(2_147_483_647);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const value of ['24856', '99999', '24856', '99999']) {
        process.env.HISTORY_RETENTION_DAYS = value;
        expect(() => retentionSeconds(), value).toThrow(expect.objectContaining({ status: 503 }));
      }
      const aboutTheMaximum = errors.mock.calls.filter(([line]) => String(line).includes('24855'));
      expect(aboutTheMaximum).toHaveLength(1);
    } finally {
      errors.mockRestore();
    }
  });
});
