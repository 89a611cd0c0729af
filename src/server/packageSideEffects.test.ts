import fs from 'node:fs';
import path from 'node:path';

/**
 * The modules package.json marks as having side effects (the yup patch that keeps trim/lowercase from
 * throwing on non-strings) are kept by the production build only while their paths are right: a moved
 * file would silently be tree-shaken away from the API routes and the pages.
 */
test('every sideEffects path of package.json names an existing file', () => {
  const root = path.join(__dirname, '..', '..');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { sideEffects: string[] };
  expect(pkg.sideEffects.length).toBeGreaterThan(0);
  for (const file of pkg.sideEffects) expect(fs.existsSync(path.join(root, file)) ? file : `missing: ${file}`).toBe(file);
});
