package render

import (
	"strconv"
	"strings"

	"handrec/model"
	"handrec/model/scoring"
)

// sheetRubber scores a sheet's records in order as games and rubbers, as
// `score --rubber` does, so that the sheet prints the books' scoring
// block after each game (the score so far) and, after a rubber's last
// deal, the rubber's block with its totals and settlement.
type sheetRubber struct {
	s       *scoring.Scorer
	code    scoring.Code
	ascii   bool
	deals   []*scoring.DealScore // the open rubber's, so far
	players [4]string            // of the open rubber's first record
	ended   *sheetBlock          // the block of a rubber that ended in Add
}

// sheetBlock is a scoring block set on the sheet as a board is: its title
// and its lines, in a fixed-pitch face.
type sheetBlock struct {
	title string
	lines []string
	// tables, when there are, make it a results page: its lines are
	// prose, and its tables follow them.
	tables []*travellerView
}

func newSheetRubber(opt scoring.Options, ascii bool) *sheetRubber {
	opt.Rubber = true
	s, err := scoring.NewScorer(opt)
	if err != nil {
		return nil // Check refused these options before
	}
	sr := &sheetRubber{s: s, code: opt.Code, ascii: ascii}
	s.Stream(func(rb *scoring.Rubber, deals []*scoring.DealScore) {
		sr.ended = sr.block(rb, deals, false)
	})
	return sr
}

// block draws rubber rb, whose deals are deals, as the books' block; so
// far, without the rubber's outcome, when it is the score after a game.
func (sr *sheetRubber) block(rb *scoring.Rubber, deals []*scoring.DealScore, soFar bool) *sheetBlock {
	one := *rb
	one.Deals = make([]int, len(deals))
	for i := range one.Deals {
		one.Deals[i] = i
	}
	rep := &scoring.Report{Deals: deals, Rubbers: []*scoring.Rubber{&one}}
	lines := ScoreBlock(rep, &one, BlockOptions{ASCII: sr.ascii, Names: BlockNames(rb.Code, sr.players), SoFar: soFar})
	title := "Rubber " + strconv.Itoa(rb.Number) + " (" + string(rb.Code) + ")"
	if soFar {
		title += ", the score after game " + strconv.Itoa(gamesWon(deals))
	}
	return &sheetBlock{title: title, lines: strings.Split(strings.TrimSuffix(lines, "\n"), "\n")}
}

func gamesWon(deals []*scoring.DealScore) int {
	n := 0
	for _, d := range deals {
		if d.GameWon != "" {
			n++
		}
	}
	return n
}

// add scores r; it gives the block to print after it: the rubber's when
// the rubber ended on it, the score so far when a game did, else nil.
func (sr *sheetRubber) add(r *model.Record) *sheetBlock {
	if len(sr.deals) == 0 {
		for _, s := range model.Seats {
			sr.players[s] = strings.Clone(r.Player(s))
		}
	}
	ds := sr.s.Add(r)
	if b := sr.ended; b != nil {
		sr.ended, sr.deals = nil, nil
		return b
	}
	sr.deals = append(sr.deals, ds)
	if ds.GameWon == "" || ds.Rubber == 0 {
		return nil
	}
	rb := &scoring.Rubber{Number: ds.Rubber, Code: ds.Code, Totals: map[string]int{}, Games: map[string]int{}}
	for _, d := range sr.deals {
		for _, it := range d.Items {
			rb.Totals[it.Who] += it.Points
		}
		if d.GameWon != "" {
			rb.Games[d.GameWon]++
		}
	}
	return sr.block(rb, sr.deals, true)
}

// finish gives the block of a rubber left unfinished, nil for none.
func (sr *sheetRubber) finish() *sheetBlock {
	sr.s.Finish()
	b := sr.ended
	sr.ended, sr.deals = nil, nil
	return b
}

// hasVul reports whether the code a record is scored under has a
// vulnerability: contract bridge's has; whist's heirs, bridge, auction and
// pirate, have none, so their sheets print none.
func (o *SheetOptions) hasVul(r *model.Record) bool {
	code := o.Code
	if code == "" {
		code = scoring.CodeOf(r)
	}
	return code == "" || code == scoring.Contract
}
