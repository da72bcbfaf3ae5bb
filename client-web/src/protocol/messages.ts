// The protocol's messages as the client reads and writes them (docs/protocol.md, v2).
// Everything from the server is checked loosely at the edge (see parse.ts): unknown
// fields are ignored, a message of a known type with a wrong shape is dropped.
export const PROTOCOL_VERSION = 2;

export type Clock =
  | { kind: 'none' }
  | { kind: 'fischer'; base_ms: number; increment_ms: number }
  | { kind: 'byoyomi'; base_ms: number; period_ms: number; periods: number }
  // Days per move: every move gives the mover the whole time back.
  | { kind: 'correspondence'; days: number };

export interface RoomOptions {
  game: string;
  clock: Clock;
  side: 'first' | 'second' | 'random';
  takebacks: boolean;
  spectators: boolean;
  public: boolean;
  handicap?: string; // shogi: the server's handicap id; the giver (seat 1) moves first
  position?: string; // the start in the game's own notation (SFEN, FEN, ...)
  rematch_sides?: 'swap' | 'keep';
  // game "custom": the host's variants.ini definition and the section played.
  variant?: string;
  variant_name?: string;
  computer?: { level: number } | null; // a game against the computer (docs/engine.md)
}

export interface ClockState {
  kind: Clock['kind'];
  remaining_ms: [number, number];
  periods_left: [number, number];
  running: 0 | 1 | null;
  server_time_ms: number;
  // The first-move countdown of a timed game (docs/protocol.md): the seat that must make
  // its first move by `deadline_ms` (server time) or see the game aborted; null otherwise.
  first_move?: { seat: 0 | 1; deadline_ms: number } | null;
}

export interface MoveEntry {
  move: string;
  display: string;
}

export interface PlayerInfo {
  name: string;
  connected: boolean;
  seat: 0 | 1;
  gone_since_ms?: number;
  claim_at_ms?: number;
  computer?: { level: number }; // the computer holds this place
}

export interface GameInfoMsg {
  id: string;
  name: string;
  sides: [string, string];
  side_letters: [string, string];
  hidden_information: boolean;
  // The board: its size, how its squares are written ('letter_number': e4,
  // 'digit_letter': 7g), whether captured pieces go to a hand, the move notation ('usi',
  // 'uci' or the game's own) and the kind of board it is drawn on (BoardKind).
  files?: number;
  ranks?: number;
  squares?: 'letter_number' | 'digit_letter';
  hands?: boolean;
  notation?: string;
  board?: string;
  clocks?: string[];
  record_formats?: string[]; // formats of the game-record download (welcome only)
  computer?: boolean; // the computer opponent plays it (welcome only)
  variant?: VariantInfo; // fairy-chess variants: how to draw the board and its pieces
  // Fairy-chess variants: the home page's group ('chess' variants, 'drops', 'shogi'
  // variants, 'asian' chess, 'small' boards).
  family?: 'chess' | 'drops' | 'shogi' | 'asian' | 'small';
}

// A fairy-chess piece: its moves from white's side (dy > 0 towards black) as leaps and
// rides, each moving ('m'), capturing ('c') or both ('mc'); max_steps 0 is unlimited.
export interface VariantPiece {
  letter: string;
  name: string;
  pawn: boolean;
  royal: boolean;
  leaps: [number, number, string][];
  rides: [number, number, number, string][];
}

export interface VariantInfo {
  name: string;
  files: number;
  ranks: number;
  start_fen: string;
  chess960: boolean;
  promotion_pieces: string;
  promoted_types?: Record<string, string>; // promotedPieceType pairs, e.g. {"r": "q"}
  template?: string; // variantTemplate, when set: the board that draws it (e.g. "shogi")
  piece_to_char_table?: string; // pieceToCharTable, when set
  pieces: VariantPiece[];
  // Hands and the moves that use them. `hand`: the letters a pocket may hold, in the order
  // pockets show them (absent: no hands). `drops`: pieces in hand are dropped ("N@e4",
  // "+P@a2" dropped promoted); `gating`: a piece leaving its first rank may gate one from
  // the hand on the square it left ("b1c3e"; castling gates from the rook, "h1e1h").
  hand?: string;
  drops?: boolean;
  gating?: boolean;
  // Moves that also place a wall ("e2e4,e4d5": the move, then from its destination to the
  // wall square): Fairy-Stockfish's wallingRule ("duck", "arrow", "past", "edge").
  // Walls are '*' in the FEN.
  walling?: string;
  // A side may pass (janggi): written as the king's move to its own square ("e2e2").
  pass?: boolean;
  // How the board is drawn: 'chess' (checkered squares), 'xiangqi' (pieces on the points,
  // palaces and the river), 'janggi' (points and palaces, no river) or 'shogi' (plain
  // squares, pieces pointing at the other side).
  board_style?: 'chess' | 'xiangqi' | 'janggi' | 'shogi';
  palace?: string[]; // the squares of both palaces (drawn with their diagonals)
  river?: number; // the river runs above this many ranks from White's side
}

