import { MIN_NODE_VERSION, nodeVersionProblem } from './nodeVersion';
import pkg from '../../package.json';

test('Node.js older than the minimum is refused with a message; the minimum is the one package.json states', () => {
  expect(nodeVersionProblem('20.8.1')).toBe('Node.js 20.9.0 or newer is needed; this is 20.8.1.');
  expect(nodeVersionProblem('18.19.0')).toMatch(/20\.9\.0 or newer/);
  expect(nodeVersionProblem('20.9.0')).toBeNull();
  expect(nodeVersionProblem('v22.1.0')).toBeNull();
  expect(nodeVersionProblem(process.versions.node)).toBeNull();
  expect(pkg.engines.node).toBe(`>=${MIN_NODE_VERSION.replace(/\.0$/, '')}`);
});
