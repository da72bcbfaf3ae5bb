// Errors as values. Anything a user can cause (a bad position, an illegal move, a record
// that does not parse) comes back as an Error with a stable code and a human message;
// exceptions are kept for programming errors only.
#pragma once

#include <cassert>
#include <string>
#include <utility>
#include <variant>

namespace banmen {

// Stable error codes shared by every game. Games may add their own, but these are the ones
// the server and the client know by name.
namespace errc {
inline constexpr const char* illegal_move = "illegal_move";  // parses, but not legal here
inline constexpr const char* bad_move = "bad_move";          // does not parse as a move
inline constexpr const char* bad_position = "bad_position";  // position string is malformed
inline constexpr const char* bad_record = "bad_record";      // game record does not parse
inline constexpr const char* game_over = "game_over";        // the game has already ended
inline constexpr const char* unknown_game = "unknown_game";
inline constexpr const char* not_implemented = "not_implemented";
inline constexpr const char* unsupported = "unsupported";  // e.g. a record format a game lacks
inline constexpr const char* unknown_handicap = "unknown_handicap";  // not a handicap of this game
}  // namespace errc

struct Error {
  std::string code;     // one of errc, stable across versions
  std::string message;  // for people; never contains information hidden from the caller
};

inline Error make_error(std::string code, std::string message) {
  return Error{std::move(code), std::move(message)};
}

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }

  T& value() & {
    assert(ok());
    return std::get<0>(v_);
  }
  const T& value() const& {
    assert(ok());
    return std::get<0>(v_);
  }
  T&& value() && {
    assert(ok());
    return std::get<0>(std::move(v_));
  }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }

  const Error& error() const {
    assert(!ok());
    return std::get<1>(v_);
  }

 private:
  std::variant<T, Error> v_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;
  Result(Error error) : error_(std::move(error)), ok_(false) {}  // NOLINT: implicit by design

  bool ok() const { return ok_; }
  explicit operator bool() const { return ok_; }
  const Error& error() const {
    assert(!ok_);
    return error_;
  }

 private:
  Error error_;
  bool ok_ = true;
};

inline Result<void> ok() {
  return {};
}

}  // namespace banmen
