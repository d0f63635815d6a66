package web

import (
	"context"
	"net/http"
	"strconv"

	"handrec/export"
	"handrec/model"
)

// boardInfo is what the board page says of a record's facts (infoOf).
type boardInfo struct {
	ID                        int64  `json:"id"`
	Event, Site, Date, Room   string `json:"-"`
	Board                     string `json:"-"`
	Dealer, Vul, Deal         string `json:"-"`
	Contract, Declarer, Score string `json:"-"`
	ResultText                string `json:"-"` // "-1 (9 tricks)"; "" when not known
}

// place is where the record was read: a file and the record's line.
type place struct {
	File string `json:"file"`
	Idx  int64  `json:"index"`
	Line int64  `json:"line"`
	Col  int64  `json:"col"`
}

// boardData is all a board page shows.
type boardData struct {
	Info       boardInfo      `json:"-"`
	Record     *model.Record  `json:"-"`
	Places     []place        `json:"sources"`
	Hands      [4]handView    `json:"-"`
	Auction    *auctionView   `json:"-"`
	Comments   []commentRow   `json:"comments"`
	DD         *ddView        `json:"dd,omitempty"`
	Traveller  []travellerRow `json:"traveller"`
	Others     []recordRow    `json:"other_tables"`
	Problems   []problemRow   `json:"problems"`
	Scores     []scoreRow     `json:"scores"`
	Block      string         `json:"score_block,omitempty"`
	Prev, Next int64          `json:"-"`
	Replay     *replayView    `json:"-"`
	Handviewer string         `json:"handviewer,omitempty"`
}

// loadBoard reads the record id once, with the places it was imported
// from, and derives the page from it; the archive is asked besides, in
// the page's one Reading, for what the record does not hold (the records
// before and after it, the same deal at other tables, the double-dummy
// table, the records of its file a rubber's score block scores) and for a
// traveller's rows, which the travellers view reads from its format's
// table.
func (s *Server) loadBoard(r *http.Request, withDD bool) (*boardData, error) {
	id, err := parseID(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	rec, places, err := s.game(ctx, id)
	if err != nil {
		return nil, err
	}
	if rec == nil {
		return nil, notFound("no record %d", id)
	}
	b := &boardData{Info: infoOf(id, rec), Record: rec, Hands: handViews(rec), Auction: auctionOf(rec.Auction),
		Comments: commentsOf(rec), Problems: problemsOf(rec), Scores: scoresOf(rec)}
	for _, p := range places {
		b.Places = append(b.Places, place{File: p.File, Idx: int64(p.Index), Line: int64(p.Line), Col: int64(p.Col)})
	}
	if err := s.loadNeighbours(ctx, b); err != nil {
		return nil, err
	}
	if err := s.loadOthers(ctx, b); err != nil {
		return nil, err
	}
	if err := s.loadTraveller(ctx, b); err != nil {
		return nil, err
	}
	if b.Block, err = s.scoreBlock(ctx, b); err != nil {
		return nil, err
	}
	if withDD {
		if b.DD, err = s.loadDD(ctx, b); err != nil {
			return nil, err
		}
	}
	b.Replay = newReplay(rec)
	if u, err := export.HandviewerURL(rec); err == nil {
		b.Handviewer = u
	}
	return b, nil
}

// AppliedScores are the scores under the codes that apply to the record
// (appliesTo), OtherScores under the others.
func (b *boardData) AppliedScores() []scoreRow { return b.scores(true) }

func (b *boardData) OtherScores() []scoreRow { return b.scores(false) }

func (b *boardData) scores(applies bool) []scoreRow {
	var out []scoreRow
	for _, sc := range b.Scores {
		if sc.Applies == applies {
			out = append(out, sc)
		}
	}
	return out
}

// commentRow is a commentary of the record and what it is attached to.
type commentRow struct {
	Anchor string `json:"anchor"`
	Text   string `json:"text"`
}

// travellerRow is a row of the record's traveller (travellers view).
type travellerRow struct {
	Table, PairNS, PairEW, NamesNS, NamesEW string
	Contract, Declarer, Result, Lead        string
	ScoreNS, ScoreEW, IMPNS, IMPEW          string
	MPNS, MPEW                              string
}

// loadTraveller reads the record's traveller, when it has a table.
func (s *Server) loadTraveller(ctx context.Context, b *boardData) error {
	if len(b.Record.Sections) == 0 {
		return nil
	}
	return s.named(ctx, `SELECT "table", pair_ns, pair_ew, names_ns, names_ew, contract, declarer, result, lead,
       score_ns, score_ew, imp_ns, imp_ew, mp_ns, mp_ew FROM travellers WHERE record = ? ORDER BY row`, []any{b.Info.ID},
		func(v namedRow) error {
			b.Traveller = append(b.Traveller, travellerRow{Table: v.str("table"), PairNS: v.str("pair_ns"), PairEW: v.str("pair_ew"),
				NamesNS: v.str("names_ns"), NamesEW: v.str("names_ew"), Contract: v.str("contract"), Declarer: v.str("declarer"),
				Result: v.str("result"), Lead: v.str("lead"), ScoreNS: v.str("score_ns"), ScoreEW: v.str("score_ew"),
				IMPNS: v.str("imp_ns"), IMPEW: v.str("imp_ew"), MPNS: v.str("mp_ns"), MPEW: v.str("mp_ew")})
			return nil
		})
}

// maxOthers is how many other tables of the same deal a board page lists.
const maxOthers = 100

// loadOthers finds the other tables of the deal: the other room of a
// match, and every other record of the same cards.
func (s *Server) loadOthers(ctx context.Context, b *boardData) error {
	if b.Info.Deal == "" {
		return nil
	}
	return s.named(ctx, "SELECT "+recordColumns+" FROM records WHERE deal = ? AND id <> ? ORDER BY id LIMIT "+strconv.Itoa(maxOthers),
		[]any{b.Info.Deal, b.Info.ID}, func(v namedRow) error {
			b.Others = append(b.Others, scanRecord(v))
			return nil
		})
}

// problemRow is a problem check found in the record.
type problemRow struct {
	Line     int64  `json:"line,omitempty"`
	Col      int64  `json:"col,omitempty"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

// loadNeighbours finds the records imported just before and after.
func (s *Server) loadNeighbours(ctx context.Context, b *boardData) error {
	// ORDER BY and LIMIT where max(id) would do: PostgreSQL reads max and
	// min over the records view by scanning (0.7 s a page on a million
	// records), an index's first row at once
	return s.named(ctx, "SELECT (SELECT id FROM records WHERE id < ? ORDER BY id DESC LIMIT 1) AS prev, "+
		"(SELECT id FROM records WHERE id > ? ORDER BY id LIMIT 1) AS next",
		[]any{b.Info.ID, b.Info.ID}, func(v namedRow) error {
			b.Prev, b.Next = v.int("prev"), v.int("next")
			return nil
		})
}

// boardPage is the data of /board/ID.
type boardPage struct {
	Title  string
	Search *searchForm
	B      *boardData
}

func (s *Server) board(r *http.Request) (string, any, error) {
	b, err := s.loadBoard(r, true)
	if err != nil {
		return "", nil, err
	}
	if err := b.Replay.seek(r.URL.Query()); err != nil {
		return "", nil, err
	}
	title := "Record " + strconv.FormatInt(b.Info.ID, 10)
	if b.Info.Board != "" {
		title = "Board " + b.Info.Board + " · " + title
	}
	return "board", boardPage{Title: title, Search: &searchForm{}, B: b}, nil
}
