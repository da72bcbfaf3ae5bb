// The variant facts a client draws a fairy-chess board from: hands, drops, gating, walls,
// passes and the board's style, palaces and river, each derived from the rules.
#include "protocol/variant_info.h"

#include <gtest/gtest.h>

#include "fairy/factory.h"

namespace banmen::server {
namespace {

json info_of(std::string_view id) {
  const auto v = fairy::room_variant(id);
  EXPECT_TRUE(v) << id;
  return v ? variant_info_json(*v) : json();
}

TEST(VariantInfo, ChessHasNoHandsNoWallsAndAChessboard) {
  for (const char* id : {"capablanca", "atomic", "makruk", "gardner"}) {
    const json j = info_of(id);
    EXPECT_EQ(j["board_style"], "chess") << id;
    for (const char* key : {"hand", "drops", "gating", "walling", "pass", "palace", "river"})
      EXPECT_FALSE(j.contains(key)) << id << " " << key;
  }
}

TEST(VariantInfo, CrazyhouseDropsEveryPieceButTheKing) {
  const json j = info_of("crazyhouse");
  EXPECT_EQ(j["hand"], "qrbnp");
  EXPECT_EQ(j["drops"], true);
  EXPECT_FALSE(j.contains("gating"));
  EXPECT_EQ(j["board_style"], "chess");
  // With Capablanca's pieces, the archbishop and chancellor too.
  const json capa = info_of("capahouse");
  for (char c : std::string("acqrbnp"))
    EXPECT_NE(capa["hand"].get<std::string>().find(c), std::string::npos) << c;
}

TEST(VariantInfo, SeirawanGatesTheElephantAndHawk) {
  const json j = info_of("seirawan");
  EXPECT_EQ(j["hand"], "eh");  // as the FEN's pocket writes them: [EHeh]
  EXPECT_EQ(j["gating"], true);
  EXPECT_FALSE(j.contains("drops"));
  const json house = info_of("shouse");
  EXPECT_EQ(house["gating"], true);
  EXPECT_EQ(house["drops"], true);
  EXPECT_EQ(house["hand"].get<std::string>().size(), 7u) << house["hand"];
}

TEST(VariantInfo, SittuyinAndPlacementSetUpFromTheHand) {
  const json sittuyin = info_of("sittuyin");
  EXPECT_EQ(sittuyin["drops"], true);
  for (char c : std::string("kfrsn"))
    EXPECT_NE(sittuyin["hand"].get<std::string>().find(c), std::string::npos) << c;
  EXPECT_NE(info_of("placement")["hand"].get<std::string>().find('k'), std::string::npos);
}

TEST(VariantInfo, DuckChessWallsWithEveryMove) {
  const json j = info_of("duck");
  EXPECT_EQ(j["walling"], "duck");
  EXPECT_FALSE(j.contains("hand"));
  EXPECT_EQ(j["board_style"], "chess");
}

TEST(VariantInfo, XiangqiHasPalacesAndARiver) {
  const json j = info_of("xiangqi");
  EXPECT_EQ(j["board_style"], "xiangqi");
  EXPECT_EQ(j["river"], 5);
  EXPECT_EQ(j["palace"], json({"d1", "e1", "f1", "d2", "e2", "f2", "d3", "e3", "f3", "d8", "e8",
                               "f8", "d9", "e9", "f9", "d10", "e10", "f10"}));
  EXPECT_FALSE(j.contains("pass"));
  EXPECT_FALSE(j.contains("hand"));
}

TEST(VariantInfo, MinixiangqiHasPalacesAndNoRiver) {
  const json j = info_of("minixiangqi");
  EXPECT_EQ(j["board_style"], "janggi");
  EXPECT_FALSE(j.contains("river"));
  EXPECT_EQ(j["palace"], json({"c1", "d1", "e1", "c2", "d2", "e2", "c3", "d3", "e3", "c5", "d5",
                               "e5", "c6", "d6", "e6", "c7", "d7", "e7"}));
}

TEST(VariantInfo, JanggiHasPalacesNoRiverAndPasses) {
  const json j = info_of("janggi");
  EXPECT_EQ(j["board_style"], "janggi");
  EXPECT_EQ(j["pass"], true);
  EXPECT_FALSE(j.contains("river"));
  EXPECT_EQ(j["palace"].size(), 18u);
  EXPECT_EQ(j["palace"][0], "d1");
  EXPECT_EQ(j["palace"][17], "f10");
}

TEST(VariantInfo, KyotoShogiDropsItsFourPiecesOnAShogiBoard) {
  const json j = info_of("kyotoshogi");
  EXPECT_EQ(j["board_style"], "shogi");
  EXPECT_EQ(j["drops"], true);
  const std::string hand = j["hand"];
  EXPECT_EQ(hand.size(), 4u) << hand;
  for (char c : std::string("plns")) EXPECT_NE(hand.find(c), std::string::npos) << hand;
  for (const char* id : {"torishogi", "euroshogi", "judkins", "dobutsu", "micro"})
    EXPECT_EQ(info_of(id)["board_style"], "shogi") << id;
}

}  // namespace
}  // namespace banmen::server
