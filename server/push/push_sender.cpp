#include "push/push_sender.h"

#include <boost/asio/co_spawn.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/ssl.hpp>
// Asio's TLS functions compiled here, once: banmen_asio (util/) compiles the rest of Asio
// and Beast, and nothing else in the server speaks TLS.
#include <boost/asio/ssl/impl/src.hpp>

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

template <class Stream>
asio::awaitable<int> exchange(Stream& stream, http::request<http::string_body>& req) {
  co_await http::async_write(stream, req, asio::use_awaitable);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024);  // a push service's answer is a few bytes; bound it anyway
  co_await http::async_read(stream, buffer, parser, asio::use_awaitable);
  co_return parser.get().result_int();
}

asio::awaitable<int> post_request(const PushRequest& request, asio::ssl::context& tls,
                                  std::chrono::milliseconds timeout) {
  auto executor = co_await asio::this_coro::executor;
  tcp::resolver resolver(executor);
  auto endpoints = co_await resolver.async_resolve(request.target.host, request.target.port,
                                                   asio::use_awaitable);
  auto req = http_request_of(request);
  if (!request.target.tls) {
    beast::tcp_stream stream(executor);
    stream.expires_after(timeout);
    co_await stream.async_connect(endpoints, asio::use_awaitable);
    co_return co_await exchange(stream, req);
  }
  beast::ssl_stream<beast::tcp_stream> stream(executor, tls);
  if (!SSL_set_tlsext_host_name(stream.native_handle(), request.target.host.c_str())) co_return 0;
  stream.set_verify_callback(asio::ssl::host_name_verification(request.target.host));
  beast::get_lowest_layer(stream).expires_after(timeout);
  co_await beast::get_lowest_layer(stream).async_connect(endpoints, asio::use_awaitable);
  co_await stream.async_handshake(asio::ssl::stream_base::client, asio::use_awaitable);
  co_return co_await exchange(stream, req);
}

}  // namespace

PushSender::PushSender(VapidKeys keys, std::string subject, Options options, Gone gone, Done done)
    : keys_(std::move(keys)),
      subject_(std::move(subject)),
      options_(options),
      gone_(std::move(gone)),
      done_(std::move(done)),
      thread_([this] { run(); }) {}

PushSender::~PushSender() {
  stop();
}

bool PushSender::enqueue(PushSubscriptionKeys subscription, std::string payload) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ || queue_.size() >= options_.max_queue) return false;
    queue_.push_back(Job{std::move(subscription), std::move(payload)});
  }
  wake_.notify_one();
  return true;
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
    int status = send_one(job);
    if (status == 404 || status == 410) gone_(job.subscription.endpoint);
    if (done_) done_(job.subscription.endpoint, status);
  }
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
  int status = 0;
  asio::co_spawn(ioc, post_request(*request, tls, options_.timeout),
                 [&status](std::exception_ptr failed, int answer) {
                   if (!failed) status = answer;
                 });
  // The resolver has no deadline of its own: the whole exchange is bounded here as well.
  ioc.run_for(options_.timeout * 2);
  return status;
}

}  // namespace banmen::server
