import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startNext } from './lib/servers';
async function main() {
  const tmp = fs.mkdtempSync('/tmp/pf/cdp-');
  const env = { NEXT_DIST_DIR: process.env.DIST || '.next-prof', DATABASE_URL: `file:${path.join(tmp, 'shop.sqlite')}`, SEED_DEMO: 'true', OUTBOX_DIR: path.join(tmp, 'outbox'), MAIL_OUTBOX: 'true', RATE_LIMITS: 'off' };
  const shop = await startNext(process.cwd(), env, '/api/health', path.join(tmp, 'shop.log'));
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
  try {
    for (const p of process.argv.slice(2)) {
      const ctx = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1.75 });
      const page = await ctx.newPage();
      const cdp = await ctx.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.goto(shop.url + p);
      await page.waitForTimeout(6000);
      const { profile } = await cdp.send('Profiler.stop');
      const f = `/tmp/pf/browser-${p.replace(/\W/g, '_')}.cpuprofile`;
      fs.writeFileSync(f, JSON.stringify(profile));
      console.log('wrote', f);
      await ctx.close();
    }
  } finally { await browser.close(); await shop.stop(); }
}
main();
