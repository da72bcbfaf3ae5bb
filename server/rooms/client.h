// A connection as a room sees it. Rooms never touch sockets: they hand each client a
// message made for it, and the client's own strand does the writing.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace banmen::server {

class Room;

class Client {
 public:
  virtual ~Client() = default;
  virtual std::uint64_t client_id() const = 0;
  // Queues one message; callable from any thread. A client whose queue is full is closed.
  virtual void send(std::shared_ptr<const std::string> message) = 0;
  // Closes the connection with a WebSocket close code; callable from any thread.
  virtual void close(std::uint16_t code, std::string reason) = 0;
  // The room says this client is not (or no longer) one of its members.
  virtual void left_room(const Room* room) = 0;
  // The protocol version agreed in `hello` (1 until then); callable from any thread.
  // From version 2 on, a stored move is answered by the mover's own move event.
  virtual int protocol() const = 0;
  // The client's address, for its share of shared work (empty for the computer's).
  virtual const std::string& address() const {
    static const std::string none;
    return none;
  }
};

}  // namespace banmen::server
