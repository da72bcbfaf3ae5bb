// The whole message path in one process: arbitrary sequences of messages from four
// connections go through the dispatcher into the rooms of a server with a memory store,
// exactly as WebSocket sessions hand them in. Nothing may crash, hang or trip a sanitizer,
// and everything the server sends must be a JSON object.
//
// Input: lines; a line's first byte picks the connection (of 4), the rest is the message.
// So that mutations reach real play, a message may say $R (the last room id anyone was
// told), $T / $U (this connection's / the next one's seat token), $M (a legal move this
// connection was offered) and $V (the last version it saw); the harness fills them in.
#include <spdlog/spdlog.h>

#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "app/dispatcher.h"
#include "app/hub.h"
#include "app/peer.h"
#include "rooms/room.h"
#include "storage/memory_store.h"

namespace {

using namespace banmen::server;
using nlohmann::json;

constexpr int kPeers = 4;
std::string g_last_room;  // the last room id any connection was told (reset per input)

class FuzzPeer final : public Peer {
 public:
  explicit FuzzPeer(std::uint64_t id) : id_(id) {}
  std::uint64_t client_id() const override { return id_; }
  void send(std::shared_ptr<const std::string> message) override {
    auto j = json::parse(*message, nullptr, false);
    if (!j.is_object()) std::abort();  // the server only ever sends JSON objects
    if (j.contains("room") && j["room"].is_string()) g_last_room = j["room"];
    if (j.contains("token") && j["token"].is_string()) token = j["token"];
    if (j.contains("version") && j["version"].is_number_integer()) version = j["version"];
    if (j.contains("legal_moves") && j["legal_moves"].is_array())
      move = j["legal_moves"].empty() ? "" : j["legal_moves"][0].get<std::string>();
  }
  void close(std::uint16_t, std::string) override { closed = true; }
  void left_room(const Room* room) override {
    if (room_.get() == room) room_.reset();
  }
  int protocol() const override { return protocol_; }
  const std::string& address() const override { return address_; }
  std::shared_ptr<Room> room() const override { return room_; }
  void enter_room(std::shared_ptr<Room> room) override { room_ = std::move(room); }
  void leave_current_room() override {
    if (!room_) return;
    auto room = std::move(room_);
    room_.reset();
    room->leave(id_);
  }
  void set_protocol(int agreed) override { protocol_ = agreed; }
  // The harness's one thread polls the I/O context: work posted there runs in its turn.
  void post(std::function<void()> work) override {
    boost::asio::post(*ioc_, [work = std::move(work), closed = &closed] {
      if (!*closed) work();
    });
  }
  boost::asio::io_context* ioc_ = nullptr;

  std::string token, move;
  std::int64_t version = 0;
  bool closed = false;

 private:
  std::uint64_t id_;
  int protocol_ = 1;
  std::string address_ = "192.0.2.1";
  std::shared_ptr<Room> room_;
};

std::string fill_in(std::string_view text, int k,
                    const std::shared_ptr<FuzzPeer> (&peers)[kPeers]) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '$' || i + 1 == text.size()) {
      out += text[i];
      continue;
    }
    switch (text[++i]) {
      case 'R':
        out += g_last_room;
        break;
      case 'T':
        out += peers[k]->token;
        break;
      case 'U':
        out += peers[(k + 1) % kPeers]->token;
        break;
      case 'M':
        out += peers[k]->move;
        break;
      case 'V':
        out += std::to_string(peers[k]->version);
        break;
      default:
        out += '$';
        out += text[i];
    }
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  spdlog::set_level(spdlog::level::off);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 8192) return 0;  // a few dozen messages: deep enough, and fast
  g_last_room.clear();
  auto ioc = std::make_unique<boost::asio::io_context>();
  Config config;
  config.max_rooms_per_address = 4;
  config.max_spectators_per_room = 2;
  {
    Hub hub(*ioc, config, std::make_unique<MemoryStore>());
    std::shared_ptr<FuzzPeer> peers[kPeers];
    for (int i = 0; i < kPeers; ++i) {
      peers[i] = std::make_shared<FuzzPeer>(i + 1);
      peers[i]->ioc_ = ioc.get();
    }
    std::string_view input(reinterpret_cast<const char*>(data), size);
    while (!input.empty()) {
      const auto nl = input.find('\n');
      std::string_view line = input.substr(0, nl);
      input.remove_prefix(nl == std::string_view::npos ? input.size() : nl + 1);
      if (line.empty()) continue;
      const int k = static_cast<unsigned char>(line[0]) % kPeers;
      if (peers[k]->closed) continue;
      dispatch_message(hub, peers[k], fill_in(line.substr(1), k, peers));
      ioc->poll();
    }
    for (auto& p : peers) p->leave_current_room();
    ioc->poll();
    hub.exports.stop();
    hub.rooms.clear();
    ioc->poll();
    // As in main(): the handlers still queued go with the io_context, before the hub.
    ioc.reset();
  }
  return 0;
}
