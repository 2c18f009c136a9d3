import { describe, expect, it } from 'vitest';
import { brokeringSchema, validate } from '../src/index.ts';

describe('brokering schema', () => {
  it('requires name, at least one team member, document prefix and project id', async () => {
    expect(await validate(brokeringSchema, { name: '', documentPrefix: ' ', documentProjectId: '' })).toEqual({
      ok: false,
      fields: { name: 'field is required', teamMembers: 'minimum amount is 1', documentPrefix: 'field is required', documentProjectId: 'field is required' },
    });
  });

  it('defaults optional people and refuses unknown fields', async () => {
    const result = await validate(brokeringSchema, { name: ' P ', teamMembers: [{ id: 'u1' }], documentPrefix: 'Brokering/2026', documentProjectId: 'P-1' });
    expect(result).toEqual({
      ok: true,
      value: {
        name: 'P',
        clientContact: null,
        projectManager: null,
        teamMembers: [{ id: 'u1' }],
        externalTeamMembers: [],
        documentPrefix: 'Brokering/2026',
        documentProjectId: 'P-1',
      },
    });
    expect((await validate(brokeringSchema, { name: 'P', teamMembers: [{ id: 'u1' }], documentPrefix: 'B', documentProjectId: 'P', clientId: 'x' })).ok).toBe(
      false,
    );
  });

  it('refuses folder paths that could leave the library folder', async () => {
    for (const [documentPrefix, documentProjectId] of [
      ['Brokering/..', 'P'],
      ['B', 'a/b'],
      ['B', 'P?x'],
      ['/abs', 'P'],
      ['B', '..'],
    ]) {
      expect(
        (await validate(brokeringSchema, { name: 'P', teamMembers: [{ id: 'u1' }], documentPrefix, documentProjectId })).ok,
        `${documentPrefix} ${documentProjectId}`,
      ).toBe(false);
    }
  });
});
