#include "rooms/record_uploads.h"

#include "core/result.h"
#include "protocol/error_codes.h"

namespace banmen::server {

namespace {
UploadStep refused(const char* code, std::string message) {
  return {make_error(code, std::move(message)), std::nullopt};
}
}  // namespace

UploadStep RecordUploads::receive(std::uint64_t client, ReviewImportFields f, std::int64_t now_ms) {
  // A stale upload (its sender silent too long) holds nothing: anyone may start afresh.
  if (upload_ && now_ms - upload_->last_ms > kUploadIdleMs &&
      (f.part == 0 || upload_->client != client))
    upload_.reset();
  if (upload_ && upload_->client != client)
    return refused(errc::rate_limited,
                   "another record is being brought into this room; try again in a moment");
  if (f.part == 0) {
    // Part 0 starts an upload, replacing the sender's own unfinished one.
    if (f.parts < 1 || f.parts > kMaxImportParts)
      return refused(errc::bad_request, "parts must be 1.." + std::to_string(kMaxImportParts));
    upload_ = Upload{client, f.parts, 0, now_ms, {{}, std::move(f.format), std::move(f.name)}};
  } else if (!upload_) {
    return refused(errc::bad_request, "no upload under way: send part 0 first");
  }
  Upload& u = *upload_;
  if (f.part != u.next)
    return refused(errc::bad_request, "part " + std::to_string(u.next) + " expected");
  if (f.parts != u.parts)
    return refused(errc::bad_request, "parts must stay " + std::to_string(u.parts));
  if (u.record.text.size() + f.text.size() > kMaxImportBytes) {
    upload_.reset();
    return refused(errc::bad_record, "the record is larger than 256 KiB");
  }
  u.record.text += f.text;
  u.last_ms = now_ms;
  if (++u.next < u.parts) return {};
  UploadStep done{std::nullopt, std::move(u.record)};
  upload_.reset();
  return done;
}

void RecordUploads::left(std::uint64_t client) {
  if (upload_ && upload_->client == client) upload_.reset();
}

}  // namespace banmen::server
