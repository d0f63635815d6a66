package export

import (
	"bufio"
	"encoding/csv"
	"io"
	"strconv"

	"handrec/model"
)

// CSVColumns are the columns of the CSV export: a row a record, with the
// records view's facts, the four hands and a handviewer link.
var CSVColumns = []string{"file", "index", "board", "event", "site", "date", "room",
	"dealer", "vul", "north", "east", "south", "west", "contract", "declarer", "tricks",
	"score", "score_imp", "score_mp", "scoring",
	"hand_n", "hand_e", "hand_s", "hand_w", "hcp_n", "hcp_e", "hcp_s", "hcp_w", "url"}

// CSVWriter writes records as CSV (RFC 4180), one row a record, for
// analysts' tools; it streams. The auction, the play and the commentary
// have no column: Dropped counts them.
type CSVWriter struct {
	w       *csv.Writer
	bw      *bufio.Writer
	headed  bool
	dropped Drops
}

// NewCSVWriter writes CSV to w; Close flushes it.
func NewCSVWriter(w io.Writer) *CSVWriter {
	bw := bufio.NewWriterSize(w, 64<<10)
	return &CSVWriter{w: csv.NewWriter(bw), bw: bw, dropped: Drops{}}
}

// Dropped is what the rows could not carry of the records written.
func (cw *CSVWriter) Dropped() Drops { return cw.dropped }

// WriteHeader writes the column names, once.
func (cw *CSVWriter) WriteHeader(model.Header) error {
	if cw.headed {
		return nil
	}
	cw.headed = true
	return cw.w.Write(CSVColumns)
}

// Write adds the record's row.
func (cw *CSVWriter) Write(r *model.Record) error {
	if err := cw.WriteHeader(model.Header{}); err != nil {
		return err
	}
	tag := func(n string) string { v, _ := TagOrFact(r, n); return v } // as given: "?" stays
	row := []string{r.File, strconv.Itoa(r.Index), itoaOrEmpty(r.Board), tag("Event"), tag("Site"), tag("Date"), roomName(r),
		r.Dealer.String(), r.Vul.String(), tag("North"), tag("East"), tag("South"), tag("West"),
		r.Contract.String(), r.Declarer.String(), tricksOf(r),
		tag("Score"), tag("ScoreIMP"), tag("ScoreMP"), tag("Scoring")}
	for _, s := range model.Seats {
		row = append(row, handOf(r, s))
	}
	for _, s := range model.Seats {
		row = append(row, hcpOf(r, s))
	}
	u := ""
	if !r.Deal.Empty() {
		u, _ = HandviewerURL(r)
	}
	row = append(row, u)
	cw.countDrops(r)
	return cw.w.Write(row)
}

func (cw *CSVWriter) countDrops(r *model.Record) {
	if r.Auction != nil && len(r.Auction.Calls) > 0 {
		cw.dropped.Add("auction")
	}
	if r.Play != nil && len(r.Play.Tricks) > 0 {
		cw.dropped.Add("play")
	}
	if len(r.Leading) > 0 {
		cw.dropped.Add("commentary")
	}
}

func itoaOrEmpty(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

func roomName(r *model.Record) string {
	if r.Room != model.NoRoom {
		return r.Room.String()
	}
	v, _ := r.FactValue(model.FactRoom) // a room's text as given
	return v
}

func tricksOf(r *model.Record) string {
	if !r.Result.Known() {
		return ""
	}
	return strconv.Itoa(int(r.Result.Tricks))
}

func handOf(r *model.Record, s model.Seat) string {
	if !r.Deal.Known[s] {
		return ""
	}
	return r.Deal.HandPBN(s)
}

func hcpOf(r *model.Record, s model.Seat) string {
	if !r.Deal.Known[s] {
		return ""
	}
	return strconv.Itoa(r.Deal.Hands[s].HCP())
}

// WriteTrailer does nothing: a CSV file has no trailer.
func (cw *CSVWriter) WriteTrailer(model.Trailer) error { return nil }

// Close writes the header if no record came, and flushes.
func (cw *CSVWriter) Close() error {
	if err := cw.WriteHeader(model.Header{}); err != nil {
		return err
	}
	cw.w.Flush()
	if err := cw.w.Error(); err != nil {
		return err
	}
	return cw.bw.Flush()
}
