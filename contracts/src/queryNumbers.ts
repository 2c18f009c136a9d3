import * as yup from './yup.ts';

/**
 * A pattern of the whole numbers from 1 up to `max`, written out digit by digit (`^(?:[1-9]|[1-9]\d|100)$`
 * for 100), so that a query's text is refused above its maximum by the same rule the OpenAPI document
 * publishes as the parameter's pattern.
 */
export function wholeNumbersUpTo(max: number): RegExp {
  const digits = String(max);
  const shorter = digits.length > 1 ? [`[1-9]\\d{0,${digits.length - 2}}`] : [];
  // Of max's length: the same leading digits, then one digit lower, then anything.
  const sameLength = [...digits].flatMap((digit, i) => {
    const low = i === 0 ? 1 : 0;
    const d = Number(digit);
    if (d <= low) return [];
    const rest = digits.length - i - 1;
    return [`${digits.slice(0, i)}[${low}-${d - 1}]${rest > 0 ? `\\d{${rest}}` : ''}`];
  });
  return new RegExp(`^(?:${[...shorter, ...sameLength, digits].join('|')})$`);
}

/** A whole number from 1 up to `max` in a query (query values are text): a page or a page size. */
export const wholeNumberParameter = (max: number) =>
  yup
    .string()
    .matches(wholeNumbersUpTo(max), `must be a whole number from 1 to ${max}`)
    .optional()
    // The pattern is exact but hard to read: the document says it in words too.
    .meta({ openapi: { description: `a whole number from 1 to ${max}` } });
