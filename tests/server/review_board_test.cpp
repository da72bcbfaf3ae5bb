// The review board of a room (rooms/review_board.h) and the record of a review
// (games/review_record.h): built from finished games of every kind, bounded, checked.
#include "rooms/review_board.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <random>

#include "core/variation_text.h"
#include "games/custom_game.h"
#include "games/registry.h"
#include "games/review_record.h"

namespace banmen::server {
namespace {

// A game of `id` with `plies` moves (the first legal ones), then resigned by seat 0.
GamePtr finished_game(const GameChoice& choice, int plies) {
  auto game = create_chosen_game(choice).value();
  for (int i = 0; i < plies && !game->over(); ++i) EXPECT_TRUE(game->apply(game->legal_moves()[0]));
  game->finish(Outcome::win(1, "resignation"));
  return game;
}

ReviewBoard board_of(const GameChoice& choice, int plies) {
  const GamePtr done = finished_game(choice, plies);
  auto start = create_chosen_game(choice, done->initial_position()).value();
  auto board = ReviewBoard::of_game(*start, *done, 1);
  EXPECT_TRUE(board) << board.error().message;
  return std::move(board.value());
}

// Shapes as a review_draw message carries them: read as the request table reads them,
// then drawn on the board.
Result<void> draw(ReviewBoard& board, const json& shapes) {
  auto read = read_review_shapes(shapes);
  if (!read) return read.error();
  return board.draw(*read);
}

TEST(ReviewBoard, EveryGameReviewsThroughTheSeam) {
  const std::string tiny =
      "[tiny:chess]\nmaxFile = 6\nmaxRank = 6\nqueen = -\ncustomPiece1 = w:mWcF\n"
      "startFen = rnwknr/pppppp/6/6/PPPPPP/RNWKNR w - - 0 1\npromotionRegionWhite = *6\n"
      "promotionRegionBlack = *1\npromotionPieceTypes = nrw\ndoubleStep = false\n"
      "castling = false\n";
  std::vector<GameChoice> choices;
  for (auto id : game_ids()) choices.push_back({std::string(id), "", ""});
  choices.push_back({"custom", tiny, "tiny"});
  for (const auto& choice : choices) {
    SCOPED_TRACE(choice.game);
    ReviewBoard board = board_of(choice, 6);
    const json e = board.event();
    EXPECT_EQ(e["nodes"].size(), 7u);
    EXPECT_EQ(e["current"], 6);
    // Every node's display is the game's own, made once.
    for (std::size_t i = 1; i < 7; ++i)
      EXPECT_FALSE(e["nodes"][i]["display"].get<std::string>().empty());
    // A side line from the start; the main line stays first.
    ASSERT_TRUE(board.go_to(VariationTree::root()));
    const json legal = board.event()["legal_moves"];
    ASSERT_GE(legal.size(), 2u);
    const std::string other = legal[0] == e["nodes"][1]["move"] ? legal[1] : legal[0];
    ASSERT_TRUE(board.play(other));
    EXPECT_EQ(board.event()["nodes"][0]["children"], json({1, 7}));
    // A refusal adds nothing.
    EXPECT_FALSE(board.play("not a move"));
    EXPECT_EQ(board.tree().size(), 8u);
    // The record: the game's richest form, or the transcript, which reads back.
    const auto record = review_record(board.tree(), RecordInfo{});
    const std::string_view id = board.tree().root_game().info().id;
    const auto& formats = board.tree().root_game().info().record_formats;
    const bool has_pgn = std::find(formats.begin(), formats.end(), "pgn") != formats.end();
    const char* expected = id == "shogi" || id == "minishogi" ? "kif"
                           : has_pgn                          ? "pgn"  // chess and fairy chess
                                                              : "txt";
    EXPECT_EQ(record.format, expected);
    if (record.format == "pgn") {
      EXPECT_NE(record.text.find(" ("), std::string::npos) << record.text;
    }
    if (record.format == "txt") {
      auto back = read_variation_text(board.tree().root_game(), record.text, board.tree().limits());
      ASSERT_TRUE(back) << back.error().message;
      EXPECT_EQ(back->size(), 8u);
    }
  }
}

// Fairy chess's review is PGN with variations: the game's own tags, and a movetext whose
// main line, side lines taken out, is the game's own PGN movetext.
TEST(ReviewBoard, FairyChessSavesPgnWithVariations) {
  const GameChoice capablanca{"capablanca", "", ""};
  const GamePtr done = finished_game(capablanca, 9);
  ReviewBoard board = board_of(capablanca, 9);
  ASSERT_TRUE(board.go_to_ply(4));  // after 2... : a side line for White's third move
  const json legal = board.event()["legal_moves"];
  const std::string main_move = board.event()["nodes"][5]["move"];
  const std::string other = legal[0] == main_move ? legal[1] : legal[0];
  ASSERT_TRUE(board.play(other));
  const auto record = review_record(board.tree(), RecordInfo{});
  ASSERT_EQ(record.format, "pgn");
  EXPECT_NE(record.text.find("[Variant \"Capablanca\"]"), std::string::npos) << record.text;
  const auto side = record.text.find(" (3. ");
  ASSERT_NE(side, std::string::npos) << record.text;
  // Take the side line and the move number restated after it ("3...") out, and join the
  // lines: the game's own movetext remains.
  std::string text = record.text;
  text.erase(side, text.find(')', side) - side + 1);
  const auto restated = text.find(" 3...", side);
  ASSERT_NE(restated, std::string::npos) << text;
  text.erase(restated, 5);
  auto movetext = [](const std::string& pgn) {
    std::string body = pgn.substr(pgn.find("\n\n") + 2), words;
    for (char c : body) words += c == '\n' ? ' ' : c;
    while (!words.empty() && words.back() == ' ') words.pop_back();
    return words.substr(0, words.find_last_of(' '));  // without the result
  };
  auto own = done->export_record("pgn", Viewer::referee, RecordInfo{});
  ASSERT_TRUE(own) << own.error().message;
  EXPECT_EQ(movetext(text), movetext(*own));
}

// What the store will keep (the transcript form) gives the same review back.
TEST(ReviewBoard, ATranscriptReadBackIsTheSameReview) {
  ReviewBoard board = board_of({"shogi", "", ""}, 6);
  // A side line of two moves from ply 1 (the last legal move is not the game's first).
  ASSERT_TRUE(board.go_to_ply(1));
  ASSERT_TRUE(board.play(board.event()["legal_moves"].back().get<std::string>()));
  ASSERT_TRUE(board.play(board.event()["legal_moves"].front().get<std::string>()));
  ASSERT_EQ(board.tree().size(), 9u);
  ASSERT_TRUE(draw(board, json::array({{{"orig", "2g"}, {"dest", "2f"}, {"brush", "red"}}})));
  const std::string text = write_variation_text(board.tree());
  auto tree = read_variation_text(board.tree().root_game(), text, ReviewBoard::limits_for(6));
  ASSERT_TRUE(tree) << tree.error().message;
  ReviewBoard back = ReviewBoard::of_tree(std::move(*tree), 1, true);
  // Ids follow the reading order; the tree, its order of lines and each move's display are
  // the same.
  EXPECT_EQ(write_variation_text(back.tree()), text);
  auto by_path = [](const ReviewBoard& r) {
    std::map<std::vector<std::string>, std::string> shown;
    const json e = r.event();
    for (NodeId id = 0; id < r.tree().size(); ++id)
      shown[r.tree().moves_to(id)] = e["nodes"][id]["display"];
    return shown;
  };
  EXPECT_EQ(by_path(board), by_path(back));
  json b = back.event();
  EXPECT_EQ(b["current"], 0);
  EXPECT_EQ(b["shapes"], json::array());  // shapes are not kept
  EXPECT_EQ(
      ReviewBoard::of_tree(read_variation_text(board.tree().root_game(), text).value(), 1, false)
          .event()["open"],
      false);
}

TEST(ReviewBoard, DogcatIsReviewedInTheOpen) {
  ReviewBoard board = board_of({"dogcat", "", ""}, 4);
  const json e = board.event();
  // After the game nothing is hidden: every hidden piece's type is written ("?R", never a
  // bare "?" as the other side sees it during the game).
  auto all_known = [](const std::string& text) {
    for (std::size_t i = text.find('?'); i != std::string::npos; i = text.find('?', i + 1))
      if (i + 1 >= text.size() || !std::isalpha(static_cast<unsigned char>(text[i + 1])))
        return false;
    return true;
  };
  for (const auto& n : e["nodes"]) EXPECT_TRUE(all_known(n["move"])) << n["move"];
  EXPECT_TRUE(all_known(e["position"])) << e["position"];
  EXPECT_NE(e["position"].get<std::string>().find('?'), std::string::npos);  // hidden pieces
  for (const auto& m : e["legal_moves"]) EXPECT_TRUE(all_known(m)) << m;
}

TEST(ReviewBoard, ALongGameIsReviewedWithoutReplayingItPerMove) {
  const GameChoice chess{"chess", "", ""};
  // A long game: moves picked by a fixed sequence among the legal ones, then resigned.
  GamePtr done = create_chosen_game(chess).value();
  std::uint64_t pick = 7;
  for (int i = 0; i < 300 && !done->over(); ++i) {
    const auto legal = done->legal_moves();
    pick = pick * 6364136223846793005u + 1442695040888963407u;
    ASSERT_TRUE(done->apply(legal[(pick >> 33) % legal.size()]));
  }
  done->finish(Outcome::win(1, "resignation"));
  const auto plies = done->history_size();
  ASSERT_GE(plies, 200u);
  auto start = create_chosen_game(chess, done->initial_position()).value();
  // Opening the review: one pass over the game, not one replay per ply.
  auto before = Game::applied_on_this_thread();
  auto made = ReviewBoard::of_game(*start, *done, 1);
  ASSERT_TRUE(made) << made.error().message;
  EXPECT_LE(Game::applied_on_this_thread() - before, 2 * plies);
  ReviewBoard board = std::move(*made);
  // A move at the end, a look back into the game, a move there: each a few steps.
  const std::uint64_t most = 2 * VariationTree::kKeepEvery;
  ASSERT_TRUE(board.go_to_ply(plies / 2));
  before = Game::applied_on_this_thread();
  ASSERT_TRUE(board.go_to_ply(plies - 3));
  EXPECT_LE(Game::applied_on_this_thread() - before, most);
  const std::string move = board.event()["legal_moves"][0].get<std::string>();
  before = Game::applied_on_this_thread();
  ASSERT_TRUE(board.play(move));
  EXPECT_LE(Game::applied_on_this_thread() - before, most);
  before = Game::applied_on_this_thread();
  ASSERT_TRUE(board.go_to_ply(7));
  EXPECT_LE(Game::applied_on_this_thread() - before, most);
}

TEST(ReviewBoard, TheTreeStopsAtItsNodeCap) {
  ReviewBoard board = board_of({"chess", "", ""}, 2);
  std::mt19937 rng(21);
  std::string refused;
  std::size_t nodes = board.tree().size();
  // The legal moves come from each change's event, as a client reads them: the whole
  // event each step would cost the whole tree's size each step.
  json legal = board.event()["legal_moves"];
  const auto legal_after_change = [&board] {
    json e = board.change_event();
    return e.contains("legal_moves") ? e["legal_moves"] : json::array();
  };
  for (int i = 0; i < 20000 && refused.empty(); ++i) {
    if (legal.empty() || board.tree().node(board.tree().current()).depth > 40) {
      // Somewhere else in the tree, to keep it wide rather than deep.
      ASSERT_TRUE(board.go_to(static_cast<NodeId>(rng() % board.tree().size())));
      legal = legal_after_change();
      continue;
    }
    auto played = board.play(legal[rng() % legal.size()].get<std::string>());
    if (!played) refused = played.error().code;
    legal = legal_after_change();
    nodes = board.tree().size();
  }
  EXPECT_EQ(refused, errc::review_limit);
  EXPECT_EQ(nodes, 3 + kReviewExtraNodes);
}

TEST(ReviewBoard, ShapesAreCheckedAndReplacedAsASet) {
  ReviewBoard shogi = board_of({"shogi", "", ""}, 2);
  EXPECT_TRUE(draw(shogi, json::array({{{"orig", "7g"}, {"dest", "7f"}, {"brush", "green"}},
                                       {{"orig", "1a"}, {"brush", "yellow"}}})));
  EXPECT_EQ(shogi.event()["shapes"].size(), 2u);
  for (const json& bad :
       {json{{"orig", "0a"}, {"brush", "red"}}, json{{"orig", "1j"}, {"brush", "red"}},
        json{{"orig", "e4"}, {"brush", "red"}}, json{{"orig", "7g"}},
        json{{"orig", "7g"}, {"brush", "red"}, {"dest", "77"}}})
    EXPECT_FALSE(draw(shogi, json::array({bad}))) << bad.dump();
  EXPECT_EQ(shogi.event()["shapes"].size(), 2u);  // a refusal changes nothing
  ReviewBoard mini = board_of({"minishogi", "", ""}, 2);
  EXPECT_TRUE(draw(mini, json::array({{{"orig", "5e"}, {"brush", "red"}}})));
  EXPECT_FALSE(draw(mini, json::array({{{"orig", "6e"}, {"brush", "red"}}})));
  ReviewBoard grand = board_of({"grand", "", ""}, 2);  // 10x10
  EXPECT_TRUE(draw(grand, json::array({{{"orig", "j10"}, {"dest", "a1"}, {"brush", "blue"}}})));
  EXPECT_FALSE(draw(grand, json::array({{{"orig", "k1"}, {"brush", "blue"}}})));
  EXPECT_FALSE(draw(grand, json::array({{{"orig", "a11"}, {"brush", "blue"}}})));
  EXPECT_FALSE(draw(grand, json::array({{{"orig", "a01"}, {"brush", "blue"}}})));
  EXPECT_TRUE(draw(grand, json::array()));
  EXPECT_TRUE(grand.event()["shapes"].empty());
}

}  // namespace
}  // namespace banmen::server
