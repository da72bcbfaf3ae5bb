#include "cluster_harness.h"

#include <filesystem>

namespace banmen::test {

ClusterHarness::ClusterHarness(const ClusterOptions& options) : options_(options) {
  if (options_.sqlite && options_.servers != 1) {
    error_ = "SQLite serves one server only";
    return;
  }
  if (!options_.sqlite) pg_ = PgCluster::shared();
  if (!pg_ && !options_.sqlite) {
    error_ = "PostgreSQL did not start: " + PgCluster::shared_error();
    return;
  }
  if (auto e = pg_ ? pg_->reset_database() : std::string(); !e.empty()) {
    error_ = "cannot reset the database: " + e;
    return;
  }
  for (int i = 0; i < options_.servers; ++i) {
    const std::string id = "s" + std::to_string(i + 1);
    const unsigned short port = pick_free_port();
    ports_.push_back(port);
    const std::string data_dir =
        options_.data_root.empty() ? dir_.file(id) : options_.data_root + "/" + id;
    std::filesystem::create_directories(data_dir);
    // Every test client comes through nginx from one address: the per-address caps and
    // the message rate limit are lifted (they are nginx's job in front, operations.md).
    std::vector<std::string> args{"--bind",
                                  "127.0.0.1",
                                  "--port",
                                  std::to_string(port),
                                  "--data-dir",
                                  data_dir,
                                  "--log-level",
                                  "info",
                                  "--max-rooms-per-address",
                                  "100000",
                                  "--max-connections-per-address",
                                  "100000",
                                  "--messages-per-second",
                                  "10000",
                                  "--message-burst",
                                  "10000",
                                  "--read-bytes-per-address",
                                  "0",
                                  "--api-rate",
                                  "100000"};
    if (pg_) {
      for (const std::string& a :
           {std::string("--store"), std::string("postgres"), std::string("--postgres-url"),
            options_.postgres_url.empty() ? pg_->url() : options_.postgres_url,
            std::string("--server-id"), id, std::string("--lease-ms"), std::to_string(kLeaseMs),
            std::string("--lease-renew-ms"), std::to_string(kLeaseRenewMs)})
        args.push_back(a);
    }
    args.insert(args.end(), options_.extra_server_args.begin(), options_.extra_server_args.end());
    servers_.push_back(
        std::make_unique<ServerProcess>(options_.server_binary, args, dir_.file(id + ".log")));
  }
}

bool ClusterHarness::start_server(std::size_t i) {
  if (servers_[i]->start(30000)) return true;
  error_ = "server s" + std::to_string(i + 1) + " did not start:\n" + servers_[i]->log();
  return false;
}

bool ClusterHarness::start_all() {
  for (std::size_t i = 0; i < servers_.size(); ++i)
    if (!start_server(i)) return false;
  return true;
}

bool ClusterHarness::start_nginx() {
  nginx_ = std::make_unique<NginxProcess>(options_.nginx_binary, options_.nginx_locations, ports_,
                                          options_.nginx_upstreams);
  std::string why;
  if (nginx_->start(why)) return true;
  error_ = "nginx did not start: " + why;
  return false;
}

std::string ClusterHarness::logs() const {
  std::string text;
  for (std::size_t i = 0; i < servers_.size(); ++i) {
    auto log = servers_[i]->log();
    if (log.size() > 4000) log = "..." + log.substr(log.size() - 4000);
    text += "--- s" + std::to_string(i + 1) + " ---\n" + log + "\n";
  }
  if (nginx_) {
    auto log = nginx_->error_log();
    if (log.size() > 3000) log = "..." + log.substr(log.size() - 3000);
    text += "--- nginx ---\n" + log + "\n";
  }
  return text;
}

}  // namespace banmen::test
