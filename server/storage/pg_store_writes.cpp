// PgStore's writes: one prepared statement per kind of write, its parameters, and how its
// answer reads. A refusal (a move out of sequence, a result for a game already over, a
// takeback beyond the record) is a statement that changes no row, never an error, so it
// leaves the transaction of its batch healthy.
#include <cstdlib>

#include "storage/pg_store.h"

namespace banmen::server {

namespace {

// Parameters are sent as text, so each is cast where PostgreSQL could not infer its type.
// A game's start and its result, like a move, are taken as the same write sent again when
// the store already has them as sent (its first answer lost: store.h); a different start
// for that game number, or another result, is still refused.
//
// The writes that count as the room's activity (all but moves, seats and takebacks) move
// rooms.last_active_ms forward in the same statement, so a batch keeps one statement per
// write (`touch` is a data-modifying WITH; the statement's own row count is what verdict()
// reads).
#define BANMEN_PG_TOUCH(ms, room)                                                 \
  "WITH touch AS (UPDATE rooms SET last_active_ms = GREATEST(last_active_ms, " ms \
  ") "                                                                            \
  "WHERE room_id = " room ") "
constexpr const char* kRoom =
    "INSERT INTO rooms (room_id, options_json, created_ms, last_active_ms) "
    "VALUES ($1, $2, $3::bigint, $3::bigint)";
constexpr const char* kSeat =
    "INSERT INTO players (room_id, player, name, token_hash, computer_game, computer_level) "
    "VALUES ($1, $2::int, $3, $4, $5::int, $6::int) "
    "ON CONFLICT (room_id, player) DO UPDATE SET name = excluded.name, "
    "token_hash = excluded.token_hash, computer_game = excluded.computer_game, "
    "computer_level = excluded.computer_level";
constexpr const char* kGameStart = BANMEN_PG_TOUCH("$8::bigint", "$1")
    "INSERT INTO games (room_id, game_no, game_id, options_json, initial_position, "
    "seat_of_player0, seat_of_player1, started_ms) VALUES ($1, $2::int, $3, $4, $5, $6::int, "
    "$7::int, $8::bigint) "
    "ON CONFLICT (room_id, game_no) DO UPDATE SET started_ms = games.started_ms "
    "WHERE games.game_id = excluded.game_id AND games.initial_position = "
    "excluded.initial_position AND games.seat_of_player0 = excluded.seat_of_player0 "
    "AND games.finished_ms IS NULL";
// The row goes in only if the game is running and this is the next ply (no later ply
// stored, the previous one stored): primary-key probes, whatever the game's length. The
// same move already stored as the last ply is this write sent again after its answer was
// lost: accepted (with this attempt's clocks), never stored twice (store.h).
constexpr const char* kMove =
    "INSERT INTO moves (room_id, game_no, ply, move, remaining0, remaining1, periods0, "
    "periods1, server_ms, used_ms, byoyomi0, byoyomi1) "
    "SELECT $1::text, $2::int, $3::int, $4::text, $5::bigint, $6::bigint, $7::int, $8::int, "
    "$9::bigint, $10::bigint, $11::bool, $12::bool "
    "WHERE EXISTS (SELECT 1 FROM games WHERE room_id = $1::text AND game_no = $2::int "
    "              AND finished_ms IS NULL) "
    "AND NOT EXISTS (SELECT 1 FROM moves WHERE room_id = $1::text AND game_no = $2::int "
    "                AND ply > $3::int) "
    "AND ($3::int = 1 OR EXISTS (SELECT 1 FROM moves WHERE room_id = $1::text "
    "     AND game_no = $2::int AND ply = $3::int - 1)) "
    "ON CONFLICT (room_id, game_no, ply) DO UPDATE SET remaining0 = excluded.remaining0, "
    "remaining1 = excluded.remaining1, periods0 = excluded.periods0, "
    "periods1 = excluded.periods1, server_ms = excluded.server_ms, used_ms = excluded.used_ms, "
    "byoyomi0 = excluded.byoyomi0, byoyomi1 = excluded.byoyomi1 "
    "WHERE moves.move = excluded.move";
// One row: whether `plies` was within the record (then the later moves are gone).
constexpr const char* kTakeback =
    "WITH n AS (SELECT count(*) AS plies FROM moves WHERE room_id = $1::text "
    "           AND game_no = $2::int), "
    "d AS (DELETE FROM moves WHERE room_id = $1::text AND game_no = $2::int AND ply > $3::int "
    "      AND $3::int >= 0 AND $3::int <= (SELECT plies FROM n) RETURNING 1) "
    "SELECT $3::int >= 0 AND $3::int <= (SELECT plies FROM n)";
constexpr const char* kFinish = BANMEN_PG_TOUCH("$4::bigint", "$5")
    "UPDATE games SET result_kind = $1, winner = $2::int, reason = $3, "
    "finished_ms = COALESCE(finished_ms, $4::bigint) "
    "WHERE room_id = $5 AND game_no = $6::int AND (finished_ms IS NULL OR "
    "(result_kind = $1 AND winner IS NOT DISTINCT FROM $2::int AND reason = $3))";
constexpr const char* kChat = BANMEN_PG_TOUCH("$6::bigint", "$1")
    "INSERT INTO chat (room_id, player, name, channel, text, server_ms) "
    "VALUES ($1, $2::int, $3, $4, $5, $6::bigint)";
// Only for a game the store has (no row otherwise: refused); a later review replaces it.
constexpr const char* kReview = BANMEN_PG_TOUCH("$5::bigint", "$1::text")
    "INSERT INTO reviews (room_id, game_no, tree_text, open, server_ms) "
    "SELECT $1::text, $2::int, $3::text, $4::bool, $5::bigint WHERE EXISTS "
    "(SELECT 1 FROM games WHERE room_id = $1::text AND game_no = $2::int) "
    "ON CONFLICT (room_id, game_no) DO UPDATE SET tree_text = excluded.tree_text, "
    "open = excluded.open, server_ms = excluded.server_ms";
// Only for a game the store has, or game 0 of a room it has; a later one replaces it.
constexpr const char* kAnalysis = BANMEN_PG_TOUCH("$4::bigint", "$1::text")
    "INSERT INTO analyses (room_id, game_no, analysis_json, server_ms) "
    "SELECT $1::text, $2::int, $3::text, $4::bigint WHERE EXISTS "
    "(SELECT 1 FROM games WHERE room_id = $1::text AND game_no = $2::int) OR "
    "($2::int = 0 AND EXISTS (SELECT 1 FROM rooms WHERE room_id = $1::text)) "
    "ON CONFLICT (room_id, game_no) DO UPDATE SET analysis_json = excluded.analysis_json, "
    "server_ms = excluded.server_ms";
// Only for a game under way; a later mark of the game replaces it ($6: this process's owner).
constexpr const char* kClockMark =
    "INSERT INTO clock_marks (room_id, game_no, ply, remaining_ms, server_ms, owner) "
    "SELECT $1::text, $2::int, $3::int, $4::bigint, $5::bigint, $6::text WHERE EXISTS "
    "(SELECT 1 FROM games WHERE room_id = $1::text AND game_no = $2::int "
    "AND finished_ms IS NULL) "
    "ON CONFLICT (room_id, game_no) DO UPDATE SET ply = excluded.ply, "
    "remaining_ms = excluded.remaining_ms, server_ms = excluded.server_ms, "
    "owner = excluded.owner";
// Only for a game under way; a later write of the same player replaces it.
constexpr const char* kConditionals =
    "INSERT INTO conditionals (room_id, game_no, player, ply, lines_json) "
    "SELECT $1::text, $2::int, $3::int, $4::int, $5::text WHERE EXISTS "
    "(SELECT 1 FROM games WHERE room_id = $1::text AND game_no = $2::int "
    "AND finished_ms IS NULL) "
    "ON CONFLICT (room_id, game_no, player) DO UPDATE SET ply = excluded.ply, "
    "lines_json = excluded.lines_json";
// Only for a room the store has (no row otherwise: refused); a later record replaces it.
constexpr const char* kImport = BANMEN_PG_TOUCH("$8::bigint", "$1::text")
    "INSERT INTO imports (room_id, game_id, root_position, tree_text, name, format, open, "
    "server_ms) SELECT $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::bool, "
    "$8::bigint WHERE EXISTS (SELECT 1 FROM rooms WHERE room_id = $1::text) "
    "ON CONFLICT (room_id) DO UPDATE SET game_id = excluded.game_id, "
    "root_position = excluded.root_position, tree_text = excluded.tree_text, "
    "name = excluded.name, format = excluded.format, open = excluded.open, "
    "server_ms = excluded.server_ms";
#undef BANMEN_PG_TOUCH
// Only for an open room; the same endpoint of the same player replaces the earlier keys.
// The cap in the same statement: the one written now stays, and of the player's others the
// newest (server_ms, then endpoint) up to the cap ($7: the cap less one). The DELETE sees
// the table as it was before the INSERT, and never the row the INSERT writes.
constexpr const char* kPushSubscription =
    "WITH over_cap AS (DELETE FROM push_subscriptions WHERE room_id = $1::text "
    "AND player = $2::int AND endpoint IN (SELECT endpoint FROM push_subscriptions "
    "WHERE room_id = $1::text AND player = $2::int AND endpoint <> $3::text "
    "ORDER BY server_ms DESC, endpoint COLLATE \"C\" DESC OFFSET $7::int) "
    "AND EXISTS (SELECT 1 FROM rooms WHERE room_id = $1::text AND closed_ms IS NULL)) "
    "INSERT INTO push_subscriptions (room_id, player, endpoint, p256dh, auth, server_ms) "
    "SELECT $1::text, $2::int, $3::text, $4::text, $5::text, $6::bigint WHERE EXISTS "
    "(SELECT 1 FROM rooms WHERE room_id = $1::text AND closed_ms IS NULL) "
    "ON CONFLICT (room_id, player, endpoint) DO UPDATE SET p256dh = excluded.p256dh, "
    "auth = excluded.auth, server_ms = excluded.server_ms";
// An endpoint of one player of a room, or ($1 empty) in every room (its index).
constexpr const char* kPushWithdrawal =
    "DELETE FROM push_subscriptions WHERE endpoint = $3::text "
    "AND ($1::text = '' OR (room_id = $1::text AND player = $2::int))";
constexpr const char* kFence = "SELECT banmen_fence($1, $2, $3::bigint)";
// A closed room pushes to nobody: its subscriptions go with it.
constexpr const char* kClose =
    "WITH gone AS (DELETE FROM push_subscriptions WHERE room_id = $2::text) "
    "UPDATE rooms SET closed_ms = $1::bigint WHERE room_id = $2::text AND closed_ms IS NULL";

struct Statement {
  const char* name;
  pg::Params params;
};

struct ToStatement {
  const std::string& owner;  // of the clock marks this process writes

