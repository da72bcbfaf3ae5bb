// The seat token of each room, kept in the browser so a reload or a dropped connection
// gets the same seat back. Also the nickname and small preferences.
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  // Enumeration, where the store has it (localStorage does): for the list of one's rooms.
  readonly length?: number;
  key?(index: number): string | null;
}

const TOKEN_PREFIX = 'banmen.token.';
const NAME_KEY = 'banmen.name';
const ROOM_ID = /^[A-Za-z0-9_-]{8,64}$/;

export function isRoomId(id: string): boolean {
  return ROOM_ID.test(id);
}

export class Session {
  // One-time device codes from a "continue on another device" link, by room: kept in
  // memory only and handed out once.
  private readonly deviceCodes = new Map<string, string>();

  constructor(private readonly store: KeyValueStore | null) {}

  offerDeviceCode(room: string, code: string): void {
    this.deviceCodes.set(room, code);
  }
  hasDeviceCode(room: string): boolean {
    return this.deviceCodes.has(room);
  }
  takeDeviceCode(room: string): string | null {
    const code = this.deviceCodes.get(room) ?? null;
    this.deviceCodes.delete(room);
    return code;
  }

  token(room: string): string | null {
    return this.store?.getItem(TOKEN_PREFIX + room) ?? null;
  }
  saveToken(room: string, token: string): void {
    this.store?.setItem(TOKEN_PREFIX + room, token);
  }
  // Every room this browser holds a seat token for, with the token.
  seats(): { room: string; token: string }[] {
    const s = this.store;
    const out: { room: string; token: string }[] = [];
    if (!s || typeof s.key !== 'function' || typeof s.length !== 'number') return out;
    for (let i = 0; i < s.length; i++) {
      const k = s.key(i);
      if (!k?.startsWith(TOKEN_PREFIX)) continue;
      const room = k.slice(TOKEN_PREFIX.length);
      const token = s.getItem(k);
      if (isRoomId(room) && token) out.push({ room, token });
    }
    return out.sort((a, b) => a.room.localeCompare(b.room));
  }
  // The store itself, for the small lists kept beside the tokens (state/my-rooms.ts).
  get storage(): KeyValueStore | null {
    return this.store;
  }
  forgetToken(room: string): void {
    this.store?.removeItem(TOKEN_PREFIX + room);
  }
  name(): string {
    return this.store?.getItem(NAME_KEY) ?? '';
  }
  saveName(name: string): void {
    const n = name.trim().slice(0, 32);
    if (n) this.store?.setItem(NAME_KEY, n);
  }
  pref(key: string): string | null {
    return this.store?.getItem('banmen.' + key) ?? null;
  }
  setPref(key: string, value: string): void {
    this.store?.setItem('banmen.' + key, value);
  }
}

// The room id in a share link path `/r/<id>`, or null.
export function roomFromPath(path: string): string | null {
  const m = /^\/r\/([^/?#]+)\/?$/.exec(path);
  return m && isRoomId(m[1]) ? m[1] : null;
}

// Storage that may be missing or refuse (private mode): fall back to memory.
export function safeStorage(): KeyValueStore {
  try {
    const s = globalThis.localStorage;
    const probe = 'banmen.probe';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    const m = new Map<string, string>();
    return {
      getItem: (k) => m.get(k) ?? null, setItem: (k, v) => void m.set(k, v), removeItem: (k) => void m.delete(k),
      get length() { return m.size; }, key: (i) => [...m.keys()][i] ?? null,
    };
  }
}
