// Package dd is a double-dummy solver: how many tricks each seat makes as
// declarer in each strain when every player sees every card, and the par
// score and contracts that follow from those numbers.
//
// The search is alpha-beta on zero-window questions ("can North-South take
// at least t of the remaining tricks?"), asked repeatedly until the count is
// pinned. Positions at the start of a trick are stored in a transposition
// table of fixed size, keyed on the remaining cards with their ranks made
// relative (a position after the 2 and 3 of a suit are gone is the same as
// one where the 4 and 5 are gone, if the cards left lie the same way).
// Cards of one hand adjacent among the cards left in play are one move;
// quick tricks of the side on lead (the leader's own, or partner's after a
// low card to his top card) and a side's trumps above all the opponents'
// bound the search early, before the table is probed, and moves are
// ordered by bridge heuristics. The search allocates nothing. The table is
// shared by the four leaders of a strain, so the 20 results of a deal reuse
// each other's work.
//
// dd imports only model and the standard library. A Solver is not safe for
// concurrent use: give each goroutine its own (see Tables).
package dd
