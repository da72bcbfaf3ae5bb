#include "fairy/notation.h"

#include <cctype>

#include "fairy/fen.h"

namespace banmen::fairy {
namespace {

// The square a move walls, or a1 where it walls none (Fairy-Stockfish's square 0).
std::string wall_name(Move m) {
  return square_name(wall_square(m) ? wall_square(m) : square_of(0, 0));
}

// A piece type's upper-case letter in SAN: its synonym, unless the FEN letter is asked for.
char san_letter(const Rules& r, int type, bool fen_letters) {
  const PieceRules& t = r.types[type];
  const char lower = t.synonym && !fen_letters ? t.synonym : t.letter;
  return static_cast<char>(std::toupper(static_cast<unsigned char>(lower)));
}

}  // namespace

std::string uci_move(const Position& pos, Move m) {
  const Rules& r = pos.rules();
  if (m.kind == MoveKind::drop) {
    // P@e4; a piece dropped as its promoted type is '+' and the letter in hand (+P@e4).
    std::string out;
    if (m.promotion != m.from) out.push_back('+');
    out.push_back(static_cast<char>(std::toupper(r.types[m.from].letter)));
    out.push_back('@');
    out.append(square_name(m.to));
    return out;
  }
  int from = m.from, to = m.to;
  if (gates_piece(m) && gate_square(m) == m.to) {
    // Castling that gates on the rook's square is written from the rook to the king.
    from = m.to;
    to = m.from;
  } else if (m.kind == MoveKind::castling && !r.chess960) {
    to = square_of(m.to > m.from ? r.castling_kingside_file : r.castling_queenside_file,
                   rank_of(m.from));
    // Where the king could also step to its destination by a plain move (a castling king
    // that moves one file, on any board), the plain move keeps that text and castling is
    // written as the king taking its rook, as Fairy-Stockfish writes it.
    if (pos.plain_move_pseudo_legal(m.from, to)) to = m.to;
  }
  std::string out = square_name(from) + square_name(to);
  if (m.kind == MoveKind::promotion) out += r.types[m.promotion].letter;
  if (m.kind == MoveKind::piece_promotion) out += '+';
  if (m.kind == MoveKind::piece_demotion) out += '-';
  // A gated piece: its letter, and its square when it is not the square written first.
  if (gates_piece(m)) {
    out += r.types[gate_type(m)].letter;
    if (gate_square(m) != from) out += square_name(gate_square(m));
  }
  // Walls: every move of a walling variant ends with ',', the square written second and the
  // wall's square (a1 for a move that walls none, with wallOrMove), as Fairy-Stockfish
  // writes it: e2e4,e4d5; a wall pass a1a1,a1a3.
  if (r.walling != Walling::none) out += ',' + square_name(to) + wall_name(m);
  return out;
}

bool find_uci_move(const Position& pos, std::string_view text, Move& out) {
  if (text.size() > 16) return false;
  MoveList moves;
  pos.legal_moves(moves);
  for (const Move& m : moves)
    if (uci_move(pos, m) == text) {
      out = m;
      return true;
    }
  return false;
}

std::string san_move(Position& pos, Move m, bool fen_letters) {
  const Rules& r = pos.rules();
  std::string out;
  const int type = m.kind == MoveKind::drop ? m.promotion : cell_type(pos.at(m.from));
  if (m.kind == MoveKind::drop) {
    // Fairy-Stockfish's SAN of a drop: the dropped piece's letter (a pawn's too), '@' and the
    // square; drops are never ambiguous.
    out.push_back(san_letter(r, type, fen_letters));
    out.push_back('@');
    out.append(square_name(m.to));
  } else if (m.kind == MoveKind::castling) {
    out = m.to > m.from ? "O-O" : "O-O-O";
    // Fairy-Stockfish's SAN of castling with a gate: the piece and the gate's square.
    if (gates_piece(m))
      out +=
          std::string("/") + san_letter(r, gate_type(m), fen_letters) + square_name(gate_square(m));
  } else {
    const bool capture =
        m.kind != MoveKind::pass &&
        ((pos.at(m.to) != empty_cell && m.to != m.from) || m.kind == MoveKind::en_passant);
    if (type == r.pawn) {
      if (capture) out += static_cast<char>('a' + file_of(m.from));
      // A sittuyin promotion onto another square names the pawn's square (d5c4=F).
      if (!capture && r.sittuyin_promotion && m.kind == MoveKind::promotion && m.from != m.to)
        out += square_name(m.from);
    } else {
      out += san_letter(r, type, fen_letters);
      // Disambiguate among same pieces that reach the same square: by file, by rank, or both.
      MoveList moves;
      pos.legal_moves(moves);
      bool clash = false, same_file = false, same_rank = false;
      for (const Move& o : moves) {
        // Only the same move from another square counts, as Fairy-Stockfish compares them:
        // of the same kind (a piece that could only promote there does not make a plain
        // move ambiguous), to the same promoted type, with the same wall or the same gate on
        // the same square (a gate is on the square its piece leaves, so a gating move is
        // never ambiguous).
        if (o.to != m.to || o.from == m.from || o.kind != m.kind || o.gate != m.gate ||
            (m.kind == MoveKind::promotion && o.promotion != m.promotion) ||
            pos.at(o.from) != pos.at(m.from))
          continue;
        clash = true;
        same_file |= file_of(o.from) == file_of(m.from);
        same_rank |= rank_of(o.from) == rank_of(m.from);
      }
      if (clash) {
        if (!same_file)
          out += static_cast<char>('a' + file_of(m.from));
        else if (!same_rank)
          out += std::to_string(rank_of(m.from) + 1);
        else
          out += square_name(m.from);
      }
    }
    if (capture) out += 'x';
    out += square_name(m.to);
    // A piece promotion (demotion) is written like a pawn's, with the new type's letter.
    if (m.kind == MoveKind::promotion || m.kind == MoveKind::piece_promotion ||
        m.kind == MoveKind::piece_demotion)
      out += std::string("=") + san_letter(r, m.promotion, fen_letters);
    if (gates_piece(m)) out += std::string("/") + san_letter(r, gate_type(m), fen_letters);
  }
  // The wall's square (a1 for none), as Fairy-Stockfish writes it: Nf3,e4.
  if (r.walling != Walling::none) out += ',' + wall_name(m);
  // Whether the move checks is judged without its wall, as Fairy-Stockfish judges it (a
  // wall that shields the king still leaves a '+'); mate with it.
  bool check = false;
  if (wall_square(m)) {
    Move unwalled = m;
    unwalled.gate = 0;
    pos.make(unwalled);
    check = pos.in_check();
    pos.unmake();
  }
  pos.make(m);
  if (check || (!wall_square(m) && pos.in_check())) {
    MoveList replies;
    pos.legal_moves(replies);
    out += replies.size == 0 ? '#' : '+';
  }
  pos.unmake();
  return out;
}

std::uint64_t perft(Position& pos, int depth) {
  MoveList moves;
  pos.legal_moves(moves);
  if (depth <= 1) return depth == 1 ? static_cast<std::uint64_t>(moves.size) : 1;
  std::uint64_t nodes = 0;
  for (const Move& m : moves) {
    pos.make(m);
    nodes += perft(pos, depth - 1);
    pos.unmake();
  }
  return nodes;
}

}  // namespace banmen::fairy
