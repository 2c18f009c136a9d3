import { describe, expect, it } from 'vitest';
import { limitText } from '../src/common/forms/textLimit.ts';

describe('a text box with a maximum', () => {
  it('takes as many emoji as the maximum, as the API does (an emoji is one character, not two)', () => {
    expect(limitText('😀'.repeat(2), '😀'.repeat(3), 3)).toBe('😀'.repeat(3));
  });

  it('changes nothing when typed at the maximum, wherever the caret is', () => {
    expect(limitText('abc', 'abXc', 3)).toBe('abc');
    expect(limitText('😀😀', '😀x😀', 2)).toBe('😀😀');
  });

  it('cuts a longer pasted text at the maximum, never inside an emoji', () => {
    expect(limitText('', 'x'.repeat(12), 10)).toBe('x'.repeat(10));
    expect(limitText('', `x${'😀'.repeat(5)}`, 3)).toBe('x😀😀');
  });

  it('leaves a text within the maximum, or without one, as typed', () => {
    expect(limitText('ab', 'abc', 3)).toBe('abc');
    expect(limitText('', 'x'.repeat(500), undefined)).toBe('x'.repeat(500));
  });
});
