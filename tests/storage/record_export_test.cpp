// Records from the store: every game the registry implements is played, stored, exported in
// each of its formats and read back by the rules core's own importer, which must give the
// same moves and position.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "exports/record_export.h"
#include "games/registry.h"
#include "storage/sqlite_store.h"

namespace banmen::server {
namespace {

class RecordExport : public ::testing::TestWithParam<std::string_view> {
 protected:
  void SetUp() override {
    auto g = create_game(GetParam());
    ASSERT_TRUE(g.ok()) << g.error().message;
    game_ = std::move(*g);
    auto s = SqliteStore::open({":memory:"});
    ASSERT_TRUE(s.ok());
    store_ = std::move(*s);
  }

  // Plays up to `plies` pseudo-random legal moves (fixed seed), storing each one as a room
  // would; the host (player 0) sits on seat 1 so seats and players differ. With
  // `keep_going`, a move that would end the game is passed over while another is legal
  // (small boards such as dobutsu can end within a few random plies).
  void play_and_store(int plies, unsigned seed, bool keep_going = false) {
    ASSERT_TRUE(store_->write(StoredRoomInfo{"room", "{}", 1}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{"room", {0, "Host Name", "hash-host"}}).ok());
    ASSERT_TRUE(store_->write(StoredSeat{"room", {1, "Guest Name", "hash-guest"}}).ok());
    StoredGameStart start{
        "room", 1, std::string(GetParam()), "{}", game_->initial_position(), {1, 0}, 1700000000000};
    ASSERT_TRUE(store_->write(start).ok());
    std::mt19937 rng(seed);
    for (int ply = 1; ply <= plies && !game_->over(); ++ply) {
      auto moves = game_->legal_moves();
      ASSERT_FALSE(moves.empty());
      std::string mv = moves[rng() % moves.size()];
      if (keep_going) {
        // The first move, in a shuffled order, that does not end the game: as fair a pick
        // among those as trying every move first, without playing each of duck chess's
        // thousand-odd moves on a copy at every ply.
        std::shuffle(moves.begin(), moves.end(), rng);
        for (const auto& m : moves) {
          auto trial = game_->clone();
          if (trial->apply(m).ok() && !trial->over()) {
            mv = m;
            break;
          }
        }
      }
      ASSERT_TRUE(game_->apply(mv).ok());
      StoredMove sm;
      sm.room_id = "room";
      sm.game_no = 1;
      sm.ply = ply;
      sm.move = game_->notation(static_cast<std::size_t>(ply - 1), Viewer::referee);
      sm.used_ms = 1000 + ply;
      ASSERT_TRUE(store_->write(sm).ok());
    }
  }

  StoredGame load() {
    auto g = store_->load_game("room", 1);
    EXPECT_TRUE(g.ok());
    return g ? *g : StoredGame{};
  }
  StoredSeries series() {
    auto s = store_->list_games("room");
    EXPECT_TRUE(s.ok());
    return s ? *s : StoredSeries{};
  }

  // The imported game has the same moves and position as the one played.
  void expect_round_trip(std::string_view format, const std::string& text) {
    auto back = import_game(GetParam(), format, text);
    ASSERT_TRUE(back.ok()) << format << ": " << back.error().message << "\n" << text;
    if ((*back)->history_size() > 0 || game_->history_size() == 0) {
      ASSERT_EQ((*back)->history_size(), game_->history_size()) << format << "\n" << text;
      for (std::size_t i = 0; i < game_->history_size(); ++i)
        EXPECT_EQ((*back)->notation(i, Viewer::referee), game_->notation(i, Viewer::referee))
            << format << " ply " << i + 1;
      EXPECT_EQ((*back)->initial_position(), game_->initial_position()) << format;
    }
    EXPECT_EQ((*back)->position(), game_->position()) << format << "\n" << text;
  }

