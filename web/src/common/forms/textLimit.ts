import { codePoints } from '@movers/contracts';

/**
 * What a text box keeps of a change when the field has a maximum, counted in characters as the API and
 * the OpenAPI document count it (an emoji is one, where the input's own maxLength would count two):
 * typing at the maximum changes nothing, and a longer text (pasted) is cut at the maximum, never inside a
 * character.
 */
export function limitText(previous: string, next: string, max: number | undefined): string {
  if (max === undefined || codePoints(next) <= max) return next;
  if (codePoints(previous) >= max && next.length > previous.length) return previous;
  return [...next].slice(0, max).join('');
}
