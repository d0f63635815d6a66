package pipeline

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"strings"

	"handrec/jsonrec"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
)

// ScoreOptions tune Score.
type ScoreOptions struct {
	Scoring scoring.Options
	JSON    bool // the report as JSON, else as text
	// Unscored is called with each record that could not be scored.
	Unscored func(r *model.Record, ds *scoring.DealScore)
}

// Score scores the records of src in order and writes the report to w as
// `handrec score` prints it: the deals, then the rubbers (and, in text
// with Rubber, their scoring blocks). Deals are written as they are
// scored and rubbers spooled to temporary files until the deals end, so
// that memory does not grow with the input: the session keeps only the
// open rubber.
func Score(w io.Writer, src Source, opt ScoreOptions) error {
	s, err := scoring.NewScorer(opt.Scoring)
	if err != nil {
		return err
	}
	rp, err := newReport(w, opt, s.Code())
	if err != nil {
		return err
	}
	defer rp.close()
	// The players of each open rubber's first record head its block's
	// columns. cur is the record being added: a rubber that ends on its
	// first deal is handed over inside Add, before it could be noted.
	// A match's rooms are rubbers open side by side (scoring's rooms):
	// each rubber keeps the players of its own first record.
	players := map[int][4]string{}
	var cur [4]string
	s.Stream(func(rb *scoring.Rubber, deals []*scoring.DealScore) {
		p, ok := players[rb.Number]
		if !ok {
			p = cur
		}
		rp.rubber(rb, deals, p)
		delete(players, rb.Number)
	})
	err = src(func(r *model.Record) error {
		for _, seat := range model.Seats {
			// A copy: a name may share the memory of a whole batch read.
			cur[seat] = strings.Clone(r.Player(seat))
		}
		ds := s.Add(r)
		if _, noted := players[ds.Rubber]; !noted && ds.Rubber > 0 && s.Open(ds.Rubber) {
			players[ds.Rubber] = cur
		}
		if ds.Err != "" && opt.Unscored != nil {
			opt.Unscored(r, ds)
		}
		return rp.deal(ds)
	})
	if err != nil {
		return err
	}
	s.Finish()
	return rp.finish()
}

// report writes a score report as it comes.
type report struct {
	w              *bufio.Writer
	opt            ScoreOptions
	lines, blocks  *os.File // rubbers' text (or JSON) and scoring blocks
	deals, rubbers int
	err            error // the first error of a spool
}

// newReport starts the report of a session whose report code is code.
func newReport(w io.Writer, opt ScoreOptions, code string) (*report, error) {
	rp := &report{w: bufio.NewWriterSize(w, 64<<10), opt: opt}
	if opt.JSON {
		// {"code":…,"deals":[…],"rubbers":[…]}, as json.Encoder writes a Report.
		head, _ := json.Marshal(code)
		rp.w.WriteString(`{"code":` + string(jsonrec.EscapeC1(head)) + `,"deals":[`)
	}
	var err error
	if rp.lines, err = os.CreateTemp("", "handrec-score-*"); err != nil {
		return nil, err
	}
	if rp.blocks, err = os.CreateTemp("", "handrec-score-*"); err != nil {
		rp.close()
		return nil, err
	}
	return rp, nil
}

func (rp *report) close() {
	for _, f := range []*os.File{rp.lines, rp.blocks} {
		if f != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}
}

func (rp *report) deal(ds *scoring.DealScore) error {
	rp.deals++
	if !rp.opt.JSON {
		return render.WriteDealScore(rp.w, ds)
	}
	sep := ","
	if rp.deals == 1 {
		sep = ""
	}
	return render.WriteJSONValue(rp.w, sep, ds)
}

// rubber spools an ended rubber; an error is kept for finish.
func (rp *report) rubber(rb *scoring.Rubber, deals []*scoring.DealScore, players [4]string) {
	rp.rubbers++
	if rp.err != nil {
		return
	}
	if rp.opt.JSON {
		sep := ","
		if rp.rubbers == 1 {
			sep = ""
		}
		rp.err = render.WriteJSONValue(rp.lines, sep, rb)
		return
	}
	if rp.err = render.WriteRubberScore(rp.lines, rb); rp.err != nil {
		return
	}
	// The block reads the rubber's deals by index: give it a report of
	// this rubber alone.
	one := *rb
	one.Deals = make([]int, len(deals))
	for i := range one.Deals {
		one.Deals[i] = i
	}
	if rp.rubbers > 1 {
		_, rp.err = io.WriteString(rp.blocks, "\n")
	}
	if rp.err == nil {
		rep := &scoring.Report{Deals: deals, Rubbers: []*scoring.Rubber{&one}}
		rp.err = render.WriteScoreBlocks(rp.blocks, rep, false, func(*scoring.Rubber) map[string]string {
			return render.BlockNames(rb.Code, players)
		})
	}
}

// finish writes what was spooled after the deals.
func (rp *report) finish() error {
	if rp.err != nil {
		return rp.err
	}
	if rp.opt.JSON {
		if _, err := rp.w.WriteString(`],"rubbers":[`); err != nil {
			return err
		}
		if err := copyFrom(rp.w, rp.lines); err != nil {
			return err
		}
		if _, err := rp.w.WriteString("]}\n"); err != nil {
			return err
		}
		return rp.w.Flush()
	}
	if err := copyFrom(rp.w, rp.lines); err != nil {
		return err
	}
	if rp.opt.Scoring.Rubber && rp.rubbers > 0 {
		if _, err := rp.w.WriteString("\n"); err != nil {
			return err
		}
		if err := copyFrom(rp.w, rp.blocks); err != nil {
			return err
		}
	}
	return rp.w.Flush()
}

func copyFrom(w io.Writer, f *os.File) error {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	_, err := io.Copy(w, f)
	return err
}
