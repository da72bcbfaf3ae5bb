// systemd's watchdog pings, heard on a fake $NOTIFY_SOCKET (a datagram socket of the test):
// they arrive while every I/O thread turns, stop while one is stuck in a handler, and come
// back once it returns. And the log formats: JSON lines that parse, UTC with its offset.
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/post.hpp>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <future>
#include <nlohmann/json.hpp>
#include <sstream>
#include <thread>

#include "app/io_watchdog.h"
#include "app/log_format.h"
#include "app/service_notify.h"

namespace banmen::server {
namespace {

using namespace std::chrono_literals;

// A unix datagram socket standing in for systemd's, named by $NOTIFY_SOCKET while it lives.
class FakeNotifySocket {
 public:
  FakeNotifySocket() {
    char dir[] = "/tmp/banmen-notify-XXXXXX";
    if (!mkdtemp(dir)) return;
    dir_ = dir;
    path_ = dir_ + "/notify";
    fd_ = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    sockaddr_un addr{};
    addr.sun_family = AF_UNIX;
    std::snprintf(addr.sun_path, sizeof addr.sun_path, "%s", path_.c_str());
    if (bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) return;
    setenv("NOTIFY_SOCKET", path_.c_str(), 1);
  }
  ~FakeNotifySocket() {
    unsetenv("NOTIFY_SOCKET");
    if (fd_ >= 0) close(fd_);
    unlink(path_.c_str());
    rmdir(dir_.c_str());
  }
  // Every datagram waiting now, without blocking.
  std::vector<std::string> drain() {
    std::vector<std::string> got;
    char buf[256];
    for (ssize_t n; (n = recv(fd_, buf, sizeof buf, MSG_DONTWAIT)) > 0;)
      got.emplace_back(buf, static_cast<std::size_t>(n));
    return got;
  }

