#include "exports/zip_writer.h"

#include <array>
#include <ctime>
#include <limits>

namespace banmen::server {

namespace {

constexpr std::array<std::uint32_t, 256> make_crc_table() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}
constexpr auto kCrcTable = make_crc_table();

void put16(std::string& out, std::uint32_t v) {
  out.push_back(static_cast<char>(v & 0xff));
  out.push_back(static_cast<char>((v >> 8) & 0xff));
}
void put32(std::string& out, std::uint32_t v) {
  put16(out, v & 0xffff);
  put16(out, v >> 16);
}

// MS-DOS time and date: seconds/2, minutes, hours; day, month, years since 1980.
std::pair<std::uint16_t, std::uint16_t> dos_time_date(std::int64_t unix_ms) {
  std::time_t seconds = static_cast<std::time_t>(unix_ms / 1000);
  std::tm utc{};
  if (unix_ms < 315532800000LL || !gmtime_r(&seconds, &utc))
    return {0, (1 << 5) | 1};  // 1980-01-01
  if (utc.tm_year > 2107 - 1900) return {0, (1 << 5) | 1};
  const auto time =
      static_cast<std::uint16_t>((utc.tm_hour << 11) | (utc.tm_min << 5) | (utc.tm_sec / 2));
  const auto date =
      static_cast<std::uint16_t>(((utc.tm_year - 80) << 9) | ((utc.tm_mon + 1) << 5) | utc.tm_mday);
  return {time, date};
}

}  // namespace

std::uint32_t crc32(std::string_view data) {
  std::uint32_t c = 0xffffffffu;
  for (unsigned char byte : data) c = kCrcTable[(c ^ byte) & 0xff] ^ (c >> 8);
  return c ^ 0xffffffffu;
}

bool ZipWriter::add(std::string_view name, std::string_view data, std::int64_t unix_ms) {
  constexpr std::uint64_t k32 = std::numeric_limits<std::uint32_t>::max();
  const std::uint64_t after = out_.size() + 30 + name.size() + data.size();
  // Every offset and size must fit 32 bits, the directory included (written at the end).
  if (name.empty() || name.size() > 0xffff || entries_ >= 0xffff ||
      after + directory_.size() + 46 + name.size() + 22 > k32)
    return false;
  const std::uint32_t crc = crc32(data);
  const auto [time, date] = dos_time_date(unix_ms);
  const auto offset = static_cast<std::uint32_t>(out_.size());
  const auto size = static_cast<std::uint32_t>(data.size());
  const auto name_size = static_cast<std::uint32_t>(name.size());

  put32(out_, 0x04034b50);  // local file header
  put16(out_, 10);          // version needed: 1.0, stored
  put16(out_, 0x0800);      // flags: the name is UTF-8
  put16(out_, 0);           // method: stored
  put16(out_, time);
  put16(out_, date);
  put32(out_, crc);
  put32(out_, size);  // compressed size
  put32(out_, size);  // uncompressed size
  put16(out_, name_size);
  put16(out_, 0);  // no extra field
  out_.append(name);
  out_.append(data);

  put32(directory_, 0x02014b50);     // central directory entry
  put16(directory_, (3 << 8) | 20);  // made by: Unix, spec 2.0 (so the mode below counts)
  put16(directory_, 10);
  put16(directory_, 0x0800);
  put16(directory_, 0);
  put16(directory_, time);
  put16(directory_, date);
  put32(directory_, crc);
  put32(directory_, size);
  put32(directory_, size);
  put16(directory_, name_size);
  put16(directory_, 0);               // extra
  put16(directory_, 0);               // comment
  put16(directory_, 0);               // disk number
  put16(directory_, 0);               // internal attributes
  put32(directory_, 0100644u << 16);  // external: a regular file, rw-r--r--
  put32(directory_, offset);
  directory_.append(name);
  ++entries_;
  return true;
}

std::string ZipWriter::finish() && {
  const auto directory_offset = static_cast<std::uint32_t>(out_.size());
  const auto directory_size = static_cast<std::uint32_t>(directory_.size());
  out_.append(directory_);
  put32(out_, 0x06054b50);  // end of central directory
  put16(out_, 0);           // this disk
  put16(out_, 0);           // the directory's disk
  put16(out_, static_cast<std::uint32_t>(entries_));
  put16(out_, static_cast<std::uint32_t>(entries_));
  put32(out_, directory_size);
  put32(out_, directory_offset);
  put16(out_, 0);  // no comment
  return std::move(out_);
}

}  // namespace banmen::server
