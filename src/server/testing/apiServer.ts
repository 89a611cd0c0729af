import { backgroundSettled } from '../background';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { NextApiHandler, NextApiRequest, NextApiResponse } from 'next';

/**
 * Serves the app's API route files (pages/api/**) over real HTTP for integration tests, with the
 * same URL patterns as Next (`[id]` segments, `index` files) and the response helpers Next adds.
 */
export interface ApiRoute {
  /** URL pattern, e.g. `/api/backend/patient/[patientId]`. */
  pattern: string;
  file: string;
}

const PAGES_API = path.join(process.cwd(), 'pages', 'api');

export function discoverApiRoutes(dir = PAGES_API, base = '/api'): ApiRoute[] {
  const out: ApiRoute[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...discoverApiRoutes(full, `${base}/${entry.name}`));
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      const name = entry.name.replace(/\.tsx?$/, '');
      out.push({ pattern: name === 'index' ? base : `${base}/${name}`, file: full });
    }
  }
  // Static segments win over dynamic ones, and dynamic over catch-all, segment by segment from the left, as in Next.
  return out.sort((a, b) => specificity(a.pattern, b.pattern));
}

const segmentRank = (seg: string) => (seg.startsWith('[...') ? 2 : seg.startsWith('[') ? 1 : 0);

/**
 * Lexicographic over the segments' ranks (a shorter pattern first where one is a prefix of the other):
 * a total order, so the sort is the same whatever order the files were read in.
 */
function specificity(a: string, b: string): number {
  const x = a.split('/').map(segmentRank);
  const y = b.split('/').map(segmentRank);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const d = (x[i] ?? -1) - (y[i] ?? -1);
    if (d) return d;
  }
  return 0;
}

function match(pattern: string, pathname: string): Record<string, string | string[]> | null {
  const p = pattern.split('/').filter(Boolean);
  const s = pathname.split('/').filter(Boolean);
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < p.length; i++) {
    const seg = p[i] as string;
    const catchAll = /^\[\.\.\.(.+)\]$/.exec(seg);
    if (catchAll?.[1]) {
      if (i >= s.length) return null;
      params[catchAll[1]] = s.slice(i).map(decodeURIComponent);
      return params;
    }
    const val = s[i];
    if (val === undefined) return null;
    const dyn = /^\[(.+)\]$/.exec(seg);
    if (dyn?.[1]) params[dyn[1]] = decodeURIComponent(val);
    else if (seg !== val) return null;
  }
  return p.length === s.length ? params : null;
}

export interface TestApiServer {
  url: string;
  close(): Promise<void>;
  /**
   * fetch relative to the server, JSON in and out. Then, like the app's worker, runs the jobs the
   * request queued (its mail among them) unless `settle: false`.
   */
  call(method: string, urlPath: string, opts?: { body?: unknown; token?: string | null; headers?: Record<string, string>; rawBody?: string; settle?: boolean }): Promise<{ status: number; body: any; headers: Headers }>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export async function startApiServer(): Promise<TestApiServer> {
  const routes = discoverApiRoutes();
  const handlers = new Map<string, NextApiHandler>();
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = url.pathname.replace(/\/+$/, '') || '/';
    for (const r of routes) {
      const params = match(r.pattern, pathname);
      if (!params) continue;
      let h = handlers.get(r.file);
      if (!h) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const mod = require(r.file) as { default: NextApiHandler };
        h = mod.default;
        handlers.set(r.file, h);
      }
      const query: Record<string, string | string[]> = {};
      for (const key of new Set(url.searchParams.keys())) {
        const all = url.searchParams.getAll(key);
        query[key] = all.length > 1 ? all : (all[0] as string);
      }
      Object.assign(query, params);
      const nreq = req as NextApiRequest;
      nreq.query = query;
      const nres = res as NextApiResponse;
      nres.status = (code: number) => {
        res.statusCode = code;
        return nres;
      };
      nres.json = (body: unknown) => {
        if (!res.getHeader('Content-Type')) res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(body));
      };
      nres.send = (body: unknown) => {
        if (Buffer.isBuffer(body) || typeof body === 'string') res.end(body);
        else nres.json(body);
      };
      nres.redirect = ((a: number | string, b?: string) => {
        res.statusCode = typeof a === 'number' ? a : 307;
        res.setHeader('Location', typeof a === 'string' ? a : (b as string));
        res.end();
        return nres;
      }) as NextApiResponse['redirect'];
      await h(nreq, nres);
      return;
    }
    res.statusCode = 404;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    async call(method, urlPath, opts = {}) {
      const headers: Record<string, string> = { Accept: 'application/json', ...opts.headers };
      const typed = Object.keys(headers).some((h) => h.toLowerCase() === 'content-type');
      if ((opts.body !== undefined || opts.rawBody !== undefined) && !typed) headers['Content-Type'] = 'application/json';
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      const res = await fetch(url + urlPath, {
        method,
        headers,
        body: opts.rawBody ?? (opts.body !== undefined ? JSON.stringify(opts.body) : undefined),
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON */
      }
      if (opts.settle !== false) await backgroundSettled();
      return { status: res.status, body, headers: res.headers };
    },
  };
}
