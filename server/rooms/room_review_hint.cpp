// Hints on the review board (docs/engine.md, "Hints"): a driver of the review asks the
// engine for its best move and evaluation of the position the review shows. The search
// runs on the engine pool at a fixed level and time, never on the room's strand; its
// answer comes back to the strand and goes to the asker only, marked with the node it is
// for (the review may have moved on meanwhile: the client shows it only at that node).
//
// Bounded three ways: one hint under way per room, one per client every
// ReviewHints::kIntervalMs (both kept by the ReviewHints part), and the pool's share for the
// room's address and its queue (no place: engine_busy at once).
#include <spdlog/spdlog.h>

#include "engine/engine.h"
#include "protocol/error_codes.h"
#include "rooms/room.h"
#include "util/time.h"

namespace banmen::server {

namespace {
// Strong but bounded: level 6 searches 9 plies within 1.5 s (docs/engine.md, "Levels").
constexpr int kHintLevel = 6;
constexpr std::int64_t kHintBudgetMs = 1500;
}  // namespace

void Room::on_review_hint(const Request& r) {
  const VariationTree& tree = review_->tree();
  const std::string game_id(tree.root_game().info().id);
  if (!engine::engine_supports(game_id))
    return refuse(r, errc::unsupported, "the engine does not play '" + game_id + "'");
  const std::int64_t now = steady_ms();
  if (auto why = hints_.refusal(r.client->client_id(), now); !why.empty())
    return refuse(r, errc::rate_limited, why);
  const NodeId node = tree.current();
  const int game_no = review_->game_no();
  const std::uint64_t board = review_->serial();
  auto position = tree.game_at(node);
  if (!position) return refuse(r, errc::internal_error, "the review's position is lost");
  if ((*position)->over()) return refuse(r, errc::game_over, "the position is over");

  engine::EngineRequest request;
  request.level = kHintLevel;
  request.budget_ms = kHintBudgetMs;
  request.seed = static_cast<std::uint64_t>(now);
  const Viewer viewer = seat_viewer((*position)->to_move());
  // After the game nothing is hidden: the review holds the referee's game, and for dog-cat
  // the engine is given the whole position (every type revealed), as the board shows it.
  const std::uint64_t search = hints_.next_search();
  const auto admitted =
      submit_search(engine_job(**position, viewer, Viewer::referee, request), nullptr,
                    [this, search, client = r.client, re = r.re, node, game_no,
                     board](const Result<engine::EngineReply>& reply) {
                      hint_answered(search, *client, re, {game_no, node, board}, reply);
                    });
  if (!admitted)
    return refuse(r, errc::engine_busy,
                  admitted.refusal == EnginePool::Refusal::address_full
                      ? "the engine is working for this address's other rooms; try again in a "
                        "moment"
                      : "the engine is busy; try again in a moment");
  hints_.searching(admitted.handle, r.client->client_id(), now);
}

void Room::hint_answered(std::uint64_t search, Client& client, const json& re, HintNode at,
                         const Result<engine::EngineReply>& answer) {
  if (!hints_.answered(search)) return;
  if (closed_ || !seating_.find(client.client_id())) return;  // the asker has left
  if (!answer) return refuse(client, re, answer.error().code, answer.error().message);
  // A review of another game (a rematch was played meanwhile, another record was brought
  // in): its nodes are not this one's.
  if (!review_ || review_->game_no() != at.game_no || review_->serial() != at.board)
    return refuse(client, re, errc::no_review, "the review moved to another game");
  const NodeId node = at.node;
  // The move as people read it, from the node's position (the tree may have grown since,
  // but a node never changes).
  std::string display = answer->move;
  if (auto before = review_->tree().game_at(node); before)
    display = ReviewBoard::display_of(**before, answer->move);
  reply(client,
        json{{"type", "review_hint"},
             {"node", node},
             {"move", answer->move},
             {"display", display},
             {"score", answer->score},
             {"solved", answer->solved},
             {"depth", answer->depth},
             {"level", kHintLevel}},
        re);
}

}  // namespace banmen::server
