package render

import (
	"encoding/json"
	"fmt"
	"io"

	"handrec/jsonrec"
	"handrec/model"
	"handrec/model/dd"
)

// DDReport writes what dd prints, a deal at a time in input order: as
// text, each deal's table, declarers down and strains across, and its
// par; as JSON, one object {"deals":[...]}, a deal an element.
type DDReport struct {
	w    *firstError
	json bool
	n    int // deals written
}

// firstError is a writer that keeps the first error of its writer's and
// writes nothing after it.
type firstError struct {
	w   io.Writer
	err error
}

func (f *firstError) Write(p []byte) (int, error) {
	if f.err != nil {
		return 0, f.err
	}
	n, err := f.w.Write(p)
	f.err = err
	return n, err
}

// NewDDReport writes dd's report to w, as JSON when json, else as text.
// Each method returns the first error writing to w met so far: a
// command stops at it (a closed pipe).
func NewDDReport(w io.Writer, json bool) *DDReport {
	return &DDReport{w: &firstError{w: w}, json: json}
}

// Begin writes what comes before the first deal.
func (o *DDReport) Begin() error {
	if o.json {
		fmt.Fprint(o.w, `{"deals":[`)
	}
	return o.w.err
}

// End writes what comes after the last deal.
func (o *DDReport) End() error {
	if o.json {
		fmt.Fprintln(o.w, "]}")
	}
	return o.w.err
}

// ddJSON is one deal in the JSON output.
type ddJSON struct {
	File   string                    `json:"file"`
	Board  int                       `json:"board"`
	Index  int                       `json:"index"`
	Tricks map[string]map[string]int `json:"tricks"`
	Par    *parJSON                  `json:"par,omitempty"`
}

type parJSON struct {
	Score     int      `json:"score"`
	Contracts []string `json:"contracts"`
}

// Deal writes r's table t and its par, nil for none: the JSON gives the
// solver's par, the text stated, the same par as a record states it
// (ddsolve.RecordPar), as show and sheet print it.
func (o *DDReport) Deal(r *model.Record, t dd.Table, par *dd.Par, stated model.Par) error {
	o.n++
	if !o.json {
		writeDDText(o.w, r, t, par != nil, stated)
		return o.w.err
	}
	v := ddJSON{File: r.File, Board: r.Board, Index: r.Index, Tricks: map[string]map[string]int{}}
	for _, s := range model.Seats {
		row := map[string]int{}
		for _, st := range dd.Strains {
			row[st.String()] = t[s][st]
		}
		v.Tricks[s.String()] = row
	}
	if par != nil {
		v.Par = &parJSON{Score: par.Score, Contracts: []string{}}
		for _, pc := range par.Contracts {
			v.Par.Contracts = append(v.Par.Contracts, pc.String())
		}
	}
	b, _ := json.Marshal(v)
	b = jsonrec.EscapeC1(b)
	if o.n > 1 {
		fmt.Fprint(o.w, ",")
	}
	o.w.Write(b)
	return o.w.err
}

// writeDDText prints a deal's table, declarers down and strains across,
// and, when hasPar, its par.
func writeDDText(w io.Writer, r *model.Record, t dd.Table, hasPar bool, par model.Par) {
	if r.File != "" {
		fmt.Fprintf(w, "%s ", r.File)
	}
	fmt.Fprintf(w, "board %d (#%d)\n      C  D  H  S NT\n", r.Board, r.Index)
	for _, s := range model.Seats {
		fmt.Fprintf(w, "  %s ", s)
		for _, st := range dd.Strains {
			fmt.Fprintf(w, "%3d", t[s][st])
		}
		fmt.Fprintln(w)
	}
	if hasPar {
		// par as show and sheet write it (ParText)
		fmt.Fprintf(w, "  par %s\n", ParText(par, Style{ASCII: true}))
	}
}
