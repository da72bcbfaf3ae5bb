#include "games/registry.h"

#include <gtest/gtest.h>

namespace banmen {
namespace {

TEST(Registry, KnowsTheGamesInOrder) {
  std::vector<std::string_view> expected{
      "shogi",      "minishogi",  "dogcat",    "hasami",     "chess",       "reversi",
      "chess960",   "capablanca", "gothic",    "embassy",    "janus",       "grand",
      "almost",     "shatranj",   "makruk",    "knightmate", "amazon",      "kingofthehill",
      "atomic",     "3check",     "antichess", "horde",      "racingkings", "duck",
      "crazyhouse", "placement",  "seirawan",  "shouse",     "capahouse",   "kyotoshogi",
      "torishogi",  "euroshogi",  "judkins",   "xiangqi",    "minixiangqi", "janggi",
      "cambodian",  "sittuyin",   "gardner",   "losalamos",  "dobutsu",     "micro"};
  EXPECT_EQ(game_ids(), expected);
  for (auto id : game_ids()) {
    const auto* f = find_game(id);
    ASSERT_NE(f, nullptr) << id;
    EXPECT_EQ(f->info().id, id);
    EXPECT_FALSE(f->info().record_formats.empty()) << id;
    // Banmen's own games have no family; the fairy-chess variants one of five.
    const std::string_view family = game_family(id);
    if (f->info().board == "fairy") {
      EXPECT_NE(std::string_view("chess drops shogi asian small").find(family),
                std::string_view::npos)
          << id;
    }
    EXPECT_EQ(family.empty(), f->info().board != "fairy") << id;
  }
  EXPECT_EQ(game_family("shogi"), "");
  EXPECT_EQ(game_family("gothic"), "chess");
  EXPECT_EQ(game_family("shatranj"), "asian");
  EXPECT_EQ(game_family("judkins"), "shogi");
  EXPECT_EQ(game_family("micro"), "small");
}

TEST(Registry, UnknownGameIsAnErrorNamingTheKnownOnes) {
  auto r = create_game("go");
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, errc::unknown_game);
  EXPECT_NE(r.error().message.find("shogi"), std::string::npos);
  EXPECT_EQ(find_game("go"), nullptr);
}

TEST(Registry, EveryGameStarts) {
  EXPECT_EQ(game_ids().size(), 42u);
  for (auto id : game_ids()) {
    auto r = create_game(id);
    ASSERT_TRUE(r.ok()) << id << ": " << r.error().message;
    EXPECT_EQ((*r)->info().id, id);
    EXPECT_FALSE((*r)->over()) << id;
    EXPECT_FALSE((*r)->legal_moves().empty()) << id;
  }
}

TEST(Outcome, FactoriesSayWhatHappened) {
  EXPECT_FALSE(Outcome::ongoing().over());
  auto w = Outcome::win(1, "checkmate");
  EXPECT_TRUE(w.over());
  EXPECT_EQ(w.winner, 1);
  EXPECT_EQ(w.reason, "checkmate");
  EXPECT_EQ(Outcome::draw("repetition").kind, Outcome::Kind::draw);
}

TEST(Viewer, ParsesSideLettersAndSpectator) {
  const char letters[2] = {'b', 'w'};
  EXPECT_EQ(parse_viewer("b", letters), Viewer::seat0);
  EXPECT_EQ(parse_viewer("w", letters), Viewer::seat1);
  EXPECT_EQ(parse_viewer("spectator", letters), Viewer::spectator);
  EXPECT_FALSE(parse_viewer("x", letters).has_value());
}

}  // namespace
}  // namespace banmen
