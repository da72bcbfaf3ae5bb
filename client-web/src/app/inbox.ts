// The server's messages, each checked at the edge (protocol/parse.ts) and handed to the
// one handler for its type. Room events go on to the room reducer; the rest are the
// application's own (welcome, room lists, join answers, errors, acks).
import { parseConditionals, parseError, parseEvent, parseWelcome } from '../protocol/parse';
import { parseAnalysisEvent } from '../protocol/analysis';
import type { AnalysisEvent, Conditionals, ErrorMsg, PublicRoom, ReviewHint, ReviewRecord, RoomEvent, VariantCheck, Welcome } from '../protocol/messages';

export interface Inbox {
  welcome(w: Welcome): void;
  rooms(list: PublicRoom[]): void;
  // room_created (`created`) or joined: the room and this browser's seat token, if any.
  // `inRoom`: this connection is in the room now. A room_created without a `role` (several
  // servers: the room lives on the server its own URL leads to) leaves the connection
  // outside: the client connects to the room's URL and joins with the token.
  entered(room: string, token: string | null, created: boolean, inRoom: boolean): void;
  // The one-time code that moves this player's seat to another device.
  deviceLink(code: string): void;
  error(e: ErrorMsg): void;
  // Protocol 2 answers a move with its own move event; an ack with a move_id is the
  // answer to a resend the server had already applied.
  ack(moveId: string | null, re?: unknown): void;
  event(ev: RoomEvent): void;
  // The answer to check_variant (the host's own fairy-chess definition).
  variantCheck?(v: VariantCheck): void;
  // The answer to review_save: the review's record, to download.
  reviewRecord?(r: ReviewRecord): void;
  reviewHint?(h: ReviewHint): void;
  // Where the computer's analysis of a game stands (to everyone in the room).
  analysis?(a: AnalysisEvent): void;
  // This player's own conditional moves, as the server keeps them now.
  conditionals?(c: Conditionals): void;
}

export function dispatch(m: Record<string, unknown>, to: Inbox): void {
  switch (m.type) {
    case 'welcome': {
      const w = parseWelcome(m);
      if (w) to.welcome(w);
      return;
    }
    case 'rooms':
      to.rooms(Array.isArray(m.rooms) ? (m.rooms as PublicRoom[]) : []);
      return;
    case 'room_created':
    case 'joined':
      to.entered(String(m.room ?? ''), typeof m.token === 'string' ? m.token : null, m.type === 'room_created',
        m.type === 'joined' || typeof m.role === 'string');
      return;
    case 'device_link':
      if (typeof m.code === 'string') to.deviceLink(m.code);
      return;
    case 'error': {
      const e = parseError(m);
      if (e) to.error(e);
      return;
    }
    case 'ack':
      to.ack(typeof m.move_id === 'string' ? m.move_id : null, m.re);
      return;
    case 'pong':
      return;
    case 'review_record':
      if (typeof m.text === 'string' && typeof m.filename === 'string') to.reviewRecord?.(m as unknown as ReviewRecord);
      return;
    case 'review_hint':
      if (typeof m.move === 'string' && typeof m.node === 'number' && typeof m.score === 'number') to.reviewHint?.(m as unknown as ReviewHint);
      return;
    case 'analysis': {
      const a = parseAnalysisEvent(m);
      if (a) to.analysis?.(a);
      else console.warn('dropped a malformed message', m.type);
      return;
    }
    case 'conditionals': {
      const c = parseConditionals(m);
      if (c) to.conditionals?.(c);
      else console.warn('dropped a malformed message', m.type);
      return;
    }
    case 'variant_check':
      if (typeof m.ok === 'boolean') to.variantCheck?.(m as unknown as VariantCheck);
      return;
    default: {
      const ev = parseEvent(m);
      if (ev) to.event(ev);
      else console.warn('dropped a malformed message', m.type);
    }
  }
}
