// Asio's and Beast's own functions (everything that is not a template), compiled once here
// instead of in every file that includes them: banmen_asio builds every target that uses
// either with BOOST_ASIO_SEPARATE_COMPILATION and BOOST_BEAST_SEPARATE_COMPILATION, under
// which their headers only declare these functions.
#include <boost/asio/impl/src.hpp>
#include <boost/beast/src.hpp>
