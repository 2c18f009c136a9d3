/**
 * One rule for every e-mail address the portal takes (a user, a contact, a person's seat letter, a
 * visitor's sign-in or feedback): what yup's `.email()` takes, and a domain with a dot (yup alone takes
 * 'ase@bad'). And one for a phone number: only what phone numbers hold (digits, spaces, +, -,
 * parentheses) and at least `PHONE_MIN_DIGITS` digits, so 'not a phone' is refused.
 */
/**
 * The WHATWG address yup's `.email()` uses, with at least one dot in the domain (`+` where yup has `*`).
 * No import: the visitor site checks its forms with it too, without yup in its bundle.
 */
export const EMAIL_ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

export const isEmailAddress = (value: string): boolean => EMAIL_ADDRESS.test(value);

export const PHONE_MIN_DIGITS = 5;
/** Only what phone numbers hold, and at least `PHONE_MIN_DIGITS` digits (the OpenAPI document publishes it as the pattern). */
export const PHONE_NUMBER = new RegExp(`^(?=(?:\\D*\\d){${PHONE_MIN_DIGITS}})[\\d\\s+\\-()]+$`);
export const isPhoneNumber = (value: string): boolean => PHONE_NUMBER.test(value);

/** The e-mail test for a yup string (named 'email', as `.email()`'s, so OpenAPI says `format: email`); empty passes. */
export const emailAddress = (message: string) => ({
  name: 'email',
  message,
  test: (value: string | null | undefined) => value === undefined || value === null || value === '' || isEmailAddress(value),
});

/** The phone test for a yup string; empty passes. */
export const phoneNumber = (message: string) => ({
  name: 'phone',
  message,
  test: (value: string | null | undefined) => value === undefined || value === null || value.trim() === '' || isPhoneNumber(value.trim()),
});
