import { describe, expect, it } from 'vitest';
import { isEmailAddress, isPhoneNumber } from '../src/contactRules.ts';
import { feedbackCreateSchema } from '../src/feedback.ts';
import { moveContactSchema } from '../src/moveContent.ts';
import { markerUserUpdateSchema } from '../src/planner.ts';
import { inviteUserSchema } from '../src/schemas/user.ts';

// Issue 39: the contact form saved 'not a phone' and 'ase@bad'. One rule for every address, one for phones.
describe('contact rules', () => {
  it('takes an address only with a domain that has a dot', () => {
    for (const good of ['ase@client-a.test', 'kari.nordmann@firma.no', 'a+b@sub.domain.example']) expect(isEmailAddress(good), good).toBe(true);
    for (const bad of ['ase@bad', 'ase@', '@bad.no', 'ase@bad.', 'ase@.no', 'a b@c.no', 'ase@@c.no', 'plain']) expect(isEmailAddress(bad), bad).toBe(false);
  });

  it('takes a phone number only of digits, spaces, +, - and parentheses, with at least 5 digits', () => {
    for (const good of ['+47 22 33 44 55', '(0047) 223-34455', '12345']) expect(isPhoneNumber(good), good).toBe(true);
    for (const bad of ['not a phone', '1234', '+47 22 33 44 55 ext', '22.33.44.55', '+-() ']) expect(isPhoneNumber(bad), bad).toBe(false);
  });

  it('is the rule of every address field of the schemas', () => {
    expect(moveContactSchema.isValidSync({ name: 'Åse', email: 'ase@bad' })).toBe(false);
    expect(moveContactSchema.isValidSync({ name: 'Åse', phonenumber: 'not a phone' })).toBe(false);
    expect(moveContactSchema.isValidSync({ name: 'Åse', email: 'ase@client-a.test', phonenumber: '+47 22 33 44 55' })).toBe(true);
    expect(moveContactSchema.isValidSync({ name: 'Åse', email: '', phonenumber: '' })).toBe(true);
    expect(feedbackCreateSchema.isValidSync({ feedbackType: 'question', question: 'Hi', email: 'ase@bad' })).toBe(false);
    expect(feedbackCreateSchema.isValidSync({ feedbackType: 'question', question: 'Hi', phone: 'not a phone' })).toBe(false);
    expect(markerUserUpdateSchema.isValidSync({ name: 'Åse', move_layout_marker_id: null, stickersCount: null, email: 'ase@bad' })).toBe(false);
    expect(inviteUserSchema.isValidSync({ name: 'Åse', email: 'ase@bad', clientId: 'c0000000-0000-4000-8000-000000000001' })).toBe(false);
    expect(inviteUserSchema.isValidSync({ name: 'Åse', email: 'ase@client-a.test', clientId: 'c0000000-0000-4000-8000-000000000001' })).toBe(true);
  });
});