 private:
  std::string dir_, path_;
  int fd_ = -1;
};

// Polls `pred` until true or 10 s have gone by (a bound, not a timing assertion).
template <class Pred>
bool eventually(Pred pred) {
  for (auto end = std::chrono::steady_clock::now() + 10s; std::chrono::steady_clock::now() < end;
       std::this_thread::sleep_for(1ms))
    if (pred()) return true;
  return pred();
}

TEST(IoWatchdog, PingsWhileEveryIoThreadTurnsAndStopsWhileOneIsStuck) {
  FakeNotifySocket notify;
  boost::asio::io_context ioc(2);
  auto work = boost::asio::make_work_guard(ioc);
  IoWatchdog watchdog(ioc, 2, 20ms, notify_service_manager);
  std::thread t0([&] { watchdog.run_thread(0); });
  std::thread t1([&] { watchdog.run_thread(1); });
  watchdog.start();

  ASSERT_TRUE(eventually([&] { return watchdog.pings_sent() >= 3; }));
  std::size_t heard = 0;
  for (const auto& d : notify.drain()) {
    EXPECT_EQ(d, "WATCHDOG=1");
    ++heard;
  }
  EXPECT_GE(heard, 3u);  // what was counted as sent did arrive

  // One I/O thread stuck in a handler; the other goes on serving.
  std::promise<void> release;
  std::atomic<bool> entered{false};
  boost::asio::post(ioc, [&] {
    entered = true;
    release.get_future().wait();
  });
  ASSERT_TRUE(eventually([&] { return entered.load(); }));
  std::atomic<bool> other_ran{false};
  boost::asio::post(ioc, [&] { other_ran = true; });
  ASSERT_TRUE(eventually([&] { return other_ran.load(); }));  // the loop as a whole still runs
  ASSERT_TRUE(eventually([&] { return watchdog.pings_withheld() >= 1; }));
  // From the first withheld check on, nothing more is sent while the thread is stuck.
  const auto withheld = watchdog.pings_withheld();
  notify.drain();
  const auto sent = watchdog.pings_sent();
  ASSERT_TRUE(eventually([&] { return watchdog.pings_withheld() >= withheld + 3; }));
  EXPECT_EQ(watchdog.pings_sent(), sent);
  EXPECT_TRUE(notify.drain().empty());

  // Unstuck: the pings resume.
  release.set_value();
  ASSERT_TRUE(eventually([&] { return watchdog.pings_sent() >= sent + 2; }));
  EXPECT_FALSE(notify.drain().empty());

  work.reset();
  ioc.stop();
  t0.join();
  t1.join();
  watchdog.stop();
}

// A service manager that stops reading fills its socket's queue (ten datagrams by default);
// telling it more must fail at once, not hold the thread that pings or says READY=1.
TEST(ServiceNotify, AManagerThatNeverReadsCannotHoldTheServer) {
  FakeNotifySocket notify;
  auto told = std::async(std::launch::async, [] {
    int sent = 0;
    for (int i = 0; i < 200; ++i) sent += notify_service_manager("WATCHDOG=1") ? 1 : 0;
    return sent;
  });
  ASSERT_EQ(told.wait_for(30s), std::future_status::ready) << "blocked on a full queue";
  const int sent = told.get();
  EXPECT_GT(sent, 0);
  EXPECT_LT(sent, 200);  // the rest were refused, not waited for
  EXPECT_EQ(notify.drain().size(), static_cast<std::size_t>(sent));
  EXPECT_TRUE(notify_service_manager("READY=1"));  // room again once it has read
}

TEST(IoWatchdog, TheIntervalIsHalfOfWhatSystemdAsksAndOnlyForThisProcess) {
  unsetenv("WATCHDOG_PID");
  unsetenv("WATCHDOG_USEC");
  EXPECT_FALSE(watchdog_interval_from_environment());
  setenv("WATCHDOG_USEC", "20000000", 1);
  EXPECT_EQ(watchdog_interval_from_environment(), std::chrono::milliseconds(10000));
  setenv("WATCHDOG_PID", std::to_string(getpid()).c_str(), 1);
  EXPECT_EQ(watchdog_interval_from_environment(), std::chrono::milliseconds(10000));
  setenv("WATCHDOG_PID", std::to_string(getpid() + 1).c_str(), 1);  // meant for a parent
  EXPECT_FALSE(watchdog_interval_from_environment());
  unsetenv("WATCHDOG_PID");
  setenv("WATCHDOG_USEC", "soon", 1);
  EXPECT_FALSE(watchdog_interval_from_environment());
  unsetenv("WATCHDOG_USEC");
}

// One line of `format` for `message`, through a logger of its own.
std::string log_line(const std::string& format, const std::string& message) {
  std::ostringstream out;
  auto sink = std::make_shared<spdlog::sinks::ostream_sink_mt>(out);
  spdlog::logger logger("t", sink);
  logger.set_formatter(make_log_formatter(format));
  logger.warn("{}", message);
  logger.flush();
  return out.str();
}

// "2026-11-25T22:02:34.344+00:00": digits where the pattern has '9', the rest as written.
// (No <regex>: GCC 12 warns inside it under the sanitizers.)
bool is_utc_stamp(const std::string& s) {
  const std::string pattern = "9999-99-99T99:99:99.999+00:00";
  if (s.size() != pattern.size()) return false;
  for (std::size_t i = 0; i < s.size(); ++i)
    if (pattern[i] == '9' ? !std::isdigit(static_cast<unsigned char>(s[i])) : s[i] != pattern[i])
      return false;
  return true;
}

TEST(LogFormat, TextIsOneLineStampedInUtcWithItsOffset) {
  const auto line = log_line("text", "room abc game 1 started");
  const std::string stamp_size = "9999-99-99T99:99:99.999+00:00";
  ASSERT_GT(line.size(), stamp_size.size()) << line;
  EXPECT_TRUE(is_utc_stamp(line.substr(0, stamp_size.size()))) << line;
  EXPECT_EQ(line.substr(stamp_size.size()), " warning room abc game 1 started\n") << line;
}

TEST(LogFormat, JsonIsOneObjectPerLineWhateverTheMessageHolds) {
  const std::string nasty = std::string("quote \" back \\ new\nline tab\t bell\x07 ") +
                            "ok é 将 \xff\xfe bad \xc0\xaf overlong \xed\xa0\x80 surrogate";
  const auto line = log_line("json", nasty);
  ASSERT_EQ(line.find('\n'), line.size() - 1) << line;  // one line
  const auto j = nlohmann::json::parse(line, nullptr, false);
  ASSERT_TRUE(j.is_object()) << line;
  EXPECT_EQ(j["level"], "warning");
  EXPECT_TRUE(is_utc_stamp(j["time"].get<std::string>())) << j["time"];
  const std::string message = j["message"];
  const std::string controls = "quote \" back \\ new\nline tab\t bell\x07 ";
  EXPECT_EQ(message.substr(0, controls.size()), controls);
  EXPECT_NE(message.find("ok é 将 "), std::string::npos);
  // Bytes that are not UTF-8 come out as U+FFFD, never as invalid JSON.
  EXPECT_EQ(message.find("\xff"), std::string::npos);
  EXPECT_NE(message.find("\xef\xbf\xbd"), std::string::npos);
}

}  // namespace
}  // namespace banmen::server
