/**
 * Runs once when the server starts: reads and validates the configuration, so a missing or invalid
 * key (e.g. SMTP_URL in production) stops `next start` with an error naming it, before any request;
 * makes server rendering send each page in place (src/server/ssr/wholePageStreaming.ts); opens the
 * database and starts the job worker (mail waiting in the outbox leaves without waiting for a
 * request), and makes SIGTERM drain it before Next closes the server (src/server/jobs/shutdown.ts).
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { loadConfig } = await import('./src/server/config');
    try {
      loadConfig();
    } catch (e) {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    }
    const { renderWholePagesInPlace } = await import('./src/server/ssr/wholePageStreaming');
    renderWholePagesInPlace();
    const { drainJobsOnShutdown } = await import('./src/server/jobs/shutdown');
    drainJobsOnShutdown();
    const { getDb } = await import('./src/server/db/createDb');
    getDb().catch((e: unknown) => console.error('The database could not be opened:', e instanceof Error ? e.message : e));
  }
}
