import { lazyApi } from './lazyApi';

describe('lazyApi', () => {
  it('loads the module on the first call only, and each method answers what the real one answers', async () => {
    const real = {
      prefix: 'order-',
      async name(id: number) {
        return `${this.prefix}${id}`;
      },
      async fail() {
        throw new Error('409 taken');
      },
    };
    const load = jest.fn(async () => real);
    const api = lazyApi(load);
    expect(load).not.toHaveBeenCalled();
    await expect(api.name(7)).resolves.toBe('order-7');
    await expect(api.fail()).rejects.toThrow('409 taken');
    await expect(api.name(8)).resolves.toBe('order-8');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries the download again after it failed', async () => {
    const real = { ping: async () => 'pong' };
    const load = jest.fn<Promise<typeof real>, []>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(real);
    const api = lazyApi(load);
    await expect(api.ping()).rejects.toThrow('offline');
    await expect(api.ping()).resolves.toBe('pong');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
