// Reads the room's records API over HTTP: a game's positions (the replay) and the room's
// series (every page of it). A player sends their seat token as `Authorization: Bearer`,
// so a room without spectators answers them and a game in progress is their own view.
// The API has a budget per address (429/503 with Retry-After): a few bounded retries.
import { parsePositions, parseSeries, type PositionsAnswer, type RoomInvite, type SeriesAnswer } from '../protocol/positions';

const RETRIES = 3;
const MAX_PAGES = 20; // 200 games a page: a series longer than 4000 games shows its start

export class ApiError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

async function getJson(url: string, token: string | null): Promise<unknown> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  for (let attempt = 0; ; attempt++) {
    const r = await fetch(url, { headers, cache: 'no-store' });
    if ((r.status === 429 || r.status === 503) && attempt < RETRIES) {
      const wait = Math.min(5, Number(r.headers.get('Retry-After')) || 1);
      await new Promise((res) => setTimeout(res, wait * 1000));
      continue;
    }
    if (!r.ok) throw new ApiError(r.status);
    return r.json();
  }
}

export async function fetchPositions(room: string, gameNo: number, token: string | null): Promise<PositionsAnswer> {
  const a = parsePositions(await getJson(`/api/rooms/${encodeURIComponent(room)}/games/${gameNo}/positions`, token));
  if (!a) throw new ApiError(0);
  return a;
}

// Every page of the series, oldest game first.
export async function fetchSeries(room: string, token: string | null): Promise<SeriesAnswer> {
  let url: string | null = `/api/rooms/${encodeURIComponent(room)}/games?limit=200`;
  let all: SeriesAnswer | null = null;
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const a = parseSeries(await getJson(url, token));
    if (!a) throw new ApiError(0);
    all = all ? { ...a, games: [...all.games, ...a.games] } : a;
    url = a.next;
  }
  if (!all) throw new ApiError(0);
  return all;
}

// What a link's visitor is told before joining: the room's game, clock, host and free
// seats (one small page of the series; null when the room cannot be read).
export async function fetchInvite(room: string): Promise<RoomInvite | null> {
  try {
    const a = parseSeries(await getJson(`/api/rooms/${encodeURIComponent(room)}/games?limit=1`, null));
    return a?.invite ?? null;
  } catch {
    return null;
  }
}
