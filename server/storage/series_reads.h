// How a database-backed store puts together what its reads answer (a series, a game, a room
// to restore) from its own row readers: one home for it, whatever the database.
// `Rows` is the store class (it befriends SeriesReads<Rows>) with static
// read_room/read_players/read_games/read_moves/read_totals over its connection type `Db`.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "storage/store.h"

namespace banmen::server {

// The row readers each database store gives SeriesReads, declared once: a store class
// writes BANMEN_SERIES_ROW_READERS(its connection type) among its private members.
#define BANMEN_SERIES_ROW_READERS(Db)                                                              \
  /* `open_only`: a closed room reads as not found. */                                             \
  static Result<StoredRoomInfo> read_room(Db& db, const std::string& room_id,                      \
                                          bool open_only = false);                                 \
  static Result<std::optional<StoredReview>> read_review(Db& db, const std::string& room_id,       \
                                                         int game_no);                             \
  static Result<std::optional<StoredAnalysis>> read_analysis(Db& db, const std::string& room_id,   \
                                                             int game_no);                         \
  static Result<std::optional<StoredImport>> read_import(Db& db, const std::string& room_id);      \
  static Result<std::optional<StoredClockMark>> read_clock_mark(                                   \
      Db& db, const std::string& room_id, int game_no);                                            \
  static Result<std::vector<StoredConditionals>> read_conditionals(                                \
      Db& db, const std::string& room_id, int game_no);                                            \
  static Result<std::vector<StoredPlayer>> read_players(Db& db, const std::string& room_id);       \
  static Result<std::vector<StoredGame>> read_games(Db& db, const std::string& room_id,            \
                                                    const GamesPage& page);                        \
  static Result<std::vector<StoredMove>> read_moves(Db& db, const std::string& room_id,            \
                                                    int game_no);                                  \
  static Result<std::vector<StoredChat>> read_chat(Db& db, const std::string& room_id, int limit); \
  static Result<void> read_totals(Db& db, const std::string& room_id, StoredSeries& series);

template <class Rows>
struct SeriesReads {
  // The chat lines a restored room shows again.
  static constexpr int kRestoredChatLines = 100;

  // One row of the games query (game_no, game_id, options_json, initial_position, the two
  // seats, started_ms, result_kind, winner, reason, finished_ms, plies), from any database's
  // row type with int32/int64/text/is_null by column.
  template <class Row>
  static StoredGame game_from(const Row& s, const std::string& room_id) {
    StoredGame g;
    g.start.room_id = room_id;
    g.start.game_no = s.int32(0);
    g.start.game_id = s.text(1);
    g.start.options_json = s.text(2);
    g.start.initial_position = s.text(3);
    g.start.seat_of_player[0] = s.int32(4);
    g.start.seat_of_player[1] = s.int32(5);
    g.start.started_ms = s.int64(6);
    g.finished = !s.is_null(10);
    if (g.finished) {
      g.outcome = StoredOutcome{s.text(7), s.int32(8), s.text(9)};
      g.finished_ms = s.int64(10);
    }
    g.plies = s.int32(11);
    return g;
  }

  // One row of the moves query (ply, move, remaining0, remaining1, periods0, periods1,
  // server_ms, used_ms, byoyomi0, byoyomi1), from any database's row type (with boolean).
  template <class Row>
  static StoredMove move_from(const Row& s, const std::string& room_id, int game_no) {
    StoredMove m;
    m.room_id = room_id;
    m.game_no = game_no;
    m.ply = s.int32(0);
    m.move = s.text(1);
    m.remaining_ms[0] = s.int64(2);
    m.remaining_ms[1] = s.int64(3);
    m.periods_left[0] = s.int32(4);
    m.periods_left[1] = s.int32(5);
    m.server_ms = s.int64(6);
    m.used_ms = s.int64(7);
    m.in_byoyomi[0] = s.boolean(8);
    m.in_byoyomi[1] = s.boolean(9);
    return m;
  }

