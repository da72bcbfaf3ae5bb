// The fairy variants behind the game seam: registry ids equal to each variant's name,
// Chess960 start positions, endings with their reason codes, UCI and SAN as
// Fairy-Stockfish writes them, and PGN export read back.
#include <gtest/gtest.h>

#include "fairy/factory.h"
#include "fairy_test_util.h"
#include "games/custom_game.h"
#include "games/registry.h"

namespace banmen::fairy {
namespace {

GamePtr game(std::string_view id, std::string_view position = {}) {
  auto g = create_game(id, position);
  EXPECT_TRUE(g.ok()) << id << ": " << (g.ok() ? "" : g.error().message);
  return g.ok() ? std::move(*g) : nullptr;
}

void play(Game& g, std::initializer_list<const char*> moves) {
  for (const char* m : moves) ASSERT_TRUE(g.apply(m).ok()) << m << " in " << g.position();
}

TEST(FairyGame, EveryBuiltinIsARegisteredGameUnderItsOwnName) {
  for (const VariantDefinition& d : builtin_variants().variants) {
    const GameFactory* f = find_game(d.name);
    ASSERT_NE(f, nullptr) << d.name;
    EXPECT_EQ(f->info().id, d.name);
    auto g = game(d.name);
    ASSERT_TRUE(g);
    EXPECT_FALSE(g->legal_moves().empty()) << d.name;
    if (d.name != "chess960") {
      EXPECT_EQ(g->initial_position(), d.settings.start_fen) << d.name;
    }
  }
}

// The catalogue's room variants too, each under its Fairy-Stockfish name, with the
// definition's start position, its hands, and the computer for all but walling variants.
TEST(FairyGame, EveryRoomVariantOfTheCatalogueIsRegisteredUnderItsOwnName) {
  ASSERT_EQ(room_catalogue.size(), 24u);
  for (std::string_view id : room_catalogue) {
    const GameFactory* f = find_game(id);
    ASSERT_NE(f, nullptr) << id;
    const auto v = named_variant(id);
    ASSERT_TRUE(v) << id;
    EXPECT_EQ(room_variant(id), v) << id;
    EXPECT_EQ(f->info().id, id);
    EXPECT_EQ(v->rules.name, id);
    EXPECT_EQ(f->info().hands, v->rules.hands()) << id;
    EXPECT_TRUE(f->info().computer) << id;
    EXPECT_EQ(f->info().board, "fairy");
    EXPECT_FALSE(game_family(id).empty()) << id;
    auto g = game(id);
    ASSERT_TRUE(g);
    EXPECT_FALSE(g->legal_moves().empty()) << id;
    // The definition's start, its pocket as Fairy-Stockfish writes it ("[HEhe]" as "[EHeh]").
    const auto board = [](const std::string& fen) {
      return fen.substr(0, fen.find_first_of("[ "));
    };
    EXPECT_EQ(board(g->initial_position()), board(v->rules.start_fen)) << id;
    EXPECT_EQ(g->info().id, id);
  }
  EXPECT_TRUE(find_game("crazyhouse")->info().hands);
  EXPECT_TRUE(find_game("duck")->info().computer);  // every variant, duck chess too
  // Banmen plays shogi and minishogi as its own games, not as fairy variants.
  EXPECT_EQ(room_variant("shogi"), nullptr);
  EXPECT_EQ(room_variant("minishogi"), nullptr);
  EXPECT_NE(find_game("shogi")->info().board, "fairy");
  EXPECT_EQ(room_variant("capablanca"), builtin_variant("capablanca"));
  EXPECT_EQ(room_variant("loop"), nullptr);  // in the catalogue, not offered in rooms
}

TEST(FairyGame, Chess960NumbersGiveScharnaglsPositions) {
  EXPECT_EQ(chess960_fen(518), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
  EXPECT_EQ(chess960_fen(0).substr(0, 8), "bbqnnrkr");
  EXPECT_EQ(chess960_fen(959).substr(0, 8), "rkrnnqbb");
  auto g = game("chess960", "518");
  EXPECT_EQ(g->initial_position(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1");
  auto random = game("chess960");
  EXPECT_NE(random->initial_position().find(" w "), std::string::npos);
  EXPECT_FALSE(create_game("chess960", "960").ok());
}

TEST(FairyGame, Chess960CastlesKingTakesRookAndWritesShredderLetters) {
  auto g = game("chess960", "rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1");
  auto moves = g->legal_moves();
  EXPECT_NE(std::find(moves.begin(), moves.end(), "b1a1"), moves.end());  // O-O-O
  play(*g, {"b1h1"});
  EXPECT_EQ(g->display_notation(0, Viewer::referee), "O-O");
  EXPECT_EQ(g->position(), "rk5r/8/8/8/8/8/8/R4RK1 b ha - 1 1");
}

TEST(FairyGame, CapablancaCastlingUsesTheKingsDestination) {
  auto g = game("capablanca", "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - 0 1");
  play(*g, {"f1i1"});
  EXPECT_EQ(g->display_notation(0, Viewer::referee), "O-O");
  EXPECT_EQ(g->position(), "r3k4r/pppppppppp/10/10/10/10/PPPPPPPPPP/R6RK1 b kq - 1 1");
}

TEST(FairyGame, GrandWritesTenthRankAndPromotionLetters) {
  auto g = game("grand", "4k3r1/9P/10/10/10/10/10/10/10/4K5 w - - 0 1");
  auto moves = g->legal_moves();
  // Rank 10 needs a promotion, so the plain capture is illegal.
  EXPECT_NE(std::find(moves.begin(), moves.end(), "j9i10q"), moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "j9i10"), moves.end());
  play(*g, {"j9i10q"});
  EXPECT_EQ(g->display_notation(0, Viewer::referee), "jxi10=Q+");
  // With a queen already on the board, no promotion to a queen.
  auto limited = game("grand", "4k3r1/9P/10/10/10/10/10/10/10/Q3K5 w - - 0 1");
  moves = limited->legal_moves();
  EXPECT_EQ(std::find(moves.begin(), moves.end(), "j9i10q"), moves.end());
  EXPECT_NE(std::find(moves.begin(), moves.end(), "j9i10c"), moves.end());
}

TEST(FairyGame, CheckmateStalemateAndTheirValues) {
  auto mate = game("capablanca", "k9/10/1K8/10/10/10/10/Q9 w - - 0 1");
  play(*mate, {"a1a7"});
  EXPECT_EQ(mate->outcome(), Outcome::win(0, "checkmate"));
  EXPECT_EQ(mate->display_notation(0, Viewer::referee), "Qa7#");
  // Shatranj: stalemate loses for the stalemated side.
  auto stale = game("shatranj", "k7/p1K5/P7/8/8/8/8/1R6 w - - 0 1");
  play(*stale, {"b1b2"});
  EXPECT_EQ(stale->outcome(), Outcome::win(0, "stalemate"));
}

TEST(FairyGame, ExtinctionFlagAndCounting) {
  // Shatranj: baring the king wins when it cannot bare back.
  auto bare2 = game("shatranj", "8/8/8/3k4/8/8/2r5/R1R1K3 w - - 0 1");
  play(*bare2, {"c1c2"});
  EXPECT_EQ(bare2->outcome(), Outcome::win(0, "extinction"));
  // King of the hill: a king on d4 e4 d5 e5 wins.
  auto hill = game("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1");
  play(*hill, {"e3e4"});
  EXPECT_EQ(hill->outcome(), Outcome::win(0, "flag"));
  EXPECT_TRUE(hill->legal_moves().empty());
  // Makruk: a bare king's count; the limit passed is a draw.
  auto count = game("makruk", "8/8/8/3k4/8/8/8/R3K3 w - 16 16 40");
  EXPECT_FALSE(count->over());
  play(*count, {"a1a2"});
  EXPECT_EQ(count->outcome(), Outcome::draw("counting"));
}

TEST(FairyGame, MoveRuleAndRepetition) {
  auto rule = game("capablanca", "k9/10/10/10/10/10/10/R3K5 w - - 99 80");
  play(*rule, {"a1a2"});
  EXPECT_EQ(rule->outcome(), Outcome::draw("move_rule"));
  auto rep = game("capablanca");
  play(*rep, {"b1c3", "b8c6", "c3b1", "c6b8", "b1c3", "b8c6", "c3b1", "c6b8"});
  EXPECT_EQ(rep->outcome(), Outcome::draw("repetition"));
}

TEST(FairyGame, PgnCarriesVariantAndFenAndReadsBack) {
  auto g = game("capablanca");
  play(*g, {"e2e4", "e7e5", "c1d3", "i8h6"});
  RecordInfo info;
  info.players[0] = "Ann";
  info.players[1] = "Bo";
  auto pgn = g->export_record("pgn", Viewer::referee, info);
  ASSERT_TRUE(pgn.ok());
  EXPECT_NE(pgn->find("[Variant \"Capablanca\"]"), std::string::npos) << *pgn;
  EXPECT_NE(pgn->find("[FEN \"rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 "
                      "1\"]"),
            std::string::npos)
      << *pgn;
  EXPECT_NE(pgn->find("1. e4 e5 2. Ad3 Nh6"), std::string::npos) << *pgn;
  auto back = import_game("capablanca", "pgn", *pgn);
  ASSERT_TRUE(back.ok()) << back.error().message;
  EXPECT_EQ((*back)->position(), g->position());
  EXPECT_FALSE(import_game("grand", "pgn", *pgn).ok());
}

TEST(FairyGame, UserDefinitionPlays) {
  auto v = load_variant(
      "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
      "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\npromotionRegionWhite = *6\n"
      "promotionRegionBlack = *1\npromotionPieceTypes = nrw\ndoubleStep = false\n"
      "castling = false\n",
      "tiny");
  ASSERT_TRUE(v.ok()) << v.error().message;
  auto g = create_fairy_game(*v, "");
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ((*g)->perft(1), 6u + 4u);  // six pawn steps, four knight jumps
  auto bad = load_variant("[x:chess]\nnoSuchKey = 1\n", "x");
  ASSERT_FALSE(bad.ok());
  EXPECT_NE(bad.error().message.find("line 2"), std::string::npos) << bad.error().message;
}

// A room's own variant: the seam calls it "custom" and names it by its section, the PGN
// by its Fairy-Stockfish name; the same choice always compiles the same rules.
TEST(FairyGame, CustomVariantIsARoomGameOfItsOwn) {
  const std::string text =
      "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
      "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\npromotionRegionWhite = *6\n"
      "promotionRegionBlack = *1\npromotionPieceTypes = nrw\ndoubleStep = false\n"
      "castling = false\n";
  auto g = create_chosen_game(GameChoice{"custom", text, "tiny"});
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ((*g)->info().id, "custom");
  EXPECT_EQ((*g)->info().name, "tiny");
  EXPECT_EQ((*g)->position(), "rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1");
  auto pgn = (*g)->export_record("pgn", Viewer::spectator, {});
  ASSERT_TRUE(pgn.ok());
  EXPECT_NE(pgn->find("[Variant \"Tiny\"]"), std::string::npos) << *pgn;
  // The built-ins still come from the registry; errors keep their line and key.
  auto capa = create_chosen_game(GameChoice{"capablanca", {}, {}});
  ASSERT_TRUE(capa.ok());
  EXPECT_EQ((*capa)->info().id, "capablanca");
  VariantError detail;
  auto bad = load_custom_variant("[x:chess]\n\nmaxRank = 11\n", "x", &detail);
  ASSERT_FALSE(bad.ok());
  EXPECT_EQ(bad.error().code, errc::bad_variant);
  EXPECT_EQ(detail.line, 3);
  EXPECT_EQ(detail.key, "maxRank");
  EXPECT_FALSE(create_chosen_game(GameChoice{"custom", "", ""}).ok());
  EXPECT_EQ(record_formats_of("custom"), std::vector<std::string_view>{"pgn"});
  EXPECT_TRUE(record_formats_of("nothing").empty());
}

}  // namespace
}  // namespace banmen::fairy
