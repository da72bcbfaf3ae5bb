import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, heldSeats } from '../src/net/web-push';

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
