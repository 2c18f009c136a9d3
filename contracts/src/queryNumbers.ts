import * as yup from 'yup';

/** A whole number from 1 up to `max` in a query (query values are text): a page or a page size. */
export const wholeNumberParameter = (max: number) =>
  yup
    .string()
    .matches(/^[1-9]\d*$/, 'must be a whole number from 1')
    .test('max', `maximum ${max}`, (value) => value === undefined || Number(value) <= max)
    .optional();
