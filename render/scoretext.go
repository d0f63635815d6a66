package render

import (
	"fmt"
	"io"
	"sort"

	"handrec/model"
	"handrec/model/scoring"
)

// WriteScoreText writes rep as `handrec score` lists it: each deal's
// items, then each rubber's totals.
func WriteScoreText(w io.Writer, rep *scoring.Report) error {
	for _, d := range rep.Deals {
		if err := WriteDealScore(w, d); err != nil {
			return err
		}
	}
	for _, rb := range rep.Rubbers {
		if err := WriteRubberScore(w, rb); err != nil {
			return err
		}
	}
	return nil
}

// WriteDealScore writes one deal's line and its items.
func WriteDealScore(w io.Writer, d *scoring.DealScore) error {
	p := &errWriter{w: w}
	if d.File != "" { // a record that does not say where it was read
		p.printf("%s ", d.File)
	}
	p.printf("board %d [%s]: %s", d.Board, d.Code, d.Contract)
	if d.Declarer != "" {
		p.printf(" by %s", d.Declarer)
	}
	if d.Acceptor != "" {
		p.printf(", acceptor %s", d.Acceptor)
	}
	if d.Tricks >= 0 {
		p.printf(", %d tricks (%s)", d.Tricks, d.TricksFrom)
	}
	if d.Rubber > 0 {
		p.printf(", rubber %d", d.Rubber)
	}
	p.printf("\n")
	if d.Err != "" {
		p.printf("  cannot score: %s\n", d.Err)
	}
	for _, it := range d.Items {
		law := ""
		if it.Law != "" {
			law = " (" + it.Law + ")"
		}
		p.printf("  %-2s %-5s %5d  %s%s\n", it.Who, it.Line, it.Points, it.Label, law)
	}
	if d.NSScore != nil {
		p.printf("  duplicate score NS %d", *d.NSScore)
		if d.RecordedNS != nil {
			p.printf(", recorded NS %d", *d.RecordedNS)
		}
		p.printf("\n")
	}
	for _, rv := range d.Revokes {
		p.printf("  revoke: %s at trick %d, established %v, penalised %v", rv.Seat, rv.Trick, rv.Established, rv.Penalised)
		if rv.Note != "" {
			p.printf(": %s", rv.Note)
		}
		p.printf("\n")
	}
	for _, n := range d.Notes {
		p.printf("  note: %s\n", n)
	}
	if d.GameWon != "" {
		p.printf("  game to %s\n", d.GameWon)
	}
	return p.err
}

// WriteRubberScore writes one rubber's totals, bonuses, settlement and notes.
func WriteRubberScore(w io.Writer, rb *scoring.Rubber) error {
	p := &errWriter{w: w}
	state := "finished"
	if !rb.Finished {
		state = "unfinished"
	}
	p.printf("rubber %d [%s], %s:", rb.Number, rb.Code, state)
	for _, k := range columnOrder(rb.Totals) {
		p.printf(" %s %d (%d games)", k, rb.Totals[k], rb.Games[k])
	}
	if rb.Winner != "" {
		p.printf("; %s win by %d", rb.Winner, rb.Margin)
	} else {
		p.printf("; a tie")
	}
	p.printf("\n")
	for _, b := range rb.Bonuses {
		p.printf("  %-2s %-5s %5d  %s\n", b.Who, b.Line, b.Points, b.Label)
	}
	if len(rb.Settlement) > 0 {
		p.printf("  settlement (units of %d):", rb.Unit)
		for _, s := range model.Seats {
			p.printf(" %s %+d", s, rb.Settlement[s.String()])
		}
		p.printf("\n")
	}
	for _, n := range rb.Notes {
		p.printf("  note: %s\n", n)
	}
	return p.err
}

// BlockNames heads the columns of a rubber's scoring block with the
// players p (by seat) of its first deal: each pair, "A & B", or under
// Pirate Bridge each player.
func BlockNames(code scoring.Code, p [4]string) map[string]string {
	if code == scoring.Pirate1916 {
		return map[string]string{"N": p[model.North], "E": p[model.East], "S": p[model.South], "W": p[model.West]}
	}
	return map[string]string{
		"NS": PairNames(p[model.North], p[model.South]),
		"EW": PairNames(p[model.East], p[model.West]),
	}
}

// columnOrder lists the columns in table order: NS EW, or N E S W.
func columnOrder(m map[string]int) []string {
	order := map[string]int{"NS": 0, "EW": 1, "N": 2, "E": 3, "S": 4, "W": 5}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return order[keys[i]] < order[keys[j]] })
	return keys
}

// errWriter keeps the first error of a run of writes.
type errWriter struct {
	w   io.Writer
	err error
}

func (p *errWriter) printf(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}
