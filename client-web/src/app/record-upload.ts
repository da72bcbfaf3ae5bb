// Bringing a record into the room (review_import): the text goes in parts, each sent once
// the server acknowledged the one before, so the room gets them in order, the progress can
// be shown, and a refusal stops the upload at once. Answers are paired by their `re`.
import type { ErrorMsg } from '../protocol/messages';

// The server's limits (docs/protocol.md, "Bringing a record in").
export const MAX_RECORD_BYTES = 256 * 1024;
// Room left in a part's message for its other fields and JSON's quotes and escapes.
const PART_OVERHEAD = 512;

export type UploadOutcome =
  | { ok: true }
  | { ok: false; code: string; message: string; line: number };

// The text's size as the server counts it: UTF-8 bytes.
export function recordBytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

// `text` cut into parts whose JSON string (escapes included) stays within `budget` bytes,
// never inside a character. At least one part, empty for an empty text.
export function recordParts(text: string, budget: number): string[] {
  const parts: string[] = [];
  let start = 0;
  let size = 0;
  let i = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const cost = c === 0x22 || c === 0x5c ? 2 : c < 0x20 ? (c === 10 || c === 13 || c === 9 ? 2 : 6)
      : c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
    if (size + cost > budget && i > start) {
      parts.push(text.slice(start, i));
      start = i;
      size = 0;
    }
    size += cost;
    i += ch.length;
  }
  parts.push(text.slice(start));
  return parts;
}

export class RecordUpload {
  private waiting: { re: number; settle: (answer: ErrorMsg | null) => void } | null = null;

  // `ask` sends a request and returns its id (null when not sent); `maxMessageBytes` is the
  // server's WebSocket limit (welcome).
  constructor(
    private readonly ask: (msg: Record<string, unknown>) => number | null,
    private readonly maxMessageBytes: () => number,
  ) {}

  // Sends `text` part by part; `progress` hears (parts acknowledged, parts in all).
  async send(text: string, format: string, name: string, progress: (done: number, of: number) => void): Promise<UploadOutcome> {
    const parts = recordParts(text, Math.max(1024, this.maxMessageBytes() - PART_OVERHEAD - recordBytes(name)));
    for (let part = 0; part < parts.length; part++) {
      const answer = await this.answerTo(this.ask({ type: 'review_import', format, name, part, parts: parts.length, text: parts[part] }));
      if (answer) return { ok: false, code: answer.code, message: answer.message, line: typeof answer.line === 'number' ? answer.line : 0 };
      progress(part + 1, parts.length);
    }
    return { ok: true };
  }

  // An ack from the server; true when it answers the part waited for.
  acked(re: unknown): boolean {
    if (!this.waiting || re !== this.waiting.re) return false;
    this.settle(null);
    return true;
  }

  // An error from the server; true when it refused the part waited for (then the dialog says
  // why, and nothing else should).
  refused(e: ErrorMsg): boolean {
    if (!this.waiting || e.re !== this.waiting.re) return false;
    this.settle(e);
    return true;
  }

  // The connection dropped: the upload cannot go on.
  lost(): void {
    if (this.waiting) this.settle({ type: 'error', code: 'connection_lost', message: '' });
  }

  private answerTo(re: number | null): Promise<ErrorMsg | null> {
    if (re === null) return Promise.resolve({ type: 'error', code: 'connection_lost', message: '' });
    return new Promise((settle) => { this.waiting = { re, settle }; });
  }

  private settle(answer: ErrorMsg | null): void {
    const w = this.waiting;
    this.waiting = null;
    w?.settle(answer);
  }
}
