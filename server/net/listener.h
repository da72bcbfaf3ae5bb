// Accepts TCP connections and hands each one, on its own strand, to an HttpSession, once
// the connection caps admit it. Out of file descriptors it pauses instead of spinning.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core/error.hpp>
#include <memory>

namespace banmen::server {

struct NetServices;

class Listener : public std::enable_shared_from_this<Listener> {
 public:
  Listener(NetServices& services, boost::asio::ip::tcp::endpoint endpoint,
           boost::beast::error_code& ec);
  void run();
  void stop();
  unsigned short port() const;

 private:
  void do_accept();
  void on_accept(boost::beast::error_code ec, boost::asio::ip::tcp::socket socket);
  void admit(boost::asio::ip::tcp::socket socket);
  void pause_for_descriptors(boost::beast::error_code ec);
  static void fail(boost::beast::error_code ec, const char* what);

  NetServices& services_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer pause_timer_;  // on the acceptor's strand
  bool out_of_descriptors_ = false;        // in an episode: logged once, not per attempt
};

}  // namespace banmen::server
