// Integration: the built web client as the real binary serves it. Hashed assets cached for a
// year and sent as their prebuilt gzip copy to browsers that take it; index.html revalidated
// (ETag, 304); security headers on every answer; a directory or a symlink that leads out of
// the static folder is a plain 404.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "raw_ws_client.h"
#include "server_process.h"

namespace banmen::testing {
namespace {

namespace fs = std::filesystem;

void write_file(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream(p, std::ios::binary) << text;
}

// The value of header `name` in a raw HTTP answer ("" when absent).
std::string header(const std::string& answer, const std::string& name) {
  auto head = answer.substr(0, answer.find("\r\n\r\n"));
  for (std::size_t at = 0; at < head.size();) {
    auto end = head.find("\r\n", at);
    auto line = head.substr(at, end == std::string::npos ? std::string::npos : end - at);
    at = end == std::string::npos ? head.size() : end + 2;
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, colon);
    for (auto& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (key == name) return line.substr(line.find_first_not_of(' ', colon + 1));
  }
  return "";
}

int status(const std::string& answer) {
  return answer.size() > 12 ? std::stoi(answer.substr(9, 3)) : 0;
}

std::string body(const std::string& answer) {
  auto at = answer.find("\r\n\r\n");
  return at == std::string::npos ? "" : answer.substr(at + 4);
}

class ServerStatic : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("banmen-static-" + std::to_string(::getpid()));
    fs::remove_all(root_);
    write_file(root_ / "site" / "index.html",
               "<!doctype html><script src=/assets/app.js></script>");
    write_file(root_ / "site" / "assets" / "app-1a2b.js", std::string(4000, 'x'));
    write_file(root_ / "site" / "assets" / "app-1a2b.js.gz", "pretend-gzip");
    write_file(root_ / "outside.txt", "secret outside the static folder");
    fs::create_symlink(root_ / "outside.txt", root_ / "site" / "leak.txt");
    fs::create_directory_symlink(root_, root_ / "site" / "up");
    server_ = std::make_unique<ServerProcess>(
        std::vector<std::string>{"--static-dir", (root_ / "site").string()});
    ASSERT_TRUE(server_->ok()) << server_->log();
  }
  void TearDown() override {
    server_.reset();
    fs::remove_all(root_);
  }
  std::string get(const std::string& target, std::vector<std::string> headers = {}) {
    return raw_http_get(server_->port(), target, headers);
  }
  fs::path root_;
  std::unique_ptr<ServerProcess> server_;
};

TEST_F(ServerStatic, EveryAnswerCarriesTheSecurityHeaders) {
  for (const char* target : {"/", "/assets/app-1a2b.js", "/nothing-here", "/healthz"}) {
    SCOPED_TRACE(target);
    auto a = get(target);
    ASSERT_NE(status(a), 0);
    EXPECT_NE(header(a, "content-security-policy").find("default-src 'self'"), std::string::npos);
    EXPECT_NE(header(a, "content-security-policy").find("frame-ancestors 'none'"),
              std::string::npos);
    EXPECT_EQ(header(a, "x-content-type-options"), "nosniff");
    EXPECT_EQ(header(a, "referrer-policy"), "no-referrer");
  }
}

TEST_F(ServerStatic, IndexIsRevalidatedWithItsETag) {
  auto first = get("/");
  ASSERT_EQ(status(first), 200) << first;
  EXPECT_EQ(header(first, "cache-control"), "no-cache");
  const auto etag = header(first, "etag");
  ASSERT_FALSE(etag.empty());
  auto again = get("/", {"If-None-Match: " + etag});
  EXPECT_EQ(status(again), 304) << again;
  EXPECT_TRUE(body(again).empty());
  EXPECT_EQ(header(again, "etag"), etag);
  auto other = get("/", {"If-None-Match: \"0-0\""});
  EXPECT_EQ(status(other), 200);
}

TEST_F(ServerStatic, HashedAssetsAreImmutableAndGzippedWhenAccepted) {
  auto gz = get("/assets/app-1a2b.js", {"Accept-Encoding: br, gzip;q=0.8"});
  ASSERT_EQ(status(gz), 200) << gz;
  EXPECT_EQ(header(gz, "content-encoding"), "gzip");
  EXPECT_EQ(body(gz), "pretend-gzip");
  EXPECT_EQ(header(gz, "cache-control"), "public, max-age=31536000, immutable");
  EXPECT_EQ(header(gz, "vary"), "Accept-Encoding");
  EXPECT_EQ(header(gz, "content-type"), "text/javascript; charset=utf-8");
  auto plain = get("/assets/app-1a2b.js", {"Accept-Encoding: gzip;q=0"});
  ASSERT_EQ(status(plain), 200);
  EXPECT_EQ(header(plain, "content-encoding"), "");
  EXPECT_EQ(body(plain).size(), 4000u);
  EXPECT_NE(header(plain, "etag"), header(gz, "etag"));
  auto again =
      get("/assets/app-1a2b.js", {"Accept-Encoding: gzip", "If-None-Match: " + header(gz, "etag")});
  EXPECT_EQ(status(again), 304);
}

TEST_F(ServerStatic, AGzipCopyOlderThanItsFileIsNotSent) {
  const auto js = root_ / "site" / "assets" / "app-1a2b.js";
  fs::last_write_time(js, fs::last_write_time(js.string() + ".gz") + std::chrono::seconds(5));
  auto a = get("/assets/app-1a2b.js", {"Accept-Encoding: gzip"});
  ASSERT_EQ(status(a), 200) << a;
  EXPECT_EQ(header(a, "content-encoding"), "");
  EXPECT_EQ(body(a).size(), 4000u);
}

TEST_F(ServerStatic, DirectoriesAndEscapingSymlinksAreNotFound) {
  for (const char* target : {"/assets", "/assets/", "/leak.txt", "/up/outside.txt"}) {
    SCOPED_TRACE(target);
    auto a = get(target);
    EXPECT_EQ(status(a), 404) << a;
    EXPECT_EQ(body(a).find("secret"), std::string::npos);
  }
  EXPECT_EQ(status(get("/healthz")), 200) << server_->log();
}

// An operator who points --static-dir at an unbuilt client learns it at start, not from a
// blank page; a built one starts without the warning.
TEST(ServerStaticFolder, WarnsAtStartWhenTheFolderHasNoIndex) {
  const auto root = fs::temp_directory_path() / ("banmen-noindex-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "assets");
  {
    ServerProcess server({"--static-dir", root.string()});
    ASSERT_TRUE(server.ok()) << server.log();
    EXPECT_NE(server.log().find("no index.html in --static-dir"), std::string::npos)
        << server.log();
    EXPECT_EQ(status(raw_http_get(server.port(), "/", {})), 404);
  }
  write_file(root / "index.html", "<!doctype html>");
  {
    ServerProcess server({"--static-dir", root.string()});
    ASSERT_TRUE(server.ok()) << server.log();
    EXPECT_EQ(server.log().find("no index.html"), std::string::npos) << server.log();
  }
  fs::remove_all(root);
}

}  // namespace
}  // namespace banmen::testing
