// SFEN in and out: exact round trips and a clear reason for every malformed input.
#include <gtest/gtest.h>

#include "test_util.h"

namespace banmen::shogi {
namespace {

TEST(Sfen, CanonicalPositionsRoundTripExactly) {
  for (const char* s : {
           "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
           "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
           "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1",
           "8k/9/9/9/9/9/9/9/K8 w 2R2B4G4S4N4L18P 321",
           "+r+b+s+n+lk3/9/9/9/9/9/9/9/+P+L+N+SK4 b - 5",
       }) {
    auto p = parse_sfen(shogi_variant(), s);
    ASSERT_TRUE(p.ok()) << s << ": " << p.error().message;
    EXPECT_EQ(format_sfen(*p), s);
  }
  auto mini = parse_sfen(minishogi_variant(), "rbsgk/4p/5/P4/KGSBR b - 1");
  ASSERT_TRUE(mini.ok());
  EXPECT_EQ(format_sfen(*mini), "rbsgk/4p/5/P4/KGSBR b - 1");
}

TEST(Sfen, AcceptsUsiPrefixAndMissingMoveNumber) {
  auto p = parse_sfen(shogi_variant(),
                      "sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -");
  ASSERT_TRUE(p.ok());
  EXPECT_EQ(format_sfen(*p), shogi_variant().start_sfen);
}

struct BadCase {
  const char* sfen;
  const char* expect;  // a piece of the message
};

TEST(Sfen, RejectsEveryKindOfMalformedPosition) {
  const std::string k = "4k4/9/9/9/9/9/9/9/4K4";
  const BadCase cases[] = {
      {"", "expected 3 or 4 fields"},
      {"4k4/9/9/9/9/9/9/9/4K4 b", "expected 3 or 4 fields"},
      {"4k4/9/9/9/9/9/9/9/4K4 b - 1 extra", "expected 3 or 4 fields"},
      {"4k4/8/9/9/9/9/9/9/4K4 b - 1", "rank b has 8 squares, expected 9"},
      {"4k4/91/9/9/9/9/9/9/4K4 b - 1", "rank b has more than 9 squares"},
      {"4k4/9/9/9/9/9/9/9/4K4/9 b - 1", "too many ranks"},
      {"4k4/9/9/9/9/9/9/4K4 b - 1", "the board has 8 ranks, expected 9"},
      {"4k4/9/9/9/4X4/9/9/9/4K4 b - 1", "unknown piece 'X'"},
      {"4k4/9/9/9/4+G4/9/9/9/4K4 b - 1", "cannot be promoted"},
      {"4k4/9/9/9/4+/9/9/9/4K4 b - 1", "'+' must be followed by a piece"},
      {"4k4/9/9/9/9/9/9/9/4K3+ b - 1", "'+' at the end"},
      {"4k4/9/9/9/9/9/9/9/3KK4 b - 1", "two black kings"},
      {"9/9/9/9/9/9/9/9/4K4 b - 1", "white has no king"},
      {"P3k4/9/9/9/9/9/9/9/4K4 b - 1", "black pawn on 9a could never move"},
      {"4k4/N8/9/9/9/9/9/9/4K4 b - 1", "black knight on 9b could never move"},
      {"4k4/9/9/9/9/9/9/9/4K3l w - 1", "white lance on 1i could never move"},
      {"4k4/9/9/9/P8/P8/9/9/4K4 b - 1", "two unpromoted black pawns on file 9"},
      {"4k4/9/9/9/9/9/9/9/4K4 x - 1", "side to move must be 'b' or 'w'"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 0P 1", "a hand count must be at least 1"},
      {"4k4/9/9/9/9/9/9/9/4K4 b P2P 1", "the hands list P twice"},
      {"4k4/9/9/9/9/9/9/9/4K4 b K 1", "a king cannot be in hand"},
      {"4k4/9/9/9/9/9/9/9/4K4 b Q 1", "unknown piece 'Q' in the hands"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "too many pawns in hand"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 3 1", "must be followed by a piece"},
      {"4k4/9/9/9/9/9/9/9/4K4 b 3R 1", "too many rooks in hand"},
      {"4k4/9/9/9/9/9/9/P8/4K4 b 9P9p 1", "too many pawns: 19 (the set has 18)"},
      {"4k4/9/9/9/9/9/9/9/4K4 b - 0", "move number must be a whole number"},
      {"4k4/9/9/9/9/9/9/9/4K4 b - x", "move number must be a whole number"},
      {"4k4/9/9/9/4R4/9/9/9/4K4 b - 1", "the side not to move (white) is in check"},
  };
  for (const auto& c : cases) {
    auto p = parse_sfen(shogi_variant(), c.sfen);
    ASSERT_FALSE(p.ok()) << c.sfen;
    EXPECT_EQ(p.error().code, errc::bad_position);
    EXPECT_NE(p.error().message.find(c.expect), std::string::npos)
        << c.sfen << " -> " << p.error().message;
  }
  (void)k;
}

TEST(Sfen, MinishogiKnowsItsOwnPieceSet) {
  auto p = parse_sfen(minishogi_variant(), "rbsgk/4p/5/P4/KGSLR b - 1");
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("minishogi has no lance"), std::string::npos);
  auto n = parse_sfen(minishogi_variant(), "rbsgk/4p/5/P4/KGSBR b N 1");
  ASSERT_FALSE(n.ok());
  EXPECT_NE(n.error().message.find("no knight"), std::string::npos);
  auto big = parse_sfen(minishogi_variant(), "rbsgk/4p/5/P4/KGSBR b - 1 x");
  EXPECT_FALSE(big.ok());
}

TEST(Sfen, RejectsOverlongInput) {
  std::string s(kMaxSfenLength + 1, '9');
  auto p = parse_sfen(shogi_variant(), s);
  ASSERT_FALSE(p.ok());
  EXPECT_NE(p.error().message.find("too long"), std::string::npos);
}

TEST(Usi, MovesInAndOut) {
  const Variant& v = shogi_variant();
  for (const char* m : {"7g7f", "8h2b+", "P*5e", "R*1a", "9i9a"}) {
    auto r = parse_usi(v, m);
    ASSERT_TRUE(r.ok()) << m;
    EXPECT_EQ(usi_move(v, *r), m);
  }
  for (const char* m :
       {"", "7g7", "7g7f++", "0a1b", "7j7f", "K*5e", "P*5j", "p*5e", "7g7g", "7g7f=", "X*5e"}) {
    auto r = parse_usi(v, m);
    ASSERT_FALSE(r.ok()) << m;
    EXPECT_EQ(r.error().code, errc::bad_move);
  }
  EXPECT_FALSE(parse_usi(minishogi_variant(), "6a5a").ok());
  EXPECT_TRUE(parse_usi(minishogi_variant(), "5e4d").ok());
}

}  // namespace
}  // namespace banmen::shogi
