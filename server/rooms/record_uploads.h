// A record brought into the room (review_import, docs/protocol.md "Bringing a record in"):
// its text arrives in parts, since one WebSocket message holds at most 32 KiB. This part
// keeps the one upload under way in the room: whose it is, the parts received so far, in
// order, and when the last one came. It decides each part's answer as a value; the room
// parses the whole text once the last part is in. No strand, socket or store: tested alone
// (tests/server/record_uploads_test.cpp).
//
// One upload at a time per room. An upload whose sender left, or that received nothing for
// kUploadIdleMs, no longer holds the room: the next upload from anyone replaces it, so a
// client that stops half-way blocks nobody (and nothing waits on a timer).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include "core/result.h"

namespace banmen::server {

inline constexpr std::size_t kMaxImportBytes = 256 * 1024;  // the whole text, in UTF-8
inline constexpr std::int64_t kMaxImportParts = 256;
inline constexpr std::int64_t kUploadIdleMs = 30'000;
inline constexpr std::size_t kMaxImportName = 64;    // characters of the file name shown
inline constexpr std::size_t kMaxImportFormat = 16;  // "auto", "kif", "transcript", ...

// review_import's fields (request.h reads them): the format asked for ("auto" detects),
// the file's name as shown (may be empty), this part's number from 0, how many parts in
// all, and this part's text.
struct ReviewImportFields {
  std::string format = "auto";
  std::string name;
  std::int64_t part = 0;
  std::int64_t parts = 1;
  std::string text;
};

// A whole record received: the text of every part, in order, and what part 0 said of it.
struct ReceivedRecord {
  std::string text;
  std::string format;
  std::string name;
};

// What the room does with one part: refuse it (nothing changes, except that a part too big
// ends its upload), acknowledge it and wait for the next, or parse the whole record.
struct UploadStep {
  std::optional<Error> refusal;
  std::optional<ReceivedRecord> record;  // set: this was the last part
};

class RecordUploads {
 public:
  // Part `f.part` from client `client` at `now_ms`. Refusals: rate_limited (another
  // client's upload is under way), bad_request (a part out of order, sent twice, or not
  // matching part 0's `parts`), bad_record (the text would pass kMaxImportBytes: the upload
  // ends).
  UploadStep receive(std::uint64_t client, ReviewImportFields f, std::int64_t now_ms);
  // The client left the room: its upload, if any, is dropped.
  void left(std::uint64_t client);
  // An upload is under way (for tests and the room's memory accounting).
  bool under_way() const { return upload_.has_value(); }
  std::size_t bytes() const { return upload_ ? upload_->record.text.size() : 0; }

 private:
  struct Upload {
    std::uint64_t client = 0;
    std::int64_t parts = 0;
    std::int64_t next = 0;  // the part expected
    std::int64_t last_ms = 0;
    ReceivedRecord record;
  };
  std::optional<Upload> upload_;
};

}  // namespace banmen::server
