// The room's order of steps: one piece of work at a time on its strand, held while a store
// write is under way; the store's writes and their retries; answers.
#include "rooms/room.h"

#include <spdlog/spdlog.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>

#include "protocol/error_codes.h"
#include "storage/room_ownership.h"
#include "util/time.h"

namespace banmen::server {

Room::Room(RoomServices services, std::string id, std::string creator_address)
    : services_(services),
      id_(std::move(id)),
      creator_address_(std::move(creator_address)),
      strand_(boost::asio::make_strand(services.ioc)),
      flag_timer_(strand_),
      first_move_timer_(strand_),
      spectator_count_timer_(strand_),
      computer_retry_timer_(strand_) {
  last_activity_ms_ = unix_ms();
}

Room::~Room() {
  analyses_.cancel();
  if (detached_gone_) detached_gone_();
}

void Room::touch() {
  last_activity_ms_ = unix_ms();
}

void Room::run(std::function<void()> work) {
  boost::asio::post(strand_, [self = shared_from_this(), work = std::move(work)]() mutable {
    if (self->store_busy_ || self->worker_busy_) return self->waiting_.push_back(std::move(work));
    work();
  });
}

void Room::run_waiting() {
  while (!store_busy_ && !worker_busy_ && !waiting_.empty()) {
    auto work = std::move(waiting_.front());
    waiting_.pop_front();
    work();
  }
}

void Room::store_then(StoreWrite write, std::function<void(const Result<void>&)> then) {
  store_busy_ = true;
  services_.store.submit(std::move(write), [self = shared_from_this(),
                                            then = std::move(then)](Result<void> stored) mutable {
    boost::asio::post(self->strand_, [self, then = std::move(then), stored = std::move(stored)] {
      self->store_busy_ = false;
      if (!stored && stored.error().code == room_fenced && self->fenced_ && !self->fenced_told_) {
        self->fenced_told_ = true;
        self->fenced_();
      }
      then(stored);
      self->run_waiting();
    });
  });
}

bool Room::work_then(const Request& r, std::uint64_t cost,
                     std::function<std::function<void()>()> work) {
  // The I/O context counts the job as its own work until the answer is posted back: it
  // does not run out of work (and return from run()) while a room waits for a worker.
  using Guard = boost::asio::executor_work_guard<boost::asio::io_context::executor_type>;
  auto busy = std::make_shared<Guard>(services_.ioc.get_executor());
  // The answer goes to the strand only once the job's shares are free (RoomWorkers'
  // delivery): the request held behind it, or the sender's next, finds them back.
  const auto admitted = services_.workers.post(
      id_, r.client->address(), cost, [self = shared_from_this(), work = std::move(work), busy] {
        return RoomWorkers::Deliver([self, then = work(), busy]() mutable {
          boost::asio::post(self->strand_, [self, then = std::move(then)] {
            self->worker_busy_ = false;
            then();
            self->run_waiting();
          });
          busy->reset();
        });
      });
  if (admitted != RoomWorkers::Admission::ran) {
    services_.metrics.refused.add(Refusal::room_work_busy);
    refuse(r, errc::rate_limited, "the room's or your share of the server's workers is busy");
    return false;
  }
  services_.metrics.room_work_total++;
  worker_busy_ = true;
  return true;
}

void Room::store_until_committed(StoreWrite write, std::function<void()> then,
                                 std::function<void()> on_first_failure, int attempt) {
  auto retry = [this, write, then = std::move(then), on_first_failure = std::move(on_first_failure),
                attempt](const Result<void>& stored) mutable {
    if (stored) return then();
    const auto delay = std::chrono::milliseconds(std::min(30000, 250 << std::min(attempt, 7)));
    spdlog::error("room {} storage: {}; trying again in {} ms", id_, stored.error().message,
                  delay.count());
    if (attempt == 0 && on_first_failure) on_first_failure();
    auto timer = std::make_shared<boost::asio::steady_timer>(strand_, delay);
    timer->async_wait([weak = weak_from_this(), timer, write, then = std::move(then),
                       attempt](boost::system::error_code ec) mutable {
      auto self = weak.lock();
      if (ec || !self) return;  // the room is gone: the server is stopping or it expired
      self->store_until_committed(std::move(write), std::move(then), {}, attempt + 1);
    });
  };
  store_then(write, std::move(retry));
}

void Room::commit_then(StoreWrite write, const Request& r, std::function<void()> then) {
  store_then(std::move(write),
             [this, c = r.client, re = r.re, then = std::move(then)](const Result<void>& stored) {
               if (store_ok(stored, c.get(), re)) then();
             });
}

// Each entry point's closure holds the room (run() keeps `self` until it has run).
void Room::create(std::shared_ptr<Client> host, RoomOptions options, std::string name, json re) {
  run([this, host = std::move(host), o = std::move(options), n = std::move(name),
       r = std::move(re)]() mutable {
    do_create(std::move(host), std::move(o), std::move(n), std::move(r));
  });
}

void Room::join(std::shared_ptr<Client> client, JoinRequest request, json re) {
  run([this, c = std::move(client), r = std::move(request), re = std::move(re)]() mutable {
    do_join(std::move(c), std::move(r), std::move(re));
  });
}

void Room::join(std::shared_ptr<Client> client, const json& msg) {
  auto read = read_join_request(msg);
  if (!read) return refuse(*client, request_id(msg), read.error().code, read.error().message);
  join(std::move(client), std::move(read.value()), request_id(msg));
}

void Room::leave(std::uint64_t client_id) {
  run([this, client_id] { do_leave(client_id); });
}

void Room::request(std::shared_ptr<Client> client, RoomRequest request, json re) {
  run([this, c = std::move(client), r = std::move(request), re = std::move(re)]() mutable {
    do_request(std::move(c), std::move(r), std::move(re));
  });
}

void Room::request(std::shared_ptr<Client> client, const json& msg) {
  auto read = find_request(get_string(msg, "type").value_or(""), msg);
  run([this, c = std::move(client), r = std::move(read), re = request_id(msg)]() mutable {
    do_request(std::move(c), std::move(r), std::move(re));
  });
}

void Room::shutdown() {
  run([this] {
    closed_ = true;
    flag_timer_.cancel();
    first_move_timer_.cancel();
    stop_computer();
    analyses_.cancel();
    spectator_count_timer_.cancel();
    for (auto& [id, m] : seating_.take_members())
      if (auto c = m.client.lock()) c->left_room(this);
  });
}

void Room::reply(Client& c, json j, const json& re) {
  if (!re.is_null()) j["re"] = re;
  c.send(encode(j));
}

void Room::refuse(Client& c, const json& re, std::string_view code, std::string_view message) {
  services_.metrics.errors_total++;
  c.send(encode(error_message(re, code, message)));
}

bool Room::store_ok(Result<void> r, Client* c, const json& re) {
  if (r) return true;
  spdlog::error("room {} storage: {}", id_, r.error().message);
  if (c) refuse(*c, re, errc::storage_error, "the server could not record this; nothing changed");
  return false;
}

bool Room::expired(std::int64_t now_ms) const {
  auto idle = now_ms - last_activity_ms_.load();
  if (idle > services_.config.room_max_idle_ms) return true;
  return connected_.load() == 0 && !in_progress_.load() && idle > services_.config.room_idle_ttl_ms;
}

std::optional<json> Room::public_listing() const {
  std::lock_guard lock(shared_mu_);
  return listing_;
}

}  // namespace banmen::server
