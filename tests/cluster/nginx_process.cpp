#include "nginx_process.h"

#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

namespace banmen::test {

namespace {

bool port_answers(unsigned short port) {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return false;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  a.sin_port = htons(port);
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0;
  ::close(fd);
  return ok;
}

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return line.substr(first, line.find_last_not_of(" \t\r") - first + 1);
}

}  // namespace

std::string upstreams_for_ports(const std::string& shipped,
                                const std::vector<unsigned short>& ports, std::string& error) {
  std::istringstream in(shipped);
  std::ostringstream out;
  bool in_block = false, servers_written = false;
  std::string block;
  for (std::string line; std::getline(in, line);) {
    const std::string t = trimmed(line);
    if (t.empty() || t[0] == '#') continue;
    if (t.rfind("upstream ", 0) == 0) {
      in_block = true;
      servers_written = false;
      block = t;
    } else if (in_block && t.rfind("server ", 0) == 0) {
      if (servers_written) continue;
      // "server host:port params...;": the parameters are what follows the address.
      std::string rest = t.substr(7);
      rest = trimmed(rest.substr(0, rest.find(';')));
      const auto space = rest.find(' ');
      const std::string params = space == std::string::npos ? "" : trimmed(rest.substr(space));
      for (auto p : ports) out << "    server 127.0.0.1:" << p << " " << params << ";\n";
      servers_written = true;
      continue;
    } else if (in_block && t == "}") {
      if (!servers_written) {
        error = "no server line in " + block;
        return {};
      }
      in_block = false;
    }
    out << line << "\n";
  }
  return out.str();
}

unsigned short pick_free_port() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  if (fd < 0) return 0;
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof a;
  unsigned short port = 0;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0 &&
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0)
    port = ntohs(a.sin_port);
  ::close(fd);
  return port;
}

NginxProcess::NginxProcess(std::string binary, std::string locations_file,
                           std::vector<unsigned short> server_ports, std::string upstreams_file)
    : binary_(std::move(binary)),
      // nginx reads a relative include from its prefix (the temporary folder).
      locations_file_(std::filesystem::absolute(locations_file).string()),
      upstreams_file_(std::move(upstreams_file)),
      server_ports_(std::move(server_ports)) {}

NginxProcess::~NginxProcess() {
  stop();
  if (!dir_.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
}

bool NginxProcess::start(std::string& error, int timeout_ms) {
  stop();
  if (dir_.empty()) {
    std::string tmpl = (std::filesystem::temp_directory_path() / "banmen-nginx-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) {
      error = "mkdtemp failed";
      return false;
    }
    dir_ = tmpl;
    // Run as root, nginx's worker is `nobody`: it must reach the temp folders.
    ::chmod(dir_.c_str(), 0755);
    std::filesystem::create_directories(dir_ + "/temp");
  }
  port_ = pick_free_port();
  {
    // The upstreams, as an operator writes them for their servers (deploy/nginx).
    std::string text;
    if (!upstreams_file_.empty()) {
      const std::string shipped = read_text(upstreams_file_);
      if (shipped.empty()) {
        error = "cannot read " + upstreams_file_;
        return false;
      }
      text = upstreams_for_ports(shipped, server_ports_, error);
      if (text.empty()) return false;
    } else {
      std::ostringstream up;
      up << "upstream banmen_rooms {\n    hash $arg_room consistent;\n";
      for (auto p : server_ports_)
        up << "    server 127.0.0.1:" << p << " max_fails=1 fail_timeout=2s;\n";
      up << "}\nupstream banmen_any {\n";
      for (auto p : server_ports_)
        up << "    server 127.0.0.1:" << p << " max_fails=1 fail_timeout=2s;\n";
      up << "    keepalive 16;\n}\n";
      text = up.str();
    }
    std::ofstream(dir_ + "/upstreams.conf") << text;
  }
  {
    std::ofstream conf(dir_ + "/nginx.conf");
    conf << "worker_processes 1;\n"
         << "daemon off;\n"
         << "pid " << dir_ << "/nginx.pid;\n"
         << "error_log " << dir_
         << "/error.log warn;\n"
         // Each client connection is two for nginx (client and server side): room for
         // the load scenarios' 10,000 clients.
         << "worker_rlimit_nofile 65536;\n"
         << "events { worker_connections 30000; }\n"
         << "http {\n"
         << "    access_log off;\n"
         << "    client_body_temp_path " << dir_ << "/temp/body;\n"
         << "    proxy_temp_path " << dir_ << "/temp/proxy;\n"
         << "    fastcgi_temp_path " << dir_ << "/temp/fastcgi;\n"
         << "    uwsgi_temp_path " << dir_ << "/temp/uwsgi;\n"
         << "    scgi_temp_path " << dir_ << "/temp/scgi;\n"
         << "    include " << dir_ << "/upstreams.conf;\n"
         << "    server {\n"
         << "        listen 127.0.0.1:" << port_ << ";\n"
         << "        include " << locations_file_ << ";\n"
         << "    }\n"
         << "}\n";
  }
  const std::string log = dir_ + "/nginx.out";
  const std::string conf = dir_ + "/nginx.conf";
  const std::string err = dir_ + "/error.log";
  pid_ = ::fork();
  if (pid_ == 0) {
    ::prctl(PR_SET_PDEATHSIG, SIGTERM);  // never outlives a test that crashed
    int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    if (fd >= 0) {
      ::dup2(fd, STDOUT_FILENO);
      ::dup2(fd, STDERR_FILENO);
      ::close(fd);
    }
    // -e: the log for the messages before the configuration is read (it never touches
    // /var/log/nginx); -p: the prefix for anything the configuration leaves relative.
    ::execl(binary_.c_str(), binary_.c_str(), "-p", dir_.c_str(), "-c", conf.c_str(), "-e",
            err.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (std::chrono::steady_clock::now() < deadline) {
    if (port_answers(port_)) return true;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      error = "nginx exited: " + read_text(log) + read_text(err);
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  error = "nginx did not listen: " + read_text(log) + read_text(err);
  stop();
  return false;
}

void NginxProcess::stop() {
  if (pid_ <= 0) return;
  // SIGTERM is nginx's fast shutdown (it ends its workers); then make sure.
  ::kill(pid_, SIGTERM);
  int status = 0;
  for (int i = 0; i < 250; ++i) {
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  ::kill(pid_, SIGKILL);
  ::waitpid(pid_, &status, 0);
  pid_ = -1;
}

std::string NginxProcess::error_log() const {
  return dir_.empty() ? std::string() : read_text(dir_ + "/error.log");
}

}  // namespace banmen::test
