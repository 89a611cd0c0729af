/**
 * Runs once when the server starts: reads and validates the configuration, so a missing or invalid
 * key (e.g. SMTP_URL in production) stops `next start` with an error naming it, before any request;
 * makes server rendering send each page in place (src/server/ssr/wholePageStreaming.ts); and makes
 * SIGTERM drain the job worker before Next closes the server (src/server/jobs/shutdown.ts). The
 * database (and with it the worker) is opened by the first request -- a health check, in production
 * -- inside the routes' own bundle: opened here it would be built from the instrumentation bundle's
 * copy of Kysely, whose classes the routes' `instanceof` checks do not recognise.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { nodeVersionProblem } = await import('./src/server/nodeVersion');
    const tooOld = nodeVersionProblem();
    if (tooOld) {
      console.error(tooOld);
      process.exit(1);
    }
    const { loadConfig } = await import('./src/server/config');
    try {
      const config = loadConfig();
      // The test payment provider in production lets any order be "paid" for nothing: say so at start-up.
      const { PAYMENT_PROVIDERS } = await import('./src/server/payments/registry');
      const play = PAYMENT_PROVIDERS.find((m) => !m.realMoney && Object.hasOwn(config.payments.providers, m.id));
      if (play && process.env.NODE_ENV === 'production') {
        console.warn(`Test payments are ON (${play.settingKey}): orders can be paid without money; /api/health/ready reports testPayments: true`);
      }
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    }
    const { renderWholePagesInPlace } = await import('./src/server/ssr/wholePageStreaming');
    renderWholePagesInPlace();
    const { drainJobsOnShutdown } = await import('./src/server/jobs/shutdown');
    drainJobsOnShutdown();
  }
}
