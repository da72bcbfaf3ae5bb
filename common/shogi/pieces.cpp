#include "shogi/pieces.h"

namespace banmen::shogi {

namespace {

constexpr std::uint8_t bit(int d) {
  return std::uint8_t(1u << d);
}
constexpr std::uint8_t kOrth = bit(kN) | bit(kE) | bit(kS) | bit(kW);
constexpr std::uint8_t kDiag = bit(kNE) | bit(kSE) | bit(kSW) | bit(kNW);
constexpr std::uint8_t kGoldSteps = kOrth | bit(kNE) | bit(kNW);
constexpr std::uint8_t kSilverSteps = kDiag | bit(kN);

// Black's view: a mask rotated by half a turn is White's.
constexpr std::uint8_t rotate(std::uint8_t m) {
  return std::uint8_t((m << 4) | (m >> 4));
}

PieceTables build() {
  PieceTables t;
  struct Row {
    PieceType type;
    std::uint8_t step, slide;
  };
  const Row rows[] = {
      {kPawn, bit(kN), 0},        {kLance, 0, bit(kN)},        {kKnight, 0, 0},
      {kSilver, kSilverSteps, 0}, {kGold, kGoldSteps, 0},      {kBishop, 0, kDiag},
      {kRook, 0, kOrth},          {kKing, kOrth | kDiag, 0},   {kProPawn, kGoldSteps, 0},
      {kProLance, kGoldSteps, 0}, {kProKnight, kGoldSteps, 0}, {kProSilver, kGoldSteps, 0},
      {kHorse, kOrth, kDiag},     {kDragon, kDiag, kOrth},
  };
  for (const Row& r : rows) {
    Piece b = make_piece(kBlack, r.type), w = make_piece(kWhite, r.type);
    t.step[b] = r.step;
    t.slide[b] = r.slide;
    t.step[w] = rotate(r.step);
    t.slide[w] = rotate(r.slide);
    t.knight[b] = t.knight[w] = r.type == kKnight;
  }
  t.knight_delta[kBlack] = {2 * kDelta[kN] + kDelta[kW], 2 * kDelta[kN] + kDelta[kE]};
  t.knight_delta[kWhite] = {2 * kDelta[kS] + kDelta[kE], 2 * kDelta[kS] + kDelta[kW]};
  return t;
}

constexpr std::string_view kLetters = ".PLNSGBRK";

}  // namespace

const PieceTables& piece_tables() {
  static const PieceTables tables = build();
  return tables;
}

char sfen_letter(PieceType t) {
  return kLetters[unpromoted(t)];
}

PieceType type_from_letter(char upper) {
  auto i = kLetters.find(upper);
  return (i == std::string_view::npos || i == 0) ? kNoType : PieceType(i);
}

}  // namespace banmen::shogi
