// SQLite on a full disk under rooms in play: the data dir on a small tmpfs of its own, then
// filled to the last byte by another file. Moves are refused with storage_error (nothing
// acknowledged is lost: the browser's resend goes again), /readyz answers 503 and /healthz
// 200; once the other file is gone, play resumes and /readyz is 200 again, by itself.
// Mounting needs root (CI runs as root): without it the test fails, it is not skipped.
#include <gtest/gtest.h>
#include <sys/mount.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "fault_play.h"
#include "temp_dir.h"
#include "test_cluster.h"

namespace banmen::test {
namespace {

// Writes `path` until the file system refuses: the disk is full.
void fill(const std::string& path) {
  std::ofstream out(path, std::ios::binary);
  const std::string chunk(64 * 1024, 'x');
  while (out.write(chunk.data(), static_cast<std::streamsize>(chunk.size())) && out.flush()) {
  }
  out.clear();
  for (int i = 0; i < 100000 && out.write("x", 1) && out.flush(); ++i) {
  }
}

TEST(FaultSqlite, AFullDiskRefusesMovesAndPlayResumesWhenSpaceReturns) {
  TempDir dir;
  const std::string disk = dir.file("disk");
  std::filesystem::create_directories(disk);
  ASSERT_EQ(::mount("tmpfs", disk.c_str(), "tmpfs", 0, "size=16m"), 0)
      << "cannot mount a 16 MB tmpfs (this test needs root, as CI has): " << std::strerror(errno);
  struct Unmount {
    std::string path;
    ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
  } unmount{disk};

  auto options = test_cluster(1);
  options.sqlite = true;
  options.data_root = disk;
  FaultPlay play(options, 6, false);
  ASSERT_TRUE(play.start(3)) << play.error();
  const std::string filler = disk + "/filler";
  fill(filler);
  const auto port = play.cluster().server_port(0);
  // Full: the commits fail once SQLite needs a page it cannot have.
  const auto unready_ms = wait_until([&] { return http_status(port, "/readyz") == 503; }, 120000);
  ASSERT_GE(unready_ms, 0) << "/readyz never said the disk was full\n" << play.cluster().logs();
  EXPECT_EQ(http_status(port, "/healthz"), 200);
  const auto before = play.acked_each();
  std::filesystem::remove(filler);
  const auto ready_ms = wait_until([&] { return http_status(port, "/readyz") == 200; }, 30000);
  EXPECT_GE(ready_ms, 0) << "/readyz did not come back\n" << play.cluster().logs();
  const auto progress_ms = play.wait_for_progress(before, 30000);
  EXPECT_GE(progress_ms, 0) << "a room did not play again\n" << play.cluster().logs();
  std::cout << "[ measured ] SQLite on a full disk: /readyz 503 " << unready_ms
            << " ms after the disk filled; after space returned, ready in " << ready_ms
            << " ms, every room played again in " << progress_ms << " ms\n";
  play.finish_and_check();
}

}  // namespace
}  // namespace banmen::test
