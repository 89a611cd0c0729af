import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { addCompileHints, HINT } from './compileHints';

let dist: string;

function write(rel: string, text: string) {
  const file = path.join(dist, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
const read = (rel: string) => fs.readFileSync(path.join(dist, rel), 'utf8');

beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'compile-hints-'));
  write(
    'build-manifest.json',
    JSON.stringify({
      pages: {
        '/_app': ['static/chunks/app.js', 'static/chunks/turbopack-runtime.js'],
        '/': ['static/chunks/home.js', 'static/chunks/app.js', 'static/css/home.css'],
      },
      rootMainFiles: [],
      lowPriorityFiles: ['static/build/_buildManifest.js'],
    }),
  );
  write('static/chunks/app.js', '(globalThis.TURBOPACK||(globalThis.TURBOPACK=[])).push([1,(e)=>{e.v=1}]);');
  write('static/chunks/turbopack-runtime.js', '(()=>{globalThis.RUNTIME=true})();');
  write('static/chunks/home.js', 'globalThis.HOME=2;');
  write('static/chunks/lazy-dialog.js', 'globalThis.DIALOG=3;');
  write('static/css/home.css', 'body{margin:0}');
  write('static/build/_buildManifest.js', 'self.__BUILD_MANIFEST={};');
});

afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

test('every first-load chunk of every page starts with the compile hint, and still runs as before', () => {
  const { hinted, already } = addCompileHints(dist);
  expect(hinted.sort()).toEqual(['static/chunks/app.js', 'static/chunks/home.js', 'static/chunks/turbopack-runtime.js']);
  expect(already).toBe(0);
  for (const rel of hinted) expect(read(rel).startsWith('//# allFunctionsCalledOnLoad\n')).toBe(true);
  // The hint is a comment: the hinted file is the same program.
  const sandbox: Record<string, unknown> = {};
  sandbox.globalThis = sandbox;
  vm.runInNewContext(read('static/chunks/home.js'), sandbox);
  vm.runInNewContext(read('static/chunks/turbopack-runtime.js'), sandbox);
  expect(sandbox).toMatchObject({ HOME: 2, RUNTIME: true });
});

test('chunks loaded on demand, style sheets and the build manifests are left as they were', () => {
  addCompileHints(dist);
  expect(read('static/chunks/lazy-dialog.js')).toBe('globalThis.DIALOG=3;');
  expect(read('static/css/home.css')).toBe('body{margin:0}');
  expect(read('static/build/_buildManifest.js')).toBe('self.__BUILD_MANIFEST={};');
});

test('a second run changes nothing', () => {
  addCompileHints(dist);
  const before = read('static/chunks/app.js');
  expect(addCompileHints(dist)).toEqual({ hinted: [], already: 3 });
  expect(read('static/chunks/app.js')).toBe(before);
  expect(before.split(HINT).length).toBe(2);
});
