package render

import (
	"strconv"
	"strings"

	"handrec/model/ddplay"
)

// AnalysisText is a played deal's double-dummy analysis as a table under
// its trick table: a row a trick, the cards in seat columns (West first),
// a card that cost its side a trick marked "?" ("??" for more), and the
// tricks declarer's side takes in all, won and still to take, at the
// trick's start and end; the costly cards are listed under it.
func AnalysisText(a *ddplay.Analysis, st Style) string {
	if len(a.Tricks) == 0 {
		return ""
	}
	side := st.sideName(a.Declarer.Side())
	var b strings.Builder
	b.WriteString("Double-dummy analysis: " + side + "'s tricks in all, won and still to take\n")
	b.WriteString("Trick  Lead")
	for _, s := range tableOrder {
		b.WriteString("  " + pad(st.seatName(s), 5))
	}
	b.WriteString("  " + side + "\n")
	var notes []string
	for i := range a.Tricks {
		t := &a.Tricks[i]
		var cells [4]string
		for k := 0; k < 4; k++ {
			c := st.card(t.Cards[k])
			switch cost := t.Cost(a.Declarer, k); {
			case cost == 1:
				c += "?"
			case cost > 1:
				c += "??"
			}
			if cost := t.Cost(a.Declarer, k); cost > 0 {
				notes = append(notes, "trick "+strconv.Itoa(i+1)+": "+st.seatName(t.Seat(k))+"'s "+st.card(t.Cards[k])+
					" cost "+plural(cost, "trick")+" ("+side+" "+strconv.Itoa(t.Value[k])+" before it, "+strconv.Itoa(t.Value[k+1])+" after)")
			}
			cells[t.Seat(k)] = c
		}
		b.WriteString(padLeft(strconv.Itoa(i+1), 5) + "  " + pad(st.seatLetter(t.Leader), 4))
		for _, s := range tableOrder {
			b.WriteString("  " + pad(cells[s], max(5, width(st.seatName(s)))))
		}
		b.WriteString("  " + strconv.Itoa(t.Value[0]) + " -> " + strconv.Itoa(t.Value[4]) + "\n")
	}
	if len(notes) == 0 {
		notes = []string{"no card cost a trick"}
	}
	for _, n := range notes {
		b.WriteString(n + "\n")
	}
	if a.Stopped != "" {
		b.WriteString("The analysis stops at " + a.Stopped + "\n")
	}
	return b.String()
}

// plural is "1 trick", "2 tricks".
func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
