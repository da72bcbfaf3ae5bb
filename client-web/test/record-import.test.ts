// Bringing a record in, the client's side: the text cut into parts that fit a WebSocket
// message (never inside a character), parts sent one after another's ack and a refusal
// ending the upload with its line, file bytes read as UTF-8 or else Shift_JIS, the line of
// a refusal found in the text, and a review of a record brought in naming its game.
import { describe, expect, it } from 'vitest';
import { MAX_RECORD_BYTES, RecordUpload, recordBytes, recordParts } from '../src/app/record-upload';
import { decodeRecordFile, lineRange } from '../src/ui/import-dialog';
import { applyReviewEvent, reviewFromEvent, reviewGame } from '../src/state/review';
import type { ReviewEvent } from '../src/protocol/messages';

const jsonBytes = (s: string) => new TextEncoder().encode(JSON.stringify(s)).length - 2;

describe('recordParts', () => {
  it('keeps every part within the budget, escapes counted, and loses nothing', () => {
    const text = '手合割：平手\n"quoted"\\\u0001 ▲７六歩 😀'.repeat(400);
    const parts = recordParts(text, 1000);
    expect(parts.length).toBeGreaterThan(10);
    expect(parts.join('')).toBe(text);
    for (const p of parts) expect(jsonBytes(p)).toBeLessThanOrEqual(1000);
    // A surrogate pair is never cut.
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const p of parts) expect(lone.test(p)).toBe(false);
  });
  it('sends a small text as one part, and an empty one as one empty part', () => {
    expect(recordParts('1. e4 e5', 1000)).toEqual(['1. e4 e5']);
    expect(recordParts('', 1000)).toEqual(['']);
  });
  it('counts the size as the server does, in UTF-8 bytes', () => {
    expect(recordBytes('歩')).toBe(3);
    expect(MAX_RECORD_BYTES).toBe(262144);
  });
});

describe('RecordUpload', () => {
  it('sends each part after the ack of the one before and reports progress', async () => {
    const sent: Record<string, unknown>[] = [];
    const upload = new RecordUpload((m) => { sent.push(m); return sent.length; }, () => 2048);
    const seen: string[] = [];
    const done = upload.send('x'.repeat(3500), 'auto', 'a.pgn', (d, of) => seen.push(`${d}/${of}`));
    await Promise.resolve();
    expect(sent.length).toBe(1);
    expect(sent[0]).toMatchObject({ type: 'review_import', part: 0, parts: 3, format: 'auto', name: 'a.pgn' });
    expect(upload.acked(99)).toBe(false); // not the part waited for
    for (let i = 1; i <= 3; i++) {
      expect(upload.acked(i)).toBe(true);
      await new Promise((r) => setTimeout(r, 0));
    }
    expect(await done).toEqual({ ok: true });
    expect(sent.map((m) => m.part)).toEqual([0, 1, 2]);
    expect(seen).toEqual(['1/3', '2/3', '3/3']);
  });
  it('stops at a refusal and gives its line', async () => {
    const upload = new RecordUpload(() => 7, () => 32768);
    const done = upload.send('1. e4 e5 2. Ke3', 'pgn', '', () => {});
    await Promise.resolve();
    expect(upload.refused({ type: 'error', re: 6, code: 'bad_record', message: 'x' })).toBe(false);
    expect(upload.refused({ type: 'error', re: 7, code: 'bad_record', message: 'line 1: illegal', line: 1 })).toBe(true);
    expect(await done).toEqual({ ok: false, code: 'bad_record', message: 'line 1: illegal', line: 1 });
  });
  it('ends when the connection drops', async () => {
    const upload = new RecordUpload(() => 1, () => 32768);
    const done = upload.send('abc', 'auto', '', () => {});
    await Promise.resolve();
    upload.lost();
    expect((await done).ok).toBe(false);
  });
});

describe('decodeRecordFile', () => {
  it('reads UTF-8 (with or without a BOM) as UTF-8', () => {
    const utf8 = new TextEncoder().encode('変化：3手');
    expect(decodeRecordFile(utf8)).toBe('変化：3手');
    expect(decodeRecordFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toBe('変化：3手');
  });
  it('reads bytes that are not UTF-8 as Shift_JIS', () => {
    // 変化：3手 in Shift_JIS (iconv -t SHIFT_JIS)
    const sjis = new Uint8Array([0x95, 0xcf, 0x89, 0xbb, 0x81, 0x46, 0x33, 0x8e, 0xe8]);
    expect(decodeRecordFile(sjis)).toBe('変化：3手');
  });
});

describe('lineRange', () => {
  it('finds a line to select, 1-based', () => {
    const text = 'a\nbb\nccc';
    expect(lineRange(text, 2)).toEqual({ start: 2, end: 4 });
    expect(lineRange(text, 3)).toEqual({ start: 5, end: 8 });
    expect(lineRange(text, 4)).toBeNull();
    expect(lineRange(text, 0)).toBeNull();
  });
});

describe('a review of a record brought in', () => {
  const whole: ReviewEvent = {
    type: 'review', version: 5, open: true, game_no: 0, by: 0,
    nodes: [{ id: 0, parent: 0, move: '', display: '', children: [1] }, { id: 1, parent: 0, move: 'e2e4', display: 'e4', children: [] }],
    current: 0, ply: 0, position: 'start', to_move: 0, in_check: false, last_move: '', legal_moves: ['e2e4'], shapes: [],
    spectators_may_drive: false, imported: { name: 'a.pgn', format: 'pgn', game: 'chess' },
  };
  it('shows its own game, and keeps it through changes', () => {
    const r = reviewFromEvent(whole);
    expect(reviewGame(r, 'shogi')).toBe('chess');
    const next = applyReviewEvent(r, { type: 'review', version: 6, open: true, game_no: 0, by: 1, base: 5, current: 1, ply: 1, position: 'p', to_move: 1, in_check: false, last_move: 'e2e4', legal_moves: [] });
    expect(next.resync).toBe(false);
    expect(reviewGame(next.review, 'shogi')).toBe('chess');
    expect(reviewGame(reviewFromEvent({ ...whole, imported: undefined, game_no: 2 }), 'shogi')).toBe('shogi');
  });
});
