package render

import (
	"strconv"

	"handrec/model"
)

// A team match's board on a sheet with --session is one diagram with both
// rooms beside it: each room's players, contract, declarer, tricks and
// North-South's score in one table, the board's IMPs and the match's
// running score under it, then each room's auction.

// SheetRoom is one room of a team match's board, as the session read it.
type SheetRoom struct {
	Name     string    // "Open room", "Closed room"
	Players  [4]string // by seat
	Auction  *model.Auction
	Contract model.Contract
	Declarer model.Seat
	Tricks   int // declarer's, -1 when not known
	Score    int // North-South's, when Scored
	Scored   bool
}

// SheetMatchBoard is a team match's board as the sheet prints it: its
// rooms, and Lines under them (the board's IMPs, the running score).
type SheetMatchBoard struct {
	Rooms []SheetRoom
	Lines []string
}

// matchBoardViews are the tables a match's board shows under its
// diagram: the rooms, then each room's auction (none with noAuction).
func matchBoardViews(mb *SheetMatchBoard, st Style, noAuction bool) []*travellerView {
	head := []string{sheetHead("room"), "N-S", "E-W", sheetHead("contract"), sheetHead("declarer"), sheetHead("result"), sheetHead("score_ns")}
	rooms := &travellerView{Title: "Rooms", Head: head,
		Right: []bool{false, false, false, false, false, true, true}, Notes: mb.Lines}
	for _, rm := range mb.Rooms {
		row := []string{rm.Name, pairText(rm.Players, model.NS), pairText(rm.Players, model.EW), "", rm.Declarer.String(), "", ""}
		if rm.Contract.Kind != model.NoContract {
			row[3] = rm.Contract.String()
		}
		if rm.Tricks >= 0 && rm.Contract.Kind == model.Bid {
			row[5] = strconv.Itoa(rm.Tricks)
		}
		if rm.Scored {
			row[6] = strconv.Itoa(rm.Score)
		}
		rooms.Rows = append(rooms.Rows, row)
	}
	out := []*travellerView{rooms}
	if noAuction {
		return out
	}
	for _, rm := range mb.Rooms {
		if rm.Auction == nil || len(rm.Auction.Calls) == 0 {
			continue
		}
		av := newAuctionView(&model.Record{Auction: rm.Auction}, st)
		tv := &travellerView{Title: rm.Name + ": auction", Head: av.Head[:], Right: make([]bool, 4), Notes: av.Notes}
		for _, r := range av.Rows {
			tv.Rows = append(tv.Rows, append([]string(nil), r[:]...))
		}
		out = append(out, tv)
	}
	return out
}

// pairText is a side's players: "North - South", "?" for a name not known.
func pairText(p [4]string, side model.Side) string {
	a, b := p[model.North], p[model.South]
	if side == model.EW {
		a, b = p[model.East], p[model.West]
	}
	if a == "" && b == "" {
		return ""
	}
	return orUnknown(a) + " - " + orUnknown(b)
}

func orUnknown(s string) string {
	if s == "" {
		return "?"
	}
	return s
}
