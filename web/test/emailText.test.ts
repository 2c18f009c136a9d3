import { describe, expect, it } from 'vitest';
import { emailParts } from '../src/common/people/EmailText.tsx';

describe('where an e-mail address may break (issue 55)', () => {
  it("breaks after the '@' and before a '.', never inside a word, and loses nothing", () => {
    expect(emailParts('kari.nordmann@example.com')).toEqual(['kari', '.nordmann@', 'example', '.com']);
    expect(emailParts('ola@x.no').join('')).toBe('ola@x.no');
    expect(emailParts('plain')).toEqual(['plain']);
  });
});
