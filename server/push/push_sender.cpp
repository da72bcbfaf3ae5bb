#include "push/push_sender.h"

#include <vector>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
// Asio's TLS functions compiled here, once: banmen_asio (util/) compiles the rest of Asio
// and Beast, and nothing else in the server speaks TLS.
#include <boost/asio/ssl/impl/src.hpp>

#include "push/public_address.h"

namespace banmen::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

http::request<http::string_body> http_request_of(const PushRequest& request) {
  http::request<http::string_body> req{http::verb::post, request.target.target, 11};
  req.set(http::field::host, request.target.host);
  for (const auto& [name, value] : request.headers) req.set(name, value);
  req.body() = request.body;
  req.prepare_payload();
  return req;
}

// One POST to a push service as a chain of callbacks on the sender's private io_context:
// resolve, connect, TLS handshake (unless a test's plain loopback endpoint), write, read.
// Callbacks rather than coroutines: clang's sanitizer build cannot emit these coroutines
// ("cannot represent a difference across sections"). The object outlives the io_context's
// run, and a handler left pending when the deadline passes is destroyed, never called.
class PushPost {
 public:
  PushPost(asio::io_context& ioc, asio::ssl::context& tls, const PushRequest& request,
           std::chrono::milliseconds timeout)
      : request_(request),
        timeout_(timeout),
        resolver_(ioc),
        stream_(ioc, tls),
        http_request_(http_request_of(request)) {
    // A push service's answer is a few bytes; bound it anyway.
    parser_.body_limit(64 * 1024);
  }

  void start() {
    resolver_.async_resolve(request_.target.host, request_.target.port,
                            [this](beast::error_code failed, tcp::resolver::results_type found) {
                              if (!failed) connect(found);
                            });
  }
  // The answer's status, 0 while there is none.
  int status() const { return status_; }

 private:
  beast::tcp_stream& tcp_layer() { return beast::get_lowest_layer(stream_); }

  void connect(const tcp::resolver::results_type& found) {
    // Only addresses on the public Internet (push/public_address.h); loopback as well for
    // a test's plain-HTTP endpoint.
    for (const auto& entry : found)
      if (is_public_address(entry.endpoint().address()) ||
          (!request_.target.tls && entry.endpoint().address().is_loopback()))
        endpoints_.push_back(entry.endpoint());
    if (endpoints_.empty()) return;
    // One deadline for every later step: it holds until it is set again.
    tcp_layer().expires_after(timeout_);
    tcp_layer().async_connect(endpoints_, [this](beast::error_code failed, const tcp::endpoint&) {
      if (failed) return;
      if (request_.target.tls) {
        handshake();
      } else {
        exchange(tcp_layer());
      }
    });
  }

  void handshake() {
    if (!SSL_set_tlsext_host_name(stream_.native_handle(), request_.target.host.c_str())) return;
    stream_.set_verify_callback(asio::ssl::host_name_verification(request_.target.host));
    stream_.async_handshake(asio::ssl::stream_base::client, [this](beast::error_code failed) {
      if (!failed) exchange(stream_);
    });
  }

  template <class Stream>
  void exchange(Stream& stream) {
    http::async_write(
        stream, http_request_, [this, &stream](beast::error_code failed, std::size_t) {
          if (failed) return;
          http::async_read(stream, buffer_, parser_, [this](beast::error_code unread, std::size_t) {
            if (!unread) status_ = parser_.get().result_int();
          });
        });
  }

  const PushRequest& request_;
  const std::chrono::milliseconds timeout_;
  tcp::resolver resolver_;
  std::vector<tcp::endpoint> endpoints_;
  beast::ssl_stream<beast::tcp_stream> stream_;
  http::request<http::string_body> http_request_;
  beast::flat_buffer buffer_;
  http::response_parser<http::string_body> parser_;
  int status_ = 0;
};

}  // namespace

PushSender::PushSender(VapidKeys keys, std::string subject, Options options, Gone gone, Done done,
                       Lookup lookup)
    : keys_(std::move(keys)),
      subject_(std::move(subject)),
      options_(options),
      gone_(std::move(gone)),
      done_(std::move(done)),
      lookup_(std::move(lookup)),
      thread_([this] { run(); }) {}

PushSender::~PushSender() {
  stop();
}

bool PushSender::enqueue(PushSubscriptionKeys subscription, std::string payload) {
  return push_job(Job{std::move(subscription), std::move(payload)});
}

bool PushSender::enqueue_for(std::string room_id, int player, std::string payload) {
  return push_job(Job{{}, std::move(payload), std::move(room_id), player});
}

bool PushSender::push_job(Job job) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= options_.max_queue) return false;
    queue_.push_back(std::move(job));
  }
  wake_.notify_one();
  return true;
}

bool PushSender::stopping() {
  std::lock_guard lock(mutex_);
  return stopping_;
}

void PushSender::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    queue_.clear();
  }
  wake_.notify_one();
  if (thread_.joinable()) thread_.join();
}

void PushSender::run() {
  for (;;) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
    }
    if (job.player < 0) {
      deliver(job);
      continue;
    }
    if (!lookup_) continue;
    for (auto& subscription : lookup_(job.room_id, job.player)) {
      if (stopping()) return;
      deliver(Job{std::move(subscription), job.payload});
    }
  }
}

void PushSender::deliver(const Job& job) {
  const int status = send_one(job);
  if ((status == 404 || status == 410) && gone_) gone_(job.subscription.endpoint);
  if (done_) done_(job.subscription.endpoint, status);
}

int PushSender::send_one(const Job& job) {
  auto request = make_push_request(keys_, subject_, job.subscription, job.payload,
                                   options_.allow_http_loopback, std::chrono::system_clock::now(),
                                   options_.ttl_seconds);
  if (!request) return 0;
  asio::ssl::context tls(asio::ssl::context::tls_client);
  tls.set_default_verify_paths();
  tls.set_verify_mode(asio::ssl::verify_peer);
  asio::io_context ioc;
  PushPost post(ioc, tls, *request, options_.timeout);
  post.start();
  // The resolver has no deadline of its own: the whole exchange is bounded here as well.
  ioc.run_for(options_.timeout * 2);
  return post.status();
}

}  // namespace banmen::server
