import { base64UrlToBytes, PushPermissionRefused, subscribeThisDevice } from './webPush';
import { fakePushBrowser, fakeSubscription, type FakePushBrowser } from './testing/fakePushBrowser';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';

describe('base64UrlToBytes', () => {
  test('reads base64url without padding, with - and _ where base64 has + and /', () => {
    expect(Array.from(base64UrlToBytes('AQID'))).toEqual([1, 2, 3]);
    expect(Array.from(base64UrlToBytes('AQ'))).toEqual([1]);
    expect(Array.from(base64UrlToBytes('AQI'))).toEqual([1, 2]);
    expect(Array.from(base64UrlToBytes('-_-_'))).toEqual([0xfb, 0xff, 0xbf]);
    expect(Array.from(base64UrlToBytes(''))).toEqual([]);
  });

  test('a padded key reads the same as an unpadded one', () => {
    expect(Array.from(base64UrlToBytes('AQ=='))).toEqual([1]);
  });

  test('a VAPID public key becomes its 65 bytes, an uncompressed P-256 point', () => {
    const bytes = base64UrlToBytes(KEY);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
    expect(Buffer.from(bytes)).toEqual(Buffer.from(KEY, 'base64url'));
  });

  test('text that is not base64url is refused', () => {
    expect(() => base64UrlToBytes('not a key!')).toThrow();
  });
});

describe('subscribeThisDevice', () => {
  let browser: FakePushBrowser;
  beforeEach(() => {
    browser = fakePushBrowser();
  });
  afterEach(() => browser.remove());

  test("a subscription made with the server's current key is kept; one made with an earlier key is replaced", async () => {
    const current = Uint8Array.from(Buffer.from(KEY, 'base64url')).buffer;
    browser.subscription = fakeSubscription(current);
    await subscribeThisDevice(KEY);
    expect(browser.subscribe).not.toHaveBeenCalled();

    const earlier = fakeSubscription(new Uint8Array(65).fill(4).buffer);
    browser.subscription = earlier;
    await subscribeThisDevice(KEY);
    expect(earlier.unsubscribe).toHaveBeenCalledTimes(1);
    expect(browser.subscribe).toHaveBeenCalledTimes(1);
  });

  test('a dismissed permission prompt subscribes nothing and says what the browser answered', async () => {
    browser.answer = 'default';
    await expect(subscribeThisDevice(KEY)).rejects.toEqual(new PushPermissionRefused('default'));
    expect(browser.register).not.toHaveBeenCalled();
    expect(browser.subscription).toBeNull();
  });
});
