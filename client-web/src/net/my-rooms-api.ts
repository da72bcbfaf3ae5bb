// POST /api/my-rooms: the seats this browser keeps, summarised by the server (any server
// of a cluster answers it from the shared store). At most 100 seats a request.
import { parseMyRooms, type MyRoomsAnswer } from '../state/my-rooms';
import { ApiError } from './records-api';

export const MAX_SEATS_PER_REQUEST = 100;

export async function fetchMyRooms(seats: readonly { room: string; token: string }[]): Promise<MyRoomsAnswer> {
  const answer: MyRoomsAnswer = { rooms: [], unknown: [] };
  for (let i = 0; i < seats.length; i += MAX_SEATS_PER_REQUEST) {
    const r = await fetch('/api/my-rooms', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ seats: seats.slice(i, i + MAX_SEATS_PER_REQUEST) }),
      cache: 'no-store',
    });
    if (!r.ok) throw new ApiError(r.status);
    const part = parseMyRooms(await r.json());
    if (!part) throw new ApiError(0);
    answer.rooms.push(...part.rooms);
    answer.unknown.push(...part.unknown);
  }
  return answer;
}
