import { describe, expect, it } from 'vitest';
import { countdownText } from '../src/visitor/pages/MeWave.tsx';
import { meStringsOf } from '../src/visitor/strings/me.ts';

describe("the countdown to a wave's next time (issue 48)", () => {
  const en = meStringsOf('en');
  it('says days and hours, hours and minutes, or minutes: never seconds', () => {
    expect(countdownText((2 * 24 * 60 + 3 * 60 + 20) * 60_000, en)).toBe('2 d 3 h');
    expect(countdownText((3 * 60 + 20) * 60_000, en)).toBe('3 h 20 min');
    expect(countdownText(3 * 60 * 60_000, en)).toBe('3 h');
    expect(countdownText(12 * 60_000, en)).toBe('12 min');
    expect(countdownText(5_000, en)).toBe('1 min');
  });
  it('in the person’s language', () => {
    expect(countdownText((3 * 60 + 20) * 60_000, meStringsOf('de'))).toBe('3 Std. 20 Min.');
  });
});