  Statement operator()(const StoredRoomInfo& r) const {
    pg::Params p;
    p.add(r.room_id).add(r.options_json).add(r.created_ms);
    return {"w_room", std::move(p)};
  }
  Statement operator()(const StoredSeat& s) const {
    pg::Params p;
    p.add(s.room_id)
        .add(s.player.player)
        .add(s.player.name)
        .add(s.player.token_hash)
        .add(s.player.computer_game)
        .add(s.player.computer_level);
    return {"w_seat", std::move(p)};
  }
  Statement operator()(const StoredGameStart& g) const {
    pg::Params p;
    p.add(g.room_id)
        .add(g.game_no)
        .add(g.game_id)
        .add(g.options_json)
        .add(g.initial_position)
        .add(g.seat_of_player[0])
        .add(g.seat_of_player[1])
        .add(g.started_ms);
    return {"w_game", std::move(p)};
  }
  Statement operator()(const StoredMove& m) const {
    pg::Params p;
    p.add(m.room_id)
        .add(m.game_no)
        .add(m.ply)
        .add(m.move)
        .add(m.remaining_ms[0])
        .add(m.remaining_ms[1])
        .add(m.periods_left[0])
        .add(m.periods_left[1])
        .add(m.server_ms)
        .add(m.used_ms)
        .add(m.in_byoyomi[0])
        .add(m.in_byoyomi[1]);
    return {"w_move", std::move(p)};
  }
  Statement operator()(const StoredTakeback& t) const {
    pg::Params p;
    p.add(t.room_id).add(t.game_no).add(t.plies);
    return {"w_takeback", std::move(p)};
  }
  Statement operator()(const StoredFinish& f) const {
    pg::Params p;
    p.add(f.outcome.kind)
        .add(f.outcome.winner)
        .add(f.outcome.reason)
        .add(f.server_ms)
        .add(f.room_id)
        .add(f.game_no);
    return {"w_finish", std::move(p)};
  }
  Statement operator()(const StoredChat& c) const {
    pg::Params p;
    p.add(c.room_id).add(c.player).add(c.name).add(c.channel).add(c.text).add(c.server_ms);
    return {"w_chat", std::move(p)};
  }
  Statement operator()(const StoredClose& c) const {
    pg::Params p;
    p.add(c.server_ms).add(c.room_id);
    return {"w_close", std::move(p)};
  }
  Statement operator()(const StoredReview& r) const {
    pg::Params p;
    p.add(r.room_id).add(r.game_no).add(r.tree_text).add(r.open).add(r.server_ms);
    return {"w_review", std::move(p)};
  }
  Statement operator()(const StoredAnalysis& a) const {
    pg::Params p;
    p.add(a.room_id).add(a.game_no).add(a.analysis_json).add(a.server_ms);
    return {"w_analysis", std::move(p)};
  }
  Statement operator()(const StoredClockMark& c) const {
    pg::Params p;
    p.add(c.room_id).add(c.game_no).add(c.ply).add(c.remaining_ms).add(c.server_ms).add(owner);
    return {"w_clock_mark", std::move(p)};
  }
  Statement operator()(const StoredConditionals& c) const {
    pg::Params p;
    p.add(c.room_id).add(c.game_no).add(c.player).add(c.ply).add(c.lines_json);
    return {"w_conditionals", std::move(p)};
  }
  Statement operator()(const StoredPushSubscription& s) const {
    pg::Params p;
    p.add(s.room_id)
        .add(s.player)
        .add(s.endpoint)
        .add(s.p256dh)
        .add(s.auth)
        .add(s.server_ms)
        .add(static_cast<int>(kPushSubscriptionsPerPlayer) - 1);
    return {"w_push_subscription", std::move(p)};
  }
  Statement operator()(const StoredPushWithdrawal& w) const {
    pg::Params p;
    p.add(w.room_id).add(w.player).add(w.endpoint);
    return {"w_push_withdrawal", std::move(p)};
  }
  Statement operator()(const StoredImport& i) const {
    pg::Params p;
    p.add(i.room_id)
        .add(i.game_id)
        .add(i.root_position)
        .add(i.tree_text)
        .add(i.name)
        .add(i.format)
        .add(i.open)
        .add(i.server_ms);
    return {"w_import", std::move(p)};
  }
};

bool changed_one_row(const PGresult* r) {
  return std::atoi(PQcmdTuples(const_cast<PGresult*>(r))) == 1;
}

Error refused(std::string why) {
  return make_error(storage_error, std::move(why));
}

}  // namespace

Result<void> PgStore::prepare_writes(pg::Connection& db) {
  const std::pair<const char*, const char*> statements[] = {
      {"w_room", kRoom},
      {"w_seat", kSeat},
      {"w_game", kGameStart},
      {"w_move", kMove},
      {"w_takeback", kTakeback},
      {"w_finish", kFinish},
      {"w_chat", kChat},
      {"w_close", kClose},
      {"w_fence", kFence},
      {"w_review", kReview},
      {"w_analysis", kAnalysis},
      {"w_import", kImport},
      {"w_clock_mark", kClockMark},
      {"w_conditionals", kConditionals},
      {"w_push_subscription", kPushSubscription},
      {"w_push_withdrawal", kPushWithdrawal}};
  for (const auto& [name, sql] : statements)
    if (auto r = db.prepare(name, sql); !r) return r;
  return ok();
}

namespace {
pg::Params fence_params(const std::string& room, const std::string& owner, std::int64_t epoch) {
  pg::Params p;
  p.add(room).add(owner).add(epoch);
  return p;
}
}  // namespace

Result<void> PgStore::send(const QueuedWrite& q) {
  if (fences(q))
    if (auto r = writer_->send_prepared(
            "w_fence", fence_params(room_of(q.write), options_.server_id, q.epoch));
        !r)
      return r;
  auto st = std::visit(ToStatement{owner_}, q.write);
  return writer_->send_prepared(st.name, st.params);
}

Result<void> PgStore::run_fence(const QueuedWrite& q) {
  auto r = writer_->execute_prepared("w_fence",
                                     fence_params(room_of(q.write), options_.server_id, q.epoch));
  if (!r) return r.error();
  return fence_verdict(r->get());
}

Result<void> PgStore::fence_verdict(const PGresult* r) {
  if (pg::succeeded(r)) return ok();
  if (pg::sqlstate(r) == "BM001")
    return make_error(room_fenced, PQresultErrorField(r, PG_DIAG_MESSAGE_PRIMARY));
  return pg::failure(r, "PostgreSQL fence");
}

Result<void> PgStore::run(const StoreWrite& w) {
  auto st = std::visit(ToStatement{owner_}, w);
  auto r = writer_->execute_prepared(st.name, st.params);
  if (!r) return r.error();
  return verdict(w, r->get());
}

Result<void> PgStore::verdict(const StoreWrite& w, const PGresult* r) {
  if (!pg::succeeded(r)) return pg::failure(r, "PostgreSQL refused the write");
  if (std::holds_alternative<StoredMove>(w) && !changed_one_row(r))
    return refused("move out of sequence or game not running");
  if (const auto* g = std::get_if<StoredGameStart>(&w); g && !changed_one_row(r))
    return refused("game " + std::to_string(g->game_no) + " was started otherwise");
  if (const auto* f = std::get_if<StoredFinish>(&w); f && !changed_one_row(r))
    return refused("no running game " + std::to_string(f->game_no));
  if (const auto* v = std::get_if<StoredReview>(&w); v && !changed_one_row(r))
    return refused("no game " + std::to_string(v->game_no) + " to review");
  if (const auto* a = std::get_if<StoredAnalysis>(&w); a && !changed_one_row(r))
    return refused("no game " + std::to_string(a->game_no) + " to analyse");
  if (const auto* i = std::get_if<StoredImport>(&w); i && !changed_one_row(r))
    return refused("no room " + i->room_id + " to bring a record into");
  if (const auto* c = std::get_if<StoredConditionals>(&w); c && !changed_one_row(r))
    return refused("no running game " + std::to_string(c->game_no));
  if (const auto* c = std::get_if<StoredClockMark>(&w); c && !changed_one_row(r))
    return refused("no running game " + std::to_string(c->game_no));
  if (const auto* p = std::get_if<StoredPushSubscription>(&w); p && !changed_one_row(r))
    return refused("no open room " + p->room_id);
  if (std::holds_alternative<StoredTakeback>(w) && (PQntuples(r) != 1 || !pg::Row(r, 0).boolean(0)))
    return refused("takeback beyond the record");
  return ok();
}

}  // namespace banmen::server