// The answer to check_variant.
export interface VariantCheck {
  type: 'variant_check';
  re?: number | string;
  ok: boolean;
  variant?: VariantInfo;
  error?: { line: number; key: string; message: string };
}

// One line of the public room list (`rooms`).
export interface PublicRoom {
  room: string;
  game: string;
  host: string;
  clock: Clock;
}

export interface ChatLine {
  from: string;
  player: 0 | 1 | null;
  channel: 'players' | 'spectators';
  text: string;
  time_ms: number;
}

export type ResultKind = 'win' | 'lose' | 'draw' | 'aborted';

export interface GameResult {
  result: ResultKind;
  winner: 0 | 1 | null;
  winner_side?: string;
  reason: string;
}

export type Offers = {
  draw: 0 | 1 | null;
  takeback: 0 | 1 | null;
  rematch: 0 | 1 | null;
  computer?: { seat: 0 | 1; level: number } | null; // a seat offered to the computer
};

// One side's impasse (入玉) count, as the server's rules core counts it (9x9 shogi only).
export interface ImpasseSide {
  king_in_camp: boolean;
  pieces: number; // pieces in the enemy camp, the king not counted
  points: number; // those pieces and the hand: rook, bishop and their promotions 5, others 1
  needed: number; // what a declaration needs: 28 Black, 27 White
}
export interface ImpasseCounts {
  black: ImpasseSide;
  white: ImpasseSide;
}

export interface Snapshot {
  type: 'snapshot';
  version: number;
  server_time_ms: number;
  room: string;
  you: { role: 'player' | 'spectator'; player?: 0 | 1; seat?: 0 | 1 };
  host: 0 | 1;
  options: RoomOptions;
  players: PlayerInfo[];
  spectators: number;
  score: [number, number];
  game_no: number;
  game: GameInfoMsg;
  status: 'waiting' | 'playing' | 'over';
  // Both players left (or the server restarted): clocks stopped, nothing decided, until
  // both are back (docs/rules/play.md). Absent from older servers.
  adjourned?: boolean;
  initial_position: string;
  position: string;
  moves: MoveEntry[];
  to_move: 0 | 1;
  in_check: boolean;
  legal_moves: string[];
  clock: ClockState | null;
  offers: Offers;
  result: GameResult | null;
  chat: ChatLine[];
  impasse?: ImpasseCounts; // 9x9 shogi only
  review?: ReviewEvent | null; // the open review (感想戦) of the finished game
  analysis?: AnalysisStatus | null; // the analysis of the room's last game (or of game 0)
  conditionals?: Conditionals | null; // this player's own conditional moves, if any
}

export interface MoveEvent {
  type: 'move';
  version: number;
  ply: number;
  seat: 0 | 1;
  move: string;
  display: string;
  position: string;
  to_move: 0 | 1;
  in_check: boolean;
  legal_moves: string[];
  clock: ClockState | null;
  impasse?: ImpasseCounts; // 9x9 shogi only
}

export interface GameOverEvent extends GameResult {
  type: 'game_over';
  version: number;
  position: string;
  moves: MoveEntry[];
  clock: ClockState | null;
  score: [number, number];
}

export interface OfferEvent {
  type: 'offer';
  version: number;
  kind: 'draw' | 'takeback' | 'rematch' | 'computer';
  seat: 0 | 1;
  level?: number; // kind 'computer'
  state: 'made' | 'declined' | 'withdrawn' | 'accepted';
}

export interface PresenceEvent {
  type: 'presence';
  version: number;
  player: 0 | 1 | null;
  seat?: 0 | 1;
  name?: string;
  connected?: boolean;
  gone_since_ms?: number;
  claim_at_ms?: number;
  spectators?: number;
  computer?: { level: number };
}

export interface OptionsEvent {
  type: 'options';
  version: number;
  options: RoomOptions;
}

export interface ChatEvent extends ChatLine {
  type: 'chat';
  version: number;
}

