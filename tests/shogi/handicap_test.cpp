// Handicap games (駒落ち): the nine standard starts, the giver (White) moving first, and
// records that name the handicap (KIF 手合割, CSA PI) both ways.
#include <gtest/gtest.h>

#include <string>

#include "shogi/handicap.h"
#include "test_util.h"

namespace banmen::shogi {
namespace {

using testing::game;
using testing::play;

// The start positions as shogi literature and common software (tsshogi's
// InitialPositionSFEN) write them; records.mjs checks the same against tsshogi itself.
struct Expected {
  const char* id;
  const char* kif_name;
  const char* sfen;
};
constexpr Expected kExpected[] = {
    {"lance", "香落ち", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"bishop", "角落ち", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"rook", "飛車落ち", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"rook_lance", "飛香落ち", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"two_pieces", "二枚落ち", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"four_pieces", "四枚落ち", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"six_pieces", "六枚落ち", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"eight_pieces", "八枚落ち", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
    {"ten_pieces", "十枚落ち", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
};

TEST(ShogiHandicap, TheNineStandardStartsWithTheGiverToMove) {
  ASSERT_EQ(handicaps().size(), std::size(kExpected));
  for (std::size_t i = 0; i < std::size(kExpected); ++i) {
    const Handicap& h = handicaps()[i];
    EXPECT_EQ(h.id, kExpected[i].id);
    EXPECT_EQ(h.kif_name, kExpected[i].kif_name);
    auto sfen = handicap_start_sfen("shogi", h.id);
    ASSERT_TRUE(sfen.ok());
    EXPECT_EQ(*sfen, kExpected[i].sfen);
    EXPECT_EQ(find_handicap_by_kif_name(h.kif_name), &h);
    EXPECT_EQ(handicap_of(testing::position(kExpected[i].sfen)), &h);
    // A game from the handicap start: White (the giver, seat 1) moves first.
    auto g = game("shogi", *sfen);
    EXPECT_EQ(g->to_move(), 1);
    EXPECT_FALSE(g->over());
  }
}

TEST(ShogiHandicap, UnknownNamesAndOtherGamesAreRefused) {
  EXPECT_EQ(*handicap_start_sfen("shogi", ""), shogi_variant().start_sfen);
  EXPECT_EQ(*handicap_start_sfen("shogi", "even"), shogi_variant().start_sfen);
  for (auto [game_id, name] : {std::pair{"shogi", "queen"}, std::pair{"shogi", "香落ち"},
                               std::pair{"minishogi", "lance"}, std::pair{"chess", "rook"}}) {
    auto r = handicap_start_sfen(game_id, name);
    ASSERT_FALSE(r.ok()) << game_id << " " << name;
    EXPECT_EQ(r.error().code, kUnknownHandicap);
  }
  // The usual start, and a handicap board with Black to move, are not handicap starts.
  EXPECT_EQ(handicap_of(testing::position(shogi_variant().start_sfen)), nullptr);
  EXPECT_EQ(handicap_of(testing::position(
                "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1")),
            nullptr);
  // The move number does not matter.
  EXPECT_NE(
      handicap_of(testing::position("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 7")),
      nullptr);
}

GamePtr two_piece_game() {
  auto g = game("shogi", *handicap_start_sfen("shogi", "two_pieces"));
  play(*g, {"5a4b", "7g7f", "4b3b"});
  g->finish(Outcome::win(1, "resignation"));  // Black, to move, resigns
  return g;
}

RecordInfo players() {
  RecordInfo r;
  r.players[0] = "Receiver";
  r.players[1] = "Giver";
  return r;
}

TEST(ShogiHandicap, KifNamesTheHandicapAndTheSidesAsUwateAndShitate) {
  auto g = two_piece_game();
  auto kif = g->export_record("kif", Viewer::referee, players());
  ASSERT_TRUE(kif.ok());
  const std::string& k = *kif;
  EXPECT_NE(k.find("手合割：二枚落ち\n"), std::string::npos) << k;
  EXPECT_EQ(k.find("|"), std::string::npos) << "no board diagram for a named handicap";
  EXPECT_NE(k.find("下手：Receiver\n上手：Giver\n"), std::string::npos) << k;
  EXPECT_NE(k.find("   1 ４二玉(51)\n"), std::string::npos) << k;
  EXPECT_NE(k.find("まで3手で上手の勝ち\n"), std::string::npos) << k;
  auto back = import_game("shogi", "kif", k);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->initial_position(), g->initial_position());
  EXPECT_EQ((*back)->position(), g->position());
  EXPECT_EQ((*back)->outcome(), g->outcome());
}

TEST(ShogiHandicap, KifImportReadsEveryHandicapName) {
  for (const Expected& e : kExpected) {
    const std::string kif = std::string("手合割：") + e.kif_name +
                            "\n上手：A\n下手：B\n手数----指手---------消費時間--\n"
                            "   1 ５二玉(51)\n";
    auto g = import_game("shogi", "kif", kif);
    ASSERT_TRUE(g.ok()) << e.kif_name << ": " << g.error().message;
    EXPECT_EQ((*g)->initial_position(), e.sfen);
    EXPECT_EQ((*g)->history_size(), 1u);
  }
  EXPECT_FALSE(import_game("shogi", "kif", "手合割：三枚落ち\n").ok());
}

TEST(ShogiHandicap, CsaWritesPiWithTheRemovedPiecesAndWhiteToMove) {
  auto g = two_piece_game();
  auto csa = g->export_record("csa", Viewer::referee, players());
  ASSERT_TRUE(csa.ok());
  EXPECT_NE(csa->find("\nPI82HI22KA\n-\n-5142OU\n+7776FU\n-4232OU\n%TORYO\n"), std::string::npos)
      << *csa;
  auto back = import_game("shogi", "csa", *csa);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->initial_position(), g->initial_position());
  EXPECT_EQ((*back)->position(), g->position());
}

TEST(ShogiHandicap, CsaImportChecksThePiecesPiRemoves) {
  auto ten = import_game("shogi", "csa", "PI82HI22KA41KI61KI31GI71GI21KE81KE11KY91KY\n-\n");
  ASSERT_TRUE(ten.ok()) << ten.error().message;
  EXPECT_EQ((*ten)->initial_position(), kExpected[8].sfen);
  for (const char* bad :
       {"PI82KA\n-\n", "PI55FU\n-\n", "PI82H\n-\n", "PI51OU\n-\n", "PI\nPI82HI\n-\n"}) {
    auto r = import_game("shogi", "csa", bad);
    ASSERT_FALSE(r.ok()) << bad;
    EXPECT_EQ(r.error().code, errc::bad_record) << bad;
  }
}

}  // namespace
}  // namespace banmen::shogi
