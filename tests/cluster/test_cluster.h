// The cluster the tests start: the server binary and nginx found at configure time, and the
// shipped location and upstream blocks (tests/cluster/CMakeLists.txt).
#pragma once

#include "cluster_harness.h"

namespace banmen::test {

inline ClusterOptions test_cluster(int servers) {
  ClusterOptions o;
  o.servers = servers;
  o.server_binary = BANMEN_SERVER_BINARY;
  o.nginx_binary = BANMEN_NGINX_BINARY;
  o.nginx_locations = BANMEN_NGINX_LOCATIONS;
  o.nginx_upstreams = BANMEN_NGINX_UPSTREAMS;
  return o;
}

}  // namespace banmen::test
