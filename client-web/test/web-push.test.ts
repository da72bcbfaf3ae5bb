import { afterEach, describe, expect, it, vi } from 'vitest';
import { base64UrlToBytes, heldSeats, subscribeNewSeat } from '../src/net/web-push';

class MemoryStorage {
  private readonly map = new Map<string, string>();
  get length(): number { return this.map.size; }
  key(i: number): string | null { return [...this.map.keys()][i] ?? null; }
  getItem(k: string): string | null { return this.map.get(k) ?? null; }
  setItem(k: string, v: string): void { this.map.set(k, v); }
  removeItem(k: string): void { this.map.delete(k); }
  clear(): void { this.map.clear(); }
}

describe('web push helpers', () => {
  it('lists the seats this browser holds and nothing else', () => {
    const s = new MemoryStorage();
    s.setItem('banmen.token.AbCdEfGh12', 'tok1');
    s.setItem('banmen.token.bad id!', 'tok2');
    s.setItem('banmen.name', 'Hanako');
    expect(heldSeats(s as unknown as Storage)).toEqual([{ room: 'AbCdEfGh12', token: 'tok1' }]);
  });
  it('decodes base64url keys without padding', () => {
    expect([...base64UrlToBytes('_-8')]).toEqual([0xff, 0xef]);
    expect(base64UrlToBytes('BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8').length).toBe(65);
  });
});

describe('a seat taken while push is on', () => {
  afterEach(() => { vi.unstubAllGlobals(); });

  function stubBrowser(subscription: object | null) {
    const posts: { url: string; body: unknown }[] = [];
    vi.stubGlobal('window', { PushManager: class {}, Notification: class {} });
    vi.stubGlobal('navigator', {
      serviceWorker: {
        getRegistration: () => Promise.resolve({
          pushManager: { getSubscription: () => Promise.resolve(subscription && { toJSON: () => subscription }) },
        }),
      },
    });
    vi.stubGlobal('fetch', (url: string, init: { body: string }) => {
      posts.push({ url, body: JSON.parse(init.body) });
      return Promise.resolve({ ok: true });
    });
    return posts;
  }

  it('hands the existing subscription to the server for the new seat', async () => {
    const sub = { endpoint: 'https://push.example.net/x', keys: { p256dh: 'BP4z', auth: 'tBHI' } };
    const posts = stubBrowser(sub);
    await subscribeNewSeat({ room: 'AbCdEfGh12', token: 'tok1' });
    expect(posts).toEqual([{ url: '/api/push/subscribe', body: { room: 'AbCdEfGh12', token: 'tok1', subscription: sub } }]);
  });

  it('sends nothing while push is off', async () => {
    const posts = stubBrowser(null);
    await subscribeNewSeat({ room: 'AbCdEfGh12', token: 'tok1' });
    expect(posts).toEqual([]);
  });
});
