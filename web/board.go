package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"handrec/export"
	"handrec/model"
)

// boardInfo is a record's row of the records view.
type boardInfo struct {
	ID                           int64     `json:"id"`
	Event, Site, Date, Room      string    `json:"-"`
	Board                        string    `json:"-"`
	Dealer, Vul, Deal            string    `json:"-"`
	Contract, Declarer, Result   string    `json:"-"`
	Tricks, Score, Scoring, File string    `json:"-"`
	Players                      [4]string `json:"-"`
	level                        int64
}

const infoColumns = "id, event, site, date, board, room, dealer, vul, deal, north, east, south, west, " +
	"contract, declarer, tricks, level, result, score, scoring, file"

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

// loadBoard reads everything the board page of the record id shows.
func (s *Server) loadBoard(r *http.Request, withDD bool) (*boardData, error) {
	id, err := parseID(r.PathValue("id"))
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	b := &boardData{}
	found := false
	err = s.rows(ctx, "SELECT "+infoColumns+" FROM records WHERE id = ?", []any{id}, func(v []any) error {
		found = true
		b.Info = scanInfo(v)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, notFound("no record %d", id)
	}
	if b.Record, err = s.record(ctx, id); err != nil {
		return nil, err
	}
	steps := []func(context.Context, *boardData) error{s.loadPlaces, s.loadAuction, s.loadComments, s.loadTraveller,
		s.loadOthers, s.loadProblems, s.loadScores, s.loadNeighbours}
	for _, step := range steps {
		if err := step(ctx, b); err != nil {
			return nil, err
		}
	}
	b.Hands = handViews(b.Record)
	if b.Block, err = s.scoreBlock(ctx, b); err != nil {
		return nil, err
	}
	if withDD {
		if b.DD, err = s.loadDD(ctx, b); err != nil {
			return nil, err
		}
	}
	b.Replay = newReplay(b.Record)
	if u, err := export.HandviewerURL(b.Record); err == nil {
		b.Handviewer = u
	}
	return b, nil
}

// record is the stored record id.
func (s *Server) record(ctx context.Context, id int64) (*model.Record, error) {
	var rec *model.Record
	err := s.db.Games(ctx, []int64{id}, func(_ int64, r *model.Record) error {
		rec = r
		return nil
	})
	if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil, errTimeout
	}
	return rec, err
}

func scanInfo(v []any) boardInfo {
	b := boardInfo{Event: str(v[1]), Site: str(v[2]), Date: str(v[3]), Board: str(v[4]), Room: str(v[5]),
		Dealer: str(v[6]), Vul: str(v[7]), Deal: str(v[8]),
		Players:  [4]string{str(v[9]), str(v[10]), str(v[11]), str(v[12])},
		Contract: str(v[13]), Declarer: str(v[14]), Tricks: str(v[15]), Result: str(v[17]),
		Score: str(v[18]), Scoring: str(v[19]), File: str(v[20])}
	b.ID, _ = num(v[0])
	b.level, _ = num(v[16])
	return b
}

// ResultText is declarer's tricks against the contract, and the tricks:
// "-1 (9 tricks)"; "" when either is not known.
func (b boardInfo) ResultText() string {
	t, ok := num(b.Tricks)
	if !ok || b.level == 0 {
		return ""
	}
	return relative(int(t), int(b.level)) + " (" + b.Tricks + " tricks)"
}

func (s *Server) loadPlaces(ctx context.Context, b *boardData) error {
	return s.rows(ctx, "SELECT file, idx, line, col FROM record_sources WHERE record = ? ORDER BY file, idx",
		[]any{b.Info.ID}, func(v []any) error {
			p := place{File: str(v[0])}
			p.Idx, _ = num(v[1])
			p.Line, _ = num(v[2])
			p.Col, _ = num(v[3])
			b.Places = append(b.Places, p)
			return nil
		})
}

// commentRow is a commentary of the record and what it is attached to.
type commentRow struct {
	Anchor string `json:"anchor"`
	Text   string `json:"text"`
}

func (s *Server) loadComments(ctx context.Context, b *boardData) error {
	return s.rows(ctx, "SELECT anchor, text FROM comments WHERE record = ? ORDER BY seq", []any{b.Info.ID},
		func(v []any) error {
			b.Comments = append(b.Comments, commentRow{Anchor: str(v[0]), Text: str(v[1])})
			return nil
		})
}

// travellerRow is a row of the record's traveller (travellers view).
type travellerRow struct {
	Table, PairNS, PairEW, NamesNS, NamesEW string
	Contract, Declarer, Result, Lead        string
	ScoreNS, ScoreEW, IMPNS, IMPEW          string
	MPNS, MPEW                              string
}

func (s *Server) loadTraveller(ctx context.Context, b *boardData) error {
	return s.rows(ctx, `SELECT "table", pair_ns, pair_ew, names_ns, names_ew, contract, declarer, result, lead,
       score_ns, score_ew, imp_ns, imp_ew, mp_ns, mp_ew FROM travellers WHERE record = ? ORDER BY row`, []any{b.Info.ID},
		func(v []any) error {
			b.Traveller = append(b.Traveller, travellerRow{Table: str(v[0]), PairNS: str(v[1]), PairEW: str(v[2]),
				NamesNS: str(v[3]), NamesEW: str(v[4]), Contract: str(v[5]), Declarer: str(v[6]), Result: str(v[7]),
				Lead: str(v[8]), ScoreNS: str(v[9]), ScoreEW: str(v[10]), IMPNS: str(v[11]), IMPEW: str(v[12]),
				MPNS: str(v[13]), MPEW: str(v[14])})
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
	return s.rows(ctx, "SELECT "+recordColumns+" FROM records WHERE deal = ? AND id <> ? ORDER BY id LIMIT "+strconv.Itoa(maxOthers),
		[]any{b.Info.Deal, b.Info.ID}, func(v []any) error {
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

func (s *Server) loadProblems(ctx context.Context, b *boardData) error {
	return s.rows(ctx, "SELECT line, col, severity, message FROM problems WHERE record = ? ORDER BY seq", []any{b.Info.ID},
		func(v []any) error {
			p := problemRow{Severity: str(v[2]), Message: str(v[3])}
			p.Line, _ = num(v[0])
			p.Col, _ = num(v[1])
			b.Problems = append(b.Problems, p)
			return nil
		})
}

// scoreRow is the record's score under one code (scores view): by side
// (NS, EW), or in Pirate Bridge by seat.
type scoreRow struct {
	Code string    `json:"code"`
	Pts  [6]string `json:"points"` // NS EW N E S W; "" for none
}

func (s *Server) loadScores(ctx context.Context, b *boardData) error {
	return s.rows(ctx, "SELECT code, ns, ew, n, e, s, w FROM scores WHERE record = ? ORDER BY code", []any{b.Info.ID},
		func(v []any) error {
			sc := scoreRow{Code: str(v[0])}
			for i := range sc.Pts {
				sc.Pts[i] = str(v[i+1])
			}
			b.Scores = append(b.Scores, sc)
			return nil
		})
}

// loadNeighbours finds the records imported just before and after.
func (s *Server) loadNeighbours(ctx context.Context, b *boardData) error {
	return s.rows(ctx, "SELECT (SELECT max(id) FROM records WHERE id < ?1), (SELECT min(id) FROM records WHERE id > ?1)",
		[]any{b.Info.ID}, func(v []any) error {
			b.Prev, _ = num(v[0])
			b.Next, _ = num(v[1])
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
