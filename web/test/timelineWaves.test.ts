import { describe, expect, it } from 'vitest';
import { forWaves } from '../src/admin/features/timeline/forms.tsx';

describe("a move timeline event's waves (issue 48)", () => {
  const waves = [
    { id: 'm_1', name: 'IT' },
    { id: 'm_2', name: 'Finance' },
  ];

  it('names the waves an event is for, and nothing for the whole move', () => {
    expect(forWaves(['m_2', 'm_1'], waves)).toBe('(for Finance, IT)');
    expect(forWaves([], waves)).toBe('');
  });

  it('leaves out a wave deleted since', () => {
    expect(forWaves(['m_1', 'm_gone'], waves)).toBe('(for IT)');
    expect(forWaves(['m_gone'], waves)).toBe('');
  });
});
