// Games set up for play from a pasted position or a handicap name: every game's own
// position check answers, and a position where nothing is left to play is refused.
#include <gtest/gtest.h>

#include "games/game_setup.h"

namespace banmen {
namespace {

struct Case {
  const char* game;
  const char* position;
  const char* code;     // expected error code; nullptr when it must be accepted
  const char* message;  // part of the expected message
};

TEST(GameSetup, PastedPositionsAreCheckedByTheRules) {
  const Case cases[] = {
      // Accepted: any legal position, either side to move.
      {"shogi", "4k4/9/9/9/9/9/9/9/4K4 w 2P 30", nullptr, ""},
      {"minishogi", "2k2/5/5/5/2K2 b P 1", nullptr, ""},
      {"chess", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", nullptr, ""},
      // Refused by the position codecs.
      {"shogi", "4k4/9/9/9/4R4/9/9/9/4K4 b - 1", errc::bad_position, "not to move"},
      {"shogi", "P3k4/9/9/9/9/9/9/9/4K4 b - 1", errc::bad_position, "could never move"},
      {"shogi", "4k4/9/9/9/P8/P8/9/9/4K4 b - 1", errc::bad_position, "two unpromoted"},
      {"shogi", "9/9/9/9/9/9/9/9/4K4 b - 1", errc::bad_position, "no king"},
      {"minishogi", "P1k2/5/5/5/2K2 b - 1", errc::bad_position, "could never move"},
      {"minishogi", "2k2/5/5/P4/P1K2 b - 1", errc::bad_position, "two unpromoted"},
      {"minishogi", "2k2/5/2R2/5/2K2 b - 1", errc::bad_position, "not to move"},
      {"chess", "4k3/8/8/8/8/8/8/4R1K1 w - - 0 1", errc::bad_position, "not to move"},
      {"chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", errc::bad_position, "first or last rank"},
      {"chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", errc::bad_position, "no king"},
      {"chess", "4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1", errc::bad_position, "promoted"},
      {"chess", "4k3/8/8/8/8/8/PPPPPP2/QQQ1K3 w - - 0 1", nullptr, ""},
      // Refused here: nothing left to play.
      {"shogi", "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", errc::bad_position, "already over"},
      {"chess", "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", errc::bad_position, "already over"},
      {"nonsense", "", errc::unknown_game, "unknown game"},
  };
  for (const Case& c : cases) {
    auto g = setup_game({c.game, c.position, ""});
    if (!c.code) {
      EXPECT_TRUE(g.ok()) << c.game << " " << c.position << ": " << g.error().message;
      continue;
    }
    ASSERT_FALSE(g.ok()) << c.game << " " << c.position;
    EXPECT_EQ(g.error().code, c.code) << c.position;
    EXPECT_NE(g.error().message.find(c.message), std::string::npos)
        << c.position << " -> " << g.error().message;
  }
}

TEST(GameSetup, HandicapNamesGiveTheirStartWithWhiteToMove) {
  auto g = setup_game({"shogi", "", "rook"});
  ASSERT_TRUE(g.ok()) << g.error().message;
  EXPECT_EQ((*g)->initial_position(),
            "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1");
  EXPECT_EQ((*g)->to_move(), 1);
  auto even = setup_game({"shogi", "", "even"});
  ASSERT_TRUE(even.ok());
  EXPECT_EQ((*even)->to_move(), 0);
  EXPECT_EQ(setup_game({"shogi", "", "queen"}).error().code, "unknown_handicap");
  EXPECT_EQ(setup_game({"chess", "", "rook"}).error().code, "unknown_handicap");
  EXPECT_EQ(setup_game({"shogi", "4k4/9/9/9/9/9/9/9/4K4 b - 1", "rook"}).error().code,
            errc::bad_position);
}

}  // namespace
}  // namespace banmen