// The review (感想戦) of the finished game (docs/protocol.md, "Review"): the whole
// variation tree and the position at the node everyone looks at; only `open` etc. when closed.
export type ReviewBrush = 'green' | 'red' | 'blue' | 'yellow';
export interface ReviewShape {
  orig: string;
  dest?: string; // absent: a circle
  brush: ReviewBrush;
}
export interface ReviewNode {
  id: number;
  parent: number;
  move: string;
  display: string;
  children: number[]; // main line first
}
// A node a change adds: appended to its parent's children (docs/protocol.md).
export interface ReviewAddedNode {
  id: number;
  parent: number;
  move: string;
  display: string;
}
// The whole review (with `nodes`), or, with `base`, the change since the review event of
// version `base`: the nodes added and only the fields that changed.
export interface ReviewEvent {
  type: 'review';
  version: number;
  open: boolean;
  game_no: number;
  by: 0 | 1 | null;
  base?: number;
  added?: ReviewAddedNode[];
  nodes?: ReviewNode[];
  current?: number;
  ply?: number;
  position?: string;
  to_move?: 0 | 1;
  in_check?: boolean;
  last_move?: string;
  legal_moves?: string[];
  shapes?: ReviewShape[];
  spectators_may_drive?: boolean;
  // A record brought into the room (game_no 0): its file's name, the format read and the
  // game it is of, whose board the review shows (maybe not the room's game).
  imported?: ImportedFacts;
}
export interface ImportedFacts {
  name: string;
  format: string;
  game: string;
}
// The answer to review_save: the review as a record to download.
export interface ReviewRecord {
  type: 'review_record';
  format: string;
  filename: string;
  text: string;
}

// The answer to review_hint, to the asker only: the engine's best move at review node `node`
// and its evaluation for the side to move there (about 100 a pawn; ±31000 near a forced
// win; for a solved reversi endgame, the final disc difference).
export interface ReviewHint {
  type: 'review_hint';
  node: number;
  move: string;
  display: string;
  score: number;
  solved: boolean;
  depth: number;
  level: number;
}

export type RoomEvent = Snapshot | MoveEvent | GameOverEvent | OfferEvent | PresenceEvent | OptionsEvent | ChatEvent | ReviewEvent;

export interface Welcome {
  type: 'welcome';
  server: string;
  protocol: number;
  server_time_ms: number;
  games: GameInfoMsg[];
  limits?: Record<string, number>;
}

export interface ErrorMsg {
  type: 'error';
  re?: number | string;
  code: string;
  message: string;
  line?: number; // bad_record: the line of the record refused (0: the whole text)
}

// The computer's analysis of a whole game (docs/protocol.md, "Analysis"). Evaluations are
// from the first player's view (seat 0); `win` is that player's winning chance 0..1.
export type AnalysisFamily = 'chess' | 'shogi' | 'reversi' | 'hasami' | 'dogcat' | 'fairy';
export type MoveClass = 'inaccuracy' | 'mistake' | 'blunder';
export interface AnalysisPosition {
  ply: number;
  eval: number;
  mate: number | null; // plies to a forced win: + the first player wins, - loses
  win: number;
  best: string | null; // null at the game's end
  best_display: string | null;
  line: string[]; // the engine's line from here, display notation
}
export interface AnalysisMove {
  ply: number;
  side: 0 | 1;
  move: string;
  display: string;
  loss: number; // the drop in the mover's winning chance, 0..1
  class: MoveClass | null;
}
export interface AnalysisSummary {
  side: 0 | 1;
  inaccuracy: number;
  mistake: number;
  blunder: number;
  average_loss: number; // engine units
}
export interface Analysis {
  level: number;
  family: AnalysisFamily | string;
  positions: AnalysisPosition[]; // index = ply
  moves: AnalysisMove[]; // moves[i]: from positions[i] to positions[i + 1]
  summary: AnalysisSummary[];
}
// Where an analysis stands: the `analysis` event, and the snapshot's `analysis`.
export interface AnalysisStatus {
  game_no: number; // 0: the record brought into the room
  state: 'queued' | 'running' | 'done' | 'failed' | 'none'; // none: gone (game 0: another record brought in)
  done: number;
  total: number;
  analysis: Analysis | null;
  reason?: string;
}
export interface AnalysisEvent extends AnalysisStatus {
  type: 'analysis';
  version?: number; // the room's event version, when the server numbers it among the room's events
}

// A player's own conditional moves (correspondence games): lines of moves, their move
// first, left when `ply` plies had been played. Only ever sent to that player.
export interface Conditionals {
  game_no?: number;
  ply: number;
  lines: string[][];
}
