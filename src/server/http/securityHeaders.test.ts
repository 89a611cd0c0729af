import { setConfigForTests } from '../config';
import { createTestDb, type TestDb } from '../testing/testDb';
import { startApiServer, type TestApiServer } from '../testing/apiServer';
import { API_CONTENT_SECURITY_POLICY, newNonce, nonceReactScripts, pageContentSecurityPolicy, setPageSecurityHeaders, strictTransportSecurity } from './securityHeaders';

/** The policy as a map of directive to its sources. */
function directives(policy: string): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

describe('page policy', () => {
  test('production: scripts only with the nonce (strict-dynamic), no inline or eval; styles with the nonce; nothing framed, no plugins, no base', () => {
    const d = directives(pageContentSecurityPolicy('abcDEF123+/=='));
    expect(d['script-src']).toEqual(["'nonce-abcDEF123+/=='", "'strict-dynamic'"]);
    expect(d['style-src']).toEqual(["'self'", "'nonce-abcDEF123+/=='"]);
    expect(d['object-src']).toEqual(["'none'"]);
    expect(d['base-uri']).toEqual(["'none'"]);
    expect(d['frame-ancestors']).toEqual(["'none'"]);
    expect(d['form-action']).toEqual(["'self'"]);
    expect(d['default-src']).toEqual(["'self'"]);
    expect(d['connect-src']).toEqual(["'self'"]);
    // The shop's service worker (/sw.js) may be registered; a worker from elsewhere may not.
    expect(d['worker-src']).toEqual(["'self'"]);
    const policy = pageContentSecurityPolicy('abc');
    expect(policy).not.toMatch(/unsafe-eval/);
    // The only 'unsafe-inline' is for style attributes, never for script or style elements.
    expect(Object.entries(directives(policy)).filter(([, s]) => s.includes("'unsafe-inline'")).map(([n]) => n)).toEqual(['style-src-attr']);
  });

  test('development adds eval for React refresh and the dev server websocket, never in production', () => {
    const d = directives(pageContentSecurityPolicy('abc', { dev: true }));
    expect(d['script-src']).toEqual(["'nonce-abc'", "'strict-dynamic'", "'unsafe-eval'"]);
    expect(d['connect-src']).toEqual(["'self'", 'ws:', 'wss:']);
    expect(d['worker-src']).toEqual(["'self'"]);
  });

  test('an API root on another origin may be called; a relative one adds nothing', () => {
    expect(directives(pageContentSecurityPolicy('abc', { apiRoot: 'https://lab.example.com/api/' }))['connect-src']).toEqual(["'self'", 'https://lab.example.com']);
    expect(directives(pageContentSecurityPolicy('abc', { apiRoot: '/api/backend/' }))['connect-src']).toEqual(["'self'"]);
  });

  test('each answer gets its own nonce; a nonce that is not base64 is refused', () => {
    const a = newNonce();
    const b = newNonce();
    expect(a).not.toBe(b);
    expect(Buffer.from(a, 'base64')).toHaveLength(16);
    expect(pageContentSecurityPolicy(a)).toContain(`'nonce-${a}'`);
    expect(() => pageContentSecurityPolicy("x'; script-src *")).toThrow();
  });
});

describe('HSTS', () => {
  test('only when the shop is served over https', () => {
    expect(strictTransportSecurity('https://shop.example.com')).toBe('max-age=63072000; includeSubDomains');
    expect(strictTransportSecurity('http://localhost:3000')).toBeNull();
  });

  test('a page answer carries the policy with its nonce, and HSTS over https', () => {
    const headers: Record<string, string> = {};
    const res = { setHeader: (name: string, value: string) => void (headers[name] = value) };
    setConfigForTests({ appUrl: 'https://shop.example.com' });
    try {
      setPageSecurityHeaders(res as never, 'bm9uY2U=');
    } finally {
      setConfigForTests();
    }
    expect(headers['Content-Security-Policy']).toContain("script-src 'nonce-bm9uY2U=' 'strict-dynamic'");
    expect(headers['Strict-Transport-Security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('API answers', () => {
  let db: TestDb;
  let api: TestApiServer;
  beforeAll(async () => {
    db = await createTestDb({ seed: false });
    api = await startApiServer();
  });
  afterAll(async () => {
    await api.close();
    await db.cleanup();
  });

  test('every API answer, success or error, forbids loading and framing; HSTS only over https', async () => {
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['DELETE', '/api/health'],
      ['GET', '/api/backend/users/current'],
    ]) {
      const res = await api.call(method as string, path as string);
      expect({ path, method, csp: res.headers.get('content-security-policy') }).toEqual({ path, method, csp: API_CONTENT_SECURITY_POLICY });
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    setConfigForTests({ ...(await import('../config')).getConfig(), appUrl: 'https://shop.example.com' });
    const res = await api.call('GET', '/api/health');
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains');
  });
});

describe("React's inline scripts in the server HTML", () => {
  test('get the nonce; any other script without attributes does not', () => {
    const html =
      '<!--$?--><template id="B:0"></template><!--/$--><script>requestAnimationFrame(function(){$RT=performance.now()});</script><div hidden id="S:0">x</div>' +
      '<script>$RB=[];$RV=function(a){}</script><script>$RC("B:0","S:0")</script><p>&lt;script&gt;$RC()</p><script>alert(1)</script><script src="/x.js"></script>';
    const out = nonceReactScripts(html, 'bm9uY2U=');
    expect(out.match(/<script nonce="bm9uY2U=">/g)).toHaveLength(3);
    expect(out).toContain('<script>alert(1)</script>');
    expect(out).toContain('<p>&lt;script&gt;$RC()</p>');
    expect(nonceReactScripts('<p>no scripts</p>', 'x')).toBe('<p>no scripts</p>');
  });
});