  GamePtr game_;
  std::unique_ptr<SqliteStore> store_;
};

TEST_P(RecordExport, FinishedGameRoundTripsThroughTheImporters) {
  for (unsigned seed : {1u, 2u, 3u}) {
    SetUp();
    // A game with a thousand-odd moves a ply (duck chess: every move times every square for
    // the duck) plays fewer plies: its importers look each move up among all of them.
    const int plies = game_->legal_moves().size() > 500 ? 40 : 120;
    play_and_store(plies, seed);
    if (!game_->over()) {
      // Ended outside the board: the side to move resigns.
      int loser = game_->to_move();
      game_->finish(Outcome::win(1 - loser, "resignation"));
      ASSERT_TRUE(
          store_->write(StoredFinish{"room", 1, {"win", 1 - loser, "resignation"}, 2}).ok());
    } else {
      auto o = game_->outcome();
      const char* kind = o.kind == Outcome::Kind::win ? "win" : "draw";
      ASSERT_TRUE(store_->write(StoredFinish{"room", 1, {kind, o.winner, o.reason}, 2}).ok());
    }
    auto stored = load();
    auto replayed = replay_stored_game(stored);
    ASSERT_TRUE(replayed.ok()) << replayed.error().message;
    EXPECT_EQ((*replayed)->outcome(), game_->outcome());
    for (auto format : game_->info().record_formats) {
      auto text = export_stored_game(series(), stored, format, Viewer::spectator, {"5+3", ""});
      ASSERT_TRUE(text.ok()) << format << ": " << text.error().message;
      if (format != "sfen") {  // a bare position and moves: no place for names
        EXPECT_NE(text->find("Host Name"), std::string::npos) << format << "\n" << *text;
      }
      expect_round_trip(format, *text);
      // After the end every viewer gets the whole record.
      for (Viewer v : {Viewer::seat0, Viewer::seat1}) {
        auto seat_text = export_stored_game(series(), stored, format, v, {"5+3", ""});
        ASSERT_TRUE(seat_text.ok());
        EXPECT_EQ(*seat_text, *text) << format;
      }
    }
  }
}

TEST_P(RecordExport, GameInProgressIsExportedOnlyAsItsViewerSeesIt) {
  play_and_store(12, 7, true);
  ASSERT_FALSE(game_->over());
  auto stored = load();
  for (auto format : game_->info().record_formats) {
    RecordInfo info;
    auto referee = game_->export_record(format, Viewer::referee, info);
    auto spectator = export_stored_game(series(), stored, format, Viewer::spectator, {});
    ASSERT_TRUE(spectator.ok()) << spectator.error().message;
    // Asking as the referee gives the spectator's view: the server's view never leaves it.
    auto as_referee = export_stored_game(series(), stored, format, Viewer::referee, {});
    ASSERT_TRUE(as_referee.ok());
    EXPECT_EQ(*as_referee, *spectator);
    if (game_->info().hidden_information) {
      ASSERT_TRUE(referee.ok());
      EXPECT_NE(*spectator, *referee) << format << ": hidden pieces leaked while playing";
    } else {
      expect_round_trip(format, *spectator);
    }
  }
}

TEST_P(RecordExport, TokensMakeTheSeatOfTheirPlayer) {
  play_and_store(2, 3);
  auto s = series();
  auto g = load();
  std::string host = "hash-host", guest = "hash-guest", other = "hash-other";
  EXPECT_EQ(viewer_for_token_hash(s, g.start, host), Viewer::seat1);  // host sits on seat 1
  EXPECT_EQ(viewer_for_token_hash(s, g.start, guest), Viewer::seat0);
  EXPECT_EQ(viewer_for_token_hash(s, g.start, other), Viewer::spectator);
  EXPECT_EQ(viewer_for_token_hash(s, g.start, std::nullopt), Viewer::spectator);
  EXPECT_EQ(viewer_for_token_hash(s, g.start, std::string_view{}), Viewer::spectator);
}

TEST_P(RecordExport, AStoredMoveThatNoLongerReplaysIsAnError) {
  play_and_store(3, 5);
  auto g = load();
  ASSERT_FALSE(g.moves.empty());
  g.moves[1].move = "not-a-move";
  auto r = replay_stored_game(g);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error().code, storage_error);
}

INSTANTIATE_TEST_SUITE_P(EveryGame, RecordExport, ::testing::ValuesIn(game_ids()),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace banmen::server
