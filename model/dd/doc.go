// Package dd is a double-dummy solver: how many tricks each seat makes as
// declarer in each strain when every player sees every card, and the par
// score and contracts that follow from those numbers.
//
// The search is alpha-beta on zero-window questions ("can North-South take
// at least t of the remaining tricks?"), asked repeatedly until the count is
// pinned; each answer is a bound (at least v, or at most v), which may move
// the next question by more than a trick (MTD(f)). Each answer comes with
// the cards it relied on by rank: those that
// won a trick against another card of their suit (DDS's "winning ranks").
// The answer then holds for every position with the same suit lengths and
// leader and the same owners of the cards, in each suit, from the lowest
// such card up; the smaller cards count only by number. Positions at the
// start of a trick are stored that way in a transposition table of fixed
// size, so one entry answers many positions. Cards of one hand adjacent
// among the cards left in play are one move, and once a small card has
// failed, the other cards of its suit below every card the answers relied
// on are not tried. Quick tricks of the side on lead (the leader's top
// cards and the long cards that win once the opponents cannot follow, then
// partner's after a low card to his top card; for one trick, a ruff by
// partner no opponent overruffs), a side's trumps above all
// the opponents', and DDS's later-trick bounds for a side that needs every
// trick bound the search early (before the table is probed while the side
// on lead needs one or two tricks, after it when more); at a trick's
// second card, the tricks the second hand's side takes for sure (DDS's
// QuickTricksSecondHand) settle it before that hand's moves; the card that
// settled the last turn that looked alike (bridge-solver's cut-off cache,
// cuts.go) is tried first, and only when it fails are the other moves
// ordered, by the weights of DDS's Moves.cpp (order.go). The search allocates
// nothing. The table is shared by the four leaders of a strain, so the 20
// results of a deal reuse each other's work.
//
// dd imports only model and the standard library. A Solver is not safe for
// concurrent use: give each goroutine its own (see Tables).
package dd