  // A room as a restart or a reopened link needs it: its players, recent chat, the series
  // score, and the last game (finished or not) with its moves and its review. A closed room
  // reads as stored_not_found. The score comes from read_totals and the last game from one
  // page of games, so a room of thousands of games costs the same as a room of one.
  template <class Db>
  static Result<StoredRoom> room(Db& db, const std::string& id) {
    StoredRoom room;
    auto info = Rows::read_room(db, id, /*open_only=*/true);
    if (!info) return info.error();
    auto players = Rows::read_players(db, id);
    if (!players) return players.error();
    StoredSeries totals;
    if (auto r = Rows::read_totals(db, id, totals); !r) return r.error();
    // Game numbers count from 1 without gaps, so the last game is the one numbered
    // total_games; from there on (in case of a gap) the last row is still the newest.
    auto games = totals.total_games > 0
                     ? Rows::read_games(db, id, {totals.total_games, 1 << 30})
                     : Result<std::vector<StoredGame>>(std::vector<StoredGame>{});
    if (!games) return games.error();
    auto chat = Rows::read_chat(db, id, kRestoredChatLines);
    if (!chat) return chat.error();
    room.info = std::move(*info);
    room.players = std::move(*players);
    room.chat = std::move(*chat);
    auto imported = Rows::read_import(db, id);
    if (!imported) return imported.error();
    room.imported = std::move(*imported);
    room.score[0] = totals.score[0];
    room.score[1] = totals.score[1];
    if (!games->empty()) {
      const auto& last = games->back();
      room.game = last.start;
      room.finished = last.finished;
      room.outcome = last.outcome;
      room.finished_ms = last.finished_ms;
      auto moves = Rows::read_moves(db, id, room.game.game_no);
      if (!moves) return moves.error();
      room.moves = std::move(*moves);
      auto review = Rows::read_review(db, id, room.game.game_no);
      if (!review) return review.error();
      room.review = std::move(*review);
      if (!room.finished) {
        auto mark = Rows::read_clock_mark(db, id, room.game.game_no);
        if (!mark) return mark.error();
        room.clock_mark = std::move(*mark);
        auto lines = Rows::read_conditionals(db, id, room.game.game_no);
        if (!lines) return lines.error();
        room.conditionals = std::move(*lines);
      }
    }
    // The last game's analysis, then game 0's (the record brought in).
    for (int n : {room.game.game_no, 0}) {
      if (n == 0 && !room.analyses.empty() && room.analyses.back().game_no == 0) continue;
      auto analysis = Rows::read_analysis(db, id, n);
      if (!analysis) return analysis.error();
      if (*analysis) room.analyses.push_back(std::move(**analysis));
    }
    return room;
  }
  template <class Db>
  static Result<StoredSeries> series(Db& db, const std::string& room_id, const GamesPage& page) {
    StoredSeries series;
    auto info = Rows::read_room(db, room_id);
    if (!info) return info.error();
    auto players = Rows::read_players(db, room_id);
    if (!players) return players.error();
    // A page of no games still answers with the room, its players and the series' totals.
    auto games = page.limit > 0 ? Rows::read_games(db, room_id, page)
                                : Result<std::vector<StoredGame>>(std::vector<StoredGame>{});
    if (!games) return games.error();
    if (auto r = Rows::read_totals(db, room_id, series); !r) return r.error();
    series.info = std::move(*info);
    series.players = std::move(*players);
    series.games = std::move(*games);
    return series;
  }

  template <class Db>
  static Result<StoredGame> game(Db& db, const std::string& room_id, int game_no) {
    auto games = Rows::read_games(db, room_id, {game_no, 1});
    if (!games) return games.error();
    if (games->empty() || games->front().start.game_no != game_no)
      return make_error(stored_not_found,
                        "no game " + std::to_string(game_no) + " in room " + room_id);
    auto moves = Rows::read_moves(db, room_id, game_no);
    if (!moves) return moves.error();
    games->front().moves = std::move(*moves);
    auto analysis = Rows::read_analysis(db, room_id, game_no);
    if (!analysis) return analysis.error();
    if (*analysis) games->front().analysis = std::move((*analysis)->analysis_json);
    return std::move(games->front());
  }
};

}  // namespace banmen::server
