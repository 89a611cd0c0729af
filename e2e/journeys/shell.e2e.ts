import assert from 'node:assert/strict';
import { journey } from '../lib/journey';

export default journey('visitor opens the shop', async (ctx) => {
  const { page } = ctx;
  await ctx.step('open home', async () => {
    const res = await page.goto('/');
    assert.equal(res?.status(), 200);
    await ctx.shot('home');
  });
  ctx.expectNoConsoleErrors();
});
