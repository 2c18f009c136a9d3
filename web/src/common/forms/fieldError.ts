import type { FormikErrors, FormikTouched } from 'formik';

/**
 * A field's error as the form shows it: only once the field was left or the form was submitted,
 * so nobody is told off while typing into a field for the first time.
 */
export function errorShown<V>({ errors, touched, submitCount }: { errors: FormikErrors<V>; touched: FormikTouched<V>; submitCount: number }) {
  return (field: keyof V & string) => (touched[field] || submitCount > 0 ? (errors[field] as string | undefined) : undefined);
}
