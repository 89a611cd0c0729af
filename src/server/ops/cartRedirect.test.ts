/**
 * `/cart` leads to the cart (`/order/cart`): a redirect of the shop's configuration, so it works
 * before any page loads. A newcomer typing /cart used to get the 404 page.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const config = require('../../../next.config.js') as { redirects: () => Promise<{ source: string; destination: string; permanent: boolean }[]> };

test('/cart redirects to /order/cart', async () => {
  const redirects = await config.redirects();
  expect(redirects).toContainEqual({ source: '/cart', destination: '/order/cart', permanent: false });
});
