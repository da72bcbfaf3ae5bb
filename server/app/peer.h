// A connection as the dispatcher sees it: a room member that also knows its client's
// address, holds its current room and speaks a protocol version. WebsocketSession is the
// real one; the message-path fuzzer drives the dispatcher through its own.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "rooms/client.h"

namespace banmen::server {

class Peer : public Client {
 public:
  // All on the connection's own strand (the dispatcher's caller).
  const std::string& address() const override = 0;
  // The room the connection's URL named (/ws?room=<id>): the only room it may join.
  // Empty for a bare /ws.
  virtual const std::string& routed_room() const {
    static const std::string none;
    return none;
  }
  virtual std::shared_ptr<Room> room() const = 0;
  virtual void enter_room(std::shared_ptr<Room> room) = 0;
  virtual void leave_current_room() = 0;
  virtual void set_protocol(int version) = 0;
  // Runs `work` later on the connection's strand, unless the connection is closing by
  // then; callable from any thread (a room brought back from the store answers this way).
  virtual void post(std::function<void()> work) = 0;

  // How many times this connection chose a room (create_room, join_room, leave_room), on
  // its strand: a join that waited for its room to load from the store goes ahead only if
  // no later choice came first.
  std::uint64_t room_choices = 0;
};

}  // namespace banmen::server
