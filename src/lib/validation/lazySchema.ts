import { useEffect } from 'react';
import { validateYupSchema, yupToFormErrors, type FormikErrors, type FormikValues } from 'formik';
import type { Schema } from 'yup';
import { loadOnce } from '../loadOnce';

/**
 * A form's yup schema that loads in a chunk of its own: yup (and the schema modules) stay out of the
 * page's first JavaScript. `validate` is Formik's `validate` prop with the same semantics as
 * `validationSchema` (Formik's own `validateYupSchema` and `yupToFormErrors`); `load` gives the
 * schema itself (e.g. to cast the values on submit).
 */
export interface LazySchema<S extends Schema> {
  load: () => Promise<S>;
  validate: <V extends FormikValues>(values: V) => Promise<FormikErrors<V>>;
}

const isValidationError = (e: unknown): e is Parameters<typeof yupToFormErrors>[0] =>
  typeof e === 'object' && e !== null && (e as { name?: unknown }).name === 'ValidationError';

export function lazySchema<S extends Schema>(importer: () => Promise<S>): LazySchema<S> {
  // A failed download (offline) is tried again on the next validation.
  const load = loadOnce(importer);
  return {
    load,
    async validate<V extends FormikValues>(values: V): Promise<FormikErrors<V>> {
      const schema = await load();
      try {
        await validateYupSchema(values, schema);
        return {};
      } catch (e) {
        if (isValidationError(e)) return yupToFormErrors<V>(e);
        throw e;
      }
    },
  };
}

/** Starts loading the form's schema once the form has mounted, so the first check does not wait for it. */
export function usePreloadedSchema(schema: LazySchema<Schema>): void {
  useEffect(() => {
    schema.load().catch(() => undefined);
  }, [schema]);
}
