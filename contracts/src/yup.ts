// biome-ignore lint/style/noRestrictedImports: the one module of contracts/src that builds on yup's own string
import * as yup from 'yup';

// biome-ignore lint/style/noRestrictedImports: re-exported with `string` replaced below
export * from 'yup';

/** A text's length as JSON Schema's maxLength and minLength count it: in code points, so '😀' is 1, not 2. */
export const codePoints = (text: string): number => [...text].length;

/**
 * yup's string, whose `max`, `min` and `length` count code points rather than UTF-16 units: the OpenAPI
 * document states each limit as maxLength/minLength, which JSON Schema counts in code points, so the API
 * must count alike or a client built from the document sends text the API refuses ('N😀' is 2 there and
 * 3 for `String.length`). Every schema of contracts/src takes `string` from here (biome refuses 'yup'
 * elsewhere in contracts/src); the tests keep their names and params, so the document reads them as before.
 */
class TextSchema<
  TType extends yup.Maybe<string> = string | undefined,
  TContext = yup.AnyObject,
  TDefault = undefined,
  TFlags extends yup.Flags = '',
> extends yup.StringSchema<TType, TContext, TDefault, TFlags> {
  override length(length: number | yup.Reference<number>, message: yup.Message<{ length: number }> = yup.defaultLocale.string?.length ?? '') {
    return this.test({
      message,
      name: 'length',
      exclusive: true,
      params: { length },
      skipAbsent: true,
      test(value) {
        return codePoints(value as string) === this.resolve(length);
      },
    });
  }

  override min(min: number | yup.Reference<number>, message: yup.Message<{ min: number }> = yup.defaultLocale.string?.min ?? '') {
    return this.test({
      message,
      name: 'min',
      exclusive: true,
      params: { min },
      skipAbsent: true,
      test(value) {
        return codePoints(value as string) >= this.resolve(min);
      },
    });
  }

  override max(max: number | yup.Reference<number>, message: yup.Message<{ max: number }> = yup.defaultLocale.string?.max ?? '') {
    return this.test({
      message,
      name: 'max',
      exclusive: true,
      params: { max },
      skipAbsent: true,
      test(value) {
        return codePoints(value as string) <= this.resolve(max);
      },
    });
  }
}

export function string(): yup.StringSchema;
export function string<T extends string, TContext extends yup.Maybe<yup.AnyObject> = yup.AnyObject>(): yup.StringSchema<T | undefined, TContext>;
export function string(): yup.StringSchema {
  return new TextSchema();
}
