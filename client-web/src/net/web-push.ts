// Notifications with the page closed (docs/client.md): where the server has Web Push keys
// (GET /api/push/key), the browser subscribes to its push service through the service
// worker /sw.js and hands the subscription to the server for every seat it holds.
import { isRoomId } from '../state/session';

const TOKEN_PREFIX = 'banmen.token.';

export interface Seat {
  room: string;
  token: string;
}

export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator &&
    typeof window !== 'undefined' && 'PushManager' in window && 'Notification' in window;
}

// The server's public key, or null where it has none or cannot be reached.
export async function fetchPushKey(): Promise<string | null> {
  try {
    const res = await fetch('/api/push/key', { cache: 'no-store' });
    if (!res.ok) return null;
    const body = (await res.json()) as { public_key?: unknown };
    return typeof body.public_key === 'string' ? body.public_key : null;
  } catch {
    return null;
  }
}

// Every seat this browser holds (the tokens session.ts keeps).
export function heldSeats(storage: Storage): Seat[] {
  const seats: Seat[] = [];
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (!key?.startsWith(TOKEN_PREFIX)) continue;
    const room = key.slice(TOKEN_PREFIX.length);
    const token = storage.getItem(key);
    if (isRoomId(room) && token) seats.push({ room, token });
  }
  return seats;
}

export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

async function post(path: string, body: unknown): Promise<boolean> {
  try {
    const res = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    return res.ok;
  } catch {
    return false;
  }
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

// Subscribes (asking for the leave to notify) and registers the subscription for each seat.
// True when at least one seat took it.
export async function enablePush(key: string, seats: Seat[]): Promise<boolean> {
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const reg = await registration();
  const sub = (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(key) }));
  const subscription = sub.toJSON();
  const results = await Promise.all(seats.map((s) => post('/api/push/subscribe', { room: s.room, token: s.token, subscription })));
  if (results.some(Boolean)) return true;
  // No seat took it (none held, or the server refused): no subscription is left behind.
  await sub.unsubscribe();
  return false;
}

// Withdraws the subscription from every seat, then from the push service.
export async function disablePush(seats: Seat[]): Promise<void> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (!sub) return;
  await Promise.all(seats.map((s) => post('/api/push/unsubscribe', { room: s.room, token: s.token, endpoint: sub.endpoint })));
  await sub.unsubscribe();
}

// True when this browser has a push subscription now.
export async function pushActive(): Promise<boolean> {
  const reg = await navigator.serviceWorker.getRegistration('/');
  return !!(await reg?.pushManager.getSubscription());
}

// A seat taken after push was turned on: this browser's subscription is handed to the
// server for it too. Nothing when push is off or unsupported; failures are silent (the
// switch in the settings shows the state and can be turned on again).
export async function subscribeNewSeat(seat: Seat): Promise<void> {
  if (!pushSupported()) return;
  try {
    const reg = await navigator.serviceWorker.getRegistration('/');
    const sub = await reg?.pushManager.getSubscription();
    if (!sub) return;
    await post('/api/push/subscribe', { room: seat.room, token: seat.token, subscription: sub.toJSON() });
  } catch {
    // Nothing to do: see above.
  }
}
