// @ts-check
const path = require('node:path');
const { addCompileHints } = require('./scripts/compileHints');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build directory lets several builds (e.g. browser tests) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // `next dev` serves its scripts and HMR socket only to pages opened at localhost; the shop opened at
  // http://127.0.0.1:<port> is let in as well (the setting is read by the development server alone).
  allowedDevOrigins: ['127.0.0.1'],
  // Every page carries a fresh CSP nonce, so an entity tag of its HTML never matches a second time;
  // hashing each answer (HTML and JSON) cost ~1-2% of the server's CPU for nothing. The price list,
  // whose bytes are kept, sends an entity tag of its own (pages/api/backend/labService).
  generateEtags: false,
  // PROFILE_BUILD=1 keeps function names in the build, for CPU profiles (docs/benchmarks.md).
  ...(process.env.PROFILE_BUILD ? { experimental: { serverMinification: false, turbopackMinify: false } } : {}),
  // MAPS_BUILD=1 writes browser source maps, to attribute each page's first-load bytes to modules.
  ...(process.env.MAPS_BUILD ? { productionBrowserSourceMaps: true } : {}),
  // Formik's two lodash copies are served by small ones (src/lib/formikDeps): lodash's clone
  // machinery was ~3 kB gzip of every form page's first load.
  turbopack: {
    resolveAlias: {
      'lodash-es/cloneDeep': './src/lib/formikDeps/cloneDeep.ts',
      'lodash-es/clone': './src/lib/formikDeps/clone.ts',
      // In the browser only: MUI's CSS-variables theme builder and colour-scheme provider (the theme has
      // no colour schemes, so they never run) and hoist-non-react-statics with its own react-is (for
      // Emotion's withTheme, never called) are small stand-ins, ~10 kB gzip off every first visit
      // (src/theme/browser/). The server keeps the packages' own files.
      './createThemeWithVars.mjs': { browser: './src/theme/browser/noCssVariables.ts' },
      './ThemeProviderWithVars.mjs': { browser: './src/theme/browser/noCssVariables.ts' },
      'hoist-non-react-statics': { browser: './src/theme/browser/hoistStatics.ts' },
    },
  },
  compiler: {
    // V8's compile hint on the first-load chunks: their module functions compile while the script
    // streams, off the main thread, instead of one by one inside the first task (scripts/compileHints.js).
    runAfterProductionCompile: async ({ distDir }) => {
      addCompileHints(path.resolve(__dirname, distDir));
    },
  },
  serverExternalPackages: ['better-sqlite3', 'pg', 'nodemailer', 'pdfkit', 'bcryptjs', '@node-rs/argon2', 'xmllint-wasm'],
  // Bundled with MUI so its Emotion cache provider and MUI's styles share one @emotion/react instance
  // on the server (otherwise the page's styles are inlined in the body instead of one style sheet).
  transpilePackages: ['@mui/material-nextjs'],
  // The spec's call table has `POST patient/?userAsPatient=false` (slash before the query): that exact
  // path must answer itself, not with a 308. Next's automatic trailing-slash redirect is switched off
  // and repeated below for every other path, so those keep redirecting as before.
  skipTrailingSlashRedirect: true,
  async redirects() {
    return [
      {
        source: '/:path((?!\\.well-known(?:/.*)?)(?!api/backend/patient/?$)(?:[^/]+/)*[^/]+)/',
        destination: '/:path',
        permanent: true,
      },
      // The cart a person (or an old bookmark) looks for at /cart is the order's first step.
      { source: '/cart', destination: '/order/cart', permanent: false },
    ];
  },
  env: {
    NEXT_PUBLIC_API_ROOT: process.env.NEXT_PUBLIC_API_ROOT || '/api/backend/',
  },
  async headers() {
    return [
      {
        // `next dev` serves its middleware manifest, a script, as JSON (vercel/next.js#92180): under
        // nosniff the browser refuses it, so the development server sends that one file without these headers.
        source:
          process.env.NODE_ENV === 'development'
            ? '/:path((?!_next/static/development/_clientMiddlewareManifest\\.js$).*)'
            : '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
        ],
      },
      {
        // The service worker (Web Push notifications): checked for a new version on every
        // registration, and under a policy of its own (a worker gets its policy from its answer).
        source: '/sw.js',
        headers: [
          { key: 'Cache-Control', value: 'no-cache' },
          { key: 'Content-Security-Policy', value: "default-src 'self'" },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
