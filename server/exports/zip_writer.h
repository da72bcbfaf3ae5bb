// A minimal zip archive writer: stored (uncompressed) entries with their CRC-32, as
// PKWARE's APPNOTE describes them, readable by every unzip. Records are small text files
// downloaded once, so compression would buy little for its code; no zip64 either: an
// archive stays under 4 GiB and 65535 entries (the callers cap far below that).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace banmen::server {

// The CRC-32 of zip, gzip and PNG (reflected polynomial 0xEDB88320).
std::uint32_t crc32(std::string_view data);

class ZipWriter {
 public:
  // Adds a file `name` (a relative path, '/'-separated) holding `data`, dated `unix_ms`
  // (UTC; zip keeps local time with two-second steps and no zone). False, and nothing
  // added, when the archive would pass zip's 32-bit limits.
  bool add(std::string_view name, std::string_view data, std::int64_t unix_ms);
  // The whole archive: the entries, then the central directory. The writer is spent.
  std::string finish() &&;
  std::size_t size() const { return out_.size(); }
  std::size_t entries() const { return entries_; }

 private:
  std::string out_;        // local headers and data
  std::string directory_;  // central directory entries
  std::size_t entries_ = 0;
};

}  // namespace banmen::server
