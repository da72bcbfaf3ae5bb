// A test helper over the record codecs, for the interoperability script (records.mjs).
//   shogi_record_tool export kif|csa   reads "sfen <SFEN> moves ..." and prints the record
//   shogi_record_tool import kif|csa   reads a record and prints the final SFEN
#include <iostream>
#include <iterator>
#include <string>

#include "games/registry.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: shogi_record_tool import|export kif|csa < input\n";
    return 2;
  }
  const std::string mode = argv[1], format = argv[2];
  const std::string input{std::istreambuf_iterator<char>(std::cin), {}};
  auto game = banmen::import_game("shogi", mode == "export" ? "sfen" : format, input);
  if (!game) {
    std::cerr << game.error().message << "\n";
    return 1;
  }
  if (mode == "import") {
    std::cout << (*game)->position() << "\n";
    return 0;
  }
  auto text = (*game)->export_record(format, banmen::Viewer::referee, banmen::RecordInfo{});
  if (!text) {
    std::cerr << text.error().message << "\n";
    return 1;
  }
  std::cout << *text;
  return 0;
}
