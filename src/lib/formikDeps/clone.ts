import { klona } from 'klona';

/**
 * Formik's shallow copy (`setIn` copies each object and array on the path to a changed field):
 * arrays and plain objects are copied one level deep, as lodash's clone does; anything else (a Date,
 * a Map) is copied by klona, so it keeps its own kind. next.config.js points formik's
 * `lodash-es/clone` here (and jest its `lodash/clone`).
 */
export default function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.slice() as T;
  if (value === null || typeof value !== 'object') return value;
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto === Object.prototype || proto === null) return Object.assign(Object.create(proto as object | null) as object, value) as T;
  return klona(value);
}
