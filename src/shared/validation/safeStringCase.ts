import { addMethod, string } from 'yup';

type Text = ReturnType<typeof string>;

/**
 * yup's `trim()`, `lowercase()` and `uppercase()` call the string method on whatever value arrives,
 * so an array or an object where text is expected threw a TypeError (answered 500). Here they touch
 * strings only and leave anything else to the type check, which answers 400 naming the field.
 * Imported for its effect by the shared validation and the route layer, before any schema is built.
 */
const onStrings = (f: (s: string) => string) => (v: unknown) => (typeof v === 'string' ? f(v) : v);
const absent = (v: unknown) => v === null || v === undefined;

addMethod(string, 'trim', function trim(this: Text, message?: string) {
  return this.transform(onStrings((s) => s.trim())).test({
    message: message ?? '${path} must be a trimmed string',
    name: 'trim',
    test: (v) => absent(v) || typeof v !== 'string' || v === v.trim(),
  });
});

addMethod(string, 'lowercase', function lowercase(this: Text, message?: string) {
  return this.transform(onStrings((s) => s.toLowerCase())).test({
    message: message ?? '${path} must be a lowercase string',
    name: 'string_case',
    exclusive: true,
    skipAbsent: true,
    test: (v) => absent(v) || typeof v !== 'string' || v === v.toLowerCase(),
  });
});

addMethod(string, 'uppercase', function uppercase(this: Text, message?: string) {
  return this.transform(onStrings((s) => s.toUpperCase())).test({
    message: message ?? '${path} must be a upper case string',
    name: 'string_case',
    exclusive: true,
    skipAbsent: true,
    test: (v) => absent(v) || typeof v !== 'string' || v === v.toUpperCase(),
  });
});
