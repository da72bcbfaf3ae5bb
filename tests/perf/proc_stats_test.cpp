#include "proc_stats.h"

#include <unistd.h>

#include <gtest/gtest.h>

namespace banmen::load {
namespace {

// Field 14 (utime) is 250 ticks, field 15 (stime) 50; the name holds a space and a ')'.
constexpr std::string_view kStat =
    "4242 (banmen server) x) S 1 4242 4242 0 -1 4194560 1234 0 0 0 250 50 0 0 20 0 3 0 "
    "100 123456789 2500 18446744073709551615";
constexpr std::string_view kStatus =
    "Name:\tbanmen-server\nVmPeak:\t  300000 kB\nVmHWM:\t   40960 kB\nVmRSS:\t   32768 kB\n";

TEST(ProcStats, ParsesCpuAndMemory) {
  const auto sample = parse_proc(kStat, kStatus, 100);
  ASSERT_TRUE(sample);
  EXPECT_DOUBLE_EQ(sample->cpu_seconds, 3.0);
  EXPECT_EQ(sample->rss_kib, 32768);
  EXPECT_EQ(sample->rss_peak_kib, 40960);
}

TEST(ProcStats, RefusesBrokenText) {
  EXPECT_FALSE(parse_proc("4242 (x) S 1 2", kStatus, 100));
  EXPECT_FALSE(parse_proc(kStat, "Name:\tx\n", 100));
  EXPECT_FALSE(parse_proc("no parenthesis", kStatus, 100));
  EXPECT_FALSE(parse_proc(kStat, kStatus, 0));
}

TEST(ProcStats, ReadsThisProcess) {
  const auto sample = read_proc(getpid());
  ASSERT_TRUE(sample);
  EXPECT_GT(sample->rss_kib, 0);
  EXPECT_GE(sample->cpu_seconds, 0.0);
  EXPECT_FALSE(read_proc(-1));
}

}  // namespace
}  // namespace banmen::load
