// @ts-check
/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build directory lets several builds (e.g. browser tests) live side by side.
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  serverExternalPackages: ['better-sqlite3', 'pg', 'nodemailer', 'pdfkit', 'bcryptjs'],
  // Bundled with MUI so its Emotion cache provider and MUI's styles share one @emotion/react instance
  // on the server (otherwise the page's styles are inlined in the body instead of one style sheet).
  transpilePackages: ['@mui/material-nextjs'],
  env: {
    NEXT_PUBLIC_API_ROOT: process.env.NEXT_PUBLIC_API_ROOT || '/api/backend/',
  },
  async headers() {
    return [
      {
        source: '/:path*',
        headers: [
          { key: 'X-Content-Type-Options', value: 'nosniff' },
          { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
          { key: 'X-Frame-Options', value: 'DENY' },
          { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=(self)' },
        ],
      },
    ];
  },
};

module.exports = nextConfig;
