package pipeline

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
)

// A pairs session may come as one record a table and board, with no
// traveller: BBO gives its pairs tournaments so, one LIN file each, and a
// folder of PBN may hold them too. Those records are the travellers: the
// tables of a board are its rows, each pair known by its two players
// whatever their seats. tableSpool gathers them.

// Adjustment is a director's ruling on one table's board: the declarer's
// tricks (Tricks >= 0), scored and compared as any result, or artificial
// scores to each side (Artificial, as a traveller writes them: "A", "A+",
// "A-"), not compared.
type Adjustment struct {
	Tricks     int
	Artificial [2]string
}

// ParseAdjustment reads a ruling as --adjust gives it: a number of
// declarer's tricks (0 to 13), or "A" and a mark for North-South and one
// for East-West, each "=" (average, 50%), "+" (60%) or "-" (40%), as BBO
// writes them ("A=+").
func ParseAdjustment(s string) (Adjustment, bool) {
	s = strings.TrimSpace(s)
	if n, err := strconv.Atoi(s); err == nil {
		return Adjustment{Tricks: n}, n >= 0 && n <= 13
	}
	u := strings.ToUpper(s)
	if len(u) != 3 || u[0] != 'A' {
		return Adjustment{}, false
	}
	a := Adjustment{Tricks: -1}
	for side, c := range []byte{u[1], u[2]} {
		switch c {
		case '=':
			a.Artificial[side] = "A"
		case '+', '-':
			a.Artificial[side] = "A" + string(c)
		default:
			return Adjustment{}, false
		}
	}
	return a, true
}

// tableSpool keeps the tables' records of a session as they are read, a
// row each, in a temporary file, and in memory only what a board and a
// pair need: each board's number of tables and deal, and each player's
// spelling (each pair's directions are the session spool's, once the
// boards are made). Its boards are made at the end, in board order, a
// batch of boards at a time (each read of the file keeps at most
// tableBatch rows), so that memory does not grow with the tables.
type tableSpool struct {
	f      *os.File
	w      *bufio.Writer
	rows   int
	boards map[int]*tableBoard
	// spelled is each player (by name without case) as first spelled.
	spelled map[string]string
	// events are the events the records name (a record of none goes with
	// any), each with the first record that names it.
	events map[string]string
	opt    *SessionOptions
	used   map[string]bool // the adjustments applied
	// notTables counts the records of a board that are no table
	// (isTable), notTable names the first.
	notTables int
	notTable  string
}

// tableBatch is the most rows a reading of the spool keeps (a row is
// about 400 bytes in memory): a reading skips the other boards' rows
// without decoding them.
const tableBatch = 4000

// tableBoard is what the spool keeps of a board while reading.
type tableBoard struct {
	tables   int
	vul      model.Vul
	deal     string // the first table's deal, and its record
	dealFrom string
}

// tableRow is a table's row as spooled: its board, its four players
// (without case, by seat) and a fingerprint of what it holds, for the
// check that no player sits twice at a board (a record given twice is
// counted once).
type tableRow struct {
	Board int
	Seats [4]string
	Sum   uint64
	Row   render.SessionRow
	// Warn is what the session says of the record once its board is
	// made (the tables' records may make no session).
	Warn []string
}

func newTableSpool(opt *SessionOptions) *tableSpool {
	return &tableSpool{boards: map[int]*tableBoard{}, spelled: map[string]string{},
		events: map[string]string{}, opt: opt, used: map[string]bool{}}
}

func (ts *tableSpool) close() {
	if ts.f != nil {
		ts.f.Close()
		os.Remove(ts.f.Name())
	}
}

// isTable reports whether r is one table's board of a pairs session: a
// board number, a player on each side, and no player named at two seats
// (a program's name at every seat is no pair).
func isTable(r *model.Record) bool {
	p := r.Players
	if r.Board <= 0 || p[model.North] == "" && p[model.South] == "" || p[model.East] == "" && p[model.West] == "" {
		return false
	}
	for i := range p {
		for j := i + 1; j < len(p); j++ {
			if p[i] != "" && strings.EqualFold(p[i], p[j]) {
				return false
			}
		}
	}
	return true
}

// add spools r, a table's record (isTable).
func (ts *tableSpool) add(r *model.Record) error {
	if ts.f == nil {
		f, err := os.CreateTemp("", "handrec-tables-*")
		if err != nil {
			return err
		}
		ts.f, ts.w = f, bufio.NewWriterSize(f, 64<<10)
	}
	if r.Event != nil && r.Event.Name != "" {
		if _, ok := ts.events[r.Event.Name]; !ok {
			ts.events[r.Event.Name] = model.At(r.File, r.Pos)
		}
	}
	tr := tableRow{Board: r.Board}
	tr.Row, tr.Warn = ts.rowOf(r)
	var names [4]string
	for s := range r.Players {
		names[s] = ts.player(r.Players[s])
		tr.Seats[s] = strings.ToLower(names[s])
	}
	for side := range 2 {
		a, b := names[side], names[side+2]
		tr.Row.Key[side] = pairKey(a, b)
	}
	deal := r.Deal.PBN(model.North)
	h := fnv.New64a()
	fmt.Fprintf(h, "%q\x00%s\x00%s\x00%s\x00%d\x00%v", tr.Seats, deal, tr.Row.Contract, tr.Row.Declarer, tr.Row.Result, tr.Row.Artificial)
	tr.Sum = h.Sum64()
	b := ts.boards[r.Board]
	if b == nil {
		b = &tableBoard{vul: tableVul(r), deal: deal, dealFrom: model.At(r.File, r.Pos)}
		ts.boards[r.Board] = b
	} else if deal != b.deal {
		tr.Warn = append(tr.Warn, "its deal is not the deal of board "+strconv.Itoa(r.Board)+" at "+b.dealFrom+
			": two sessions mixed? (it is scored with the board's other tables)")
	}
	b.tables++
	ts.rows++
	return ts.write(&tr)
}

// write spools tr as its board, its length and its JSON, so that a
// reading for other boards skips it undecoded.
func (ts *tableSpool) write(tr *tableRow) error {
	data, err := json.Marshal(tr)
	if err != nil {
		return err
	}
	head := binary.AppendUvarint(binary.AppendUvarint(nil, uint64(tr.Board)), uint64(len(data)))
	if _, err := ts.w.Write(head); err != nil {
		return err
	}
	_, err = ts.w.Write(data)
	return err
}

// player is name as the session spells it: the player a substitute sat
// in for (SessionOptions.Substitutes), each player as first spelled (BBO
// user names are the same player whatever their case); "?" for a seat
// without a name.
func (ts *tableSpool) player(name string) string {
	name = strings.TrimSpace(name)
	if name == "" {
		return "?"
	}
	for sub, for_ := range ts.opt.Substitutes {
		if strings.EqualFold(sub, name) {
			name = for_
			break
		}
	}
	low := strings.ToLower(name)
	if s, ok := ts.spelled[low]; ok {
		return s
	}
	ts.spelled[low] = name
	return name
}

// pairKey is the pair of players a and b as the standings tell pairs
// apart: both names without case, in order, whatever their seats.
func pairKey(a, b string) string {
	a, b = strings.ToLower(a), strings.ToLower(b)
	if b < a {
		a, b = b, a
	}
	return a + "\x00" + b
}

// pairLabel is the pair of key as the session shows it: its players as
// first spelled, in the key's order, joined by " - ".
func (ts *tableSpool) pairLabel(key string) string {
	a, b, _ := strings.Cut(key, "\x00")
	return ts.spelled[a] + " - " + ts.spelled[b]
}

// tableVul is r's vulnerability, else its board number's.
func tableVul(r *model.Record) model.Vul {
	if r.Vul.Valid() {
		return r.Vul
	}
	return model.BoardVul(r.Board)
}

// mixed is an error when the tables' records name more than one event: a
// session is one event's (a record that names none goes with any).
func (ts *tableSpool) mixed() error {
	if len(ts.events) < 2 {
		return nil
	}
	names := make([]string, 0, len(ts.events))
	for n := range ts.events {
		names = append(names, n)
	}
	slices.Sort(names)
	var where []string
	for _, n := range names[:2] {
		where = append(where, strconv.Quote(n)+" ("+ts.events[n]+")")
	}
	return fmt.Errorf("the tables' records are of %d events, %s...: a pairs session is one event's: give one event's files (or --where \"event = ...\")",
		len(names), strings.Join(where, ", "))
}

// mostTables is the most tables a board has.
func (ts *tableSpool) mostTables() (most int) {
	for _, b := range ts.boards {
		most = max(most, b.tables)
	}
	return most
}

// each gives fn each board of the tables, in board order, its rows in the
// order read, each pair named by its players as first spelled. A player
// at two tables of a board is an error naming both records, but for a
// record given twice, which is counted once with a warning.
func (ts *tableSpool) each(fn func(*render.SessionBoard) error) error {
	if ts.f == nil {
		return nil
	}
	if err := ts.w.Flush(); err != nil {
		return err
	}
	nums := make([]int, 0, len(ts.boards))
	for n := range ts.boards {
		nums = append(nums, n)
	}
	slices.Sort(nums)
	for len(nums) > 0 {
		k, rows := 0, 0
		for k < len(nums) && (k == 0 || rows+ts.boards[nums[k]].tables <= tableBatch) {
			rows += ts.boards[nums[k]].tables
			k++
		}
		if err := ts.batch(nums[:k], fn); err != nil {
			return err
		}
		nums = nums[k:]
	}
	return nil
}

// batch reads the spool once for the boards nums and gives each to fn.
func (ts *tableSpool) batch(nums []int, fn func(*render.SessionBoard) error) error {
	if _, err := ts.f.Seek(0, io.SeekStart); err != nil {
		return err
	}
	byBoard := map[int][]tableRow{}
	for _, n := range nums {
		byBoard[n] = make([]tableRow, 0, ts.boards[n].tables)
	}
	r := bufio.NewReaderSize(ts.f, 64<<10)
	var data []byte
	for range ts.rows {
		board, err := binary.ReadUvarint(r)
		if err != nil {
			return err
		}
		n, err := binary.ReadUvarint(r)
		if err != nil {
			return err
		}
		rows, ok := byBoard[int(board)]
		if !ok {
			if _, err := r.Discard(int(n)); err != nil {
				return err
			}
			continue
		}
		data = slices.Grow(data[:0], int(n))[:n]
		if _, err := io.ReadFull(r, data); err != nil {
			return err
		}
		var tr tableRow
		if err := json.Unmarshal(data, &tr); err != nil {
			return err
		}
		byBoard[int(board)] = append(rows, tr)
	}
	for _, n := range nums {
		b, err := ts.board(n, byBoard[n])
		if err != nil {
			return err
		}
		delete(byBoard, n)
		if err := fn(b); err != nil {
			return err
		}
	}
	return nil
}

// board makes board n of its tables' rows.
func (ts *tableSpool) board(n int, rows []tableRow) (*render.SessionBoard, error) {
	b := &render.SessionBoard{Board: n, Vul: ts.boards[n].vul}
	seated := map[string]int{} // a player -> the row they sat at
	for i := range rows {
		tr := &rows[i]
		twice := -1
		for _, p := range tr.Seats {
			if j, ok := seated[p]; ok && p != "?" {
				twice = j
				if rows[j].Sum != tr.Sum {
					return nil, fmt.Errorf("%s: %s plays board %d a second time (first at %s): are two sessions mixed? Score one session's tables",
						model.At(tr.Row.File, tr.Row.Pos), ts.spelled[p], n, model.At(rows[j].Row.File, rows[j].Row.Pos))
				}
			}
		}
		if twice >= 0 {
			if ts.opt.Warn != nil {
				r := &model.Record{File: tr.Row.File, Pos: tr.Row.Pos, Board: n}
				ts.opt.Warn(r, tr.Row.Pos, "the same table's record as "+model.At(rows[twice].Row.File, rows[twice].Row.Pos)+": counted once")
			}
			continue
		}
		for _, p := range tr.Seats {
			seated[p] = i
		}
		if ts.opt.Warn != nil {
			for _, w := range tr.Warn {
				ts.opt.Warn(&model.Record{File: tr.Row.File, Pos: tr.Row.Pos, Board: n}, tr.Row.Pos, w)
			}
		}
		row := tr.Row
		for side := range 2 {
			row.Pair[side] = ts.pairLabel(row.Key[side])
		}
		b.Rows = append(b.Rows, row)
	}
	if len(b.Rows) > 0 {
		b.File, b.Pos = b.Rows[0].File, b.Rows[0].Pos
	}
	return b, nil
}

// rowOf is r's table as a traveller's row: its contract, declarer,
// tricks and score, compared as any result; a pass-out scores 0. A table
// without a result is an artificial average to both sides, not compared,
// with a warning: a board not played there (no call), or a play that
// stops without a claim. A director's ruling (SessionOptions.Adjust)
// takes the place of either, or of a result.
func (ts *tableSpool) rowOf(r *model.Record) (render.SessionRow, []string) {
	var warn []string
	sr := render.SessionRow{File: r.File, Pos: r.Pos, Result: model.NoInt, Declarer: r.Declarer.String(),
		Cmp: scoring.Result{Weight: 1, Artificial: [2]model.Points{model.NoPoints, model.NoPoints}}}
	if r.Contract.Kind != model.NoContract {
		sr.Contract = r.Contract.String()
	}
	tricks := -1
	if r.Result.Known() {
		tricks = int(r.Result.Tricks)
	}
	adj, ruled := ts.adjustment(r)
	if ruled && adj.Tricks >= 0 {
		tricks = adj.Tricks
		sr.Problem = "ruled by the director: " + strconv.Itoa(tricks) + " tricks to declarer (--adjust)"
	}
	switch {
	case ruled && adj.Tricks < 0:
		ts.artificial(&sr, adj.Artificial, "artificial score given by the director (--adjust)")
	case r.Contract.Kind == model.PassedOut:
		sr.Computed, sr.HasComputed = 0, true
	case r.Contract.Kind == model.Bid && r.Declarer.Valid() && tricks >= 0:
		sr.Result = tricks
		sr.Computed, sr.HasComputed = scoring.DuplicateNS(r.Contract, r.Declarer, tricks, tableVul(r)), true
	default:
		ts.artificial(&sr, [2]string{"A", "A"}, noResult(r))
		name := filepath.Base(r.File)
		if r.Index > 1 || r.Pos.Line > 1 {
			name += "#" + strconv.Itoa(r.Index)
		}
		warn = append(warn, sr.Problem+"; a director may rule otherwise: --adjust "+name+"=TRICKS or =A+-")
	}
	if sr.HasComputed {
		sr.Cmp.Score, sr.Cmp.Played = sr.Computed, true
	}
	return sr, warn
}

// artificial makes sr an artificial score, a, with its note.
func (ts *tableSpool) artificial(sr *render.SessionRow, a [2]string, note string) {
	sr.Artificial = a
	for side := range a {
		sr.Cmp.Artificial[side], _ = scoring.ArtificialPercent(a[side])
	}
	sr.Problem = note
}

// noResult says why r has no result, and what the session gives it.
func noResult(r *model.Record) string {
	if r.Contract.Kind != model.Bid || !r.Declarer.Valid() {
		if r.Auction == nil || len(r.Auction.Calls) == 0 {
			return "not played at this table (no call): average to both sides"
		}
		return "the auction is not over: average to both sides"
	}
	out := model.ReplayPlay(r.Deal, r.Play, r.Contract.Strain)
	won := out.Won[r.Declarer] + out.Won[r.Declarer.Partner()]
	return fmt.Sprintf("%s by %s: the play stops after %d %s (declarer %d) with no claim: average to both sides",
		r.Contract, r.Declarer, out.Decided, pluralWord(out.Decided, "trick", "tricks"), won)
}

func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// adjustment is the director's ruling on r, if any: by its file's name
// (base or as given), or NAME#N for the Nth record of a file.
func (ts *tableSpool) adjustment(r *model.Record) (Adjustment, bool) {
	if len(ts.opt.Adjust) == 0 {
		return Adjustment{}, false
	}
	idx := "#" + strconv.Itoa(r.Index)
	for _, k := range []string{r.File + idx, filepath.Base(r.File) + idx, r.File, filepath.Base(r.File)} {
		if a, ok := ts.opt.Adjust[k]; ok {
			ts.used[k] = true
			return a, true
		}
	}
	return Adjustment{}, false
}

// unusedAdjustments are the rulings no table's record took, sorted.
func (ts *tableSpool) unusedAdjustments() []string {
	var out []string
	for k := range ts.opt.Adjust {
		if !ts.used[k] {
			out = append(out, k)
		}
	}
	slices.Sort(out)
	return out
}

// partnerships tells Note of each player who sat in two partnerships or
// more, with each partnership's boards: a substitute, most likely, whose
// boards a director may count for the pair they sat in for
// (--substitute); the files do not say which pair that was.
func (sr *sessionReader) partnerships(rows []scoring.Standing) {
	if sr.opt.Note == nil {
		return
	}
	ts := sr.tables
	boards := map[string]int{}
	for _, s := range rows {
		boards[s.Pair] += s.Boards
	}
	of := map[string][]string{}
	for k := range sr.sp.sides { // the pairs, by key: the tables' boards are the session's
		a, b, _ := strings.Cut(k, "\x00")
		of[a], of[b] = append(of[a], k), append(of[b], k)
	}
	players := make([]string, 0, len(of))
	for p, ks := range of {
		if len(ks) > 1 && p != "?" {
			players = append(players, p)
		}
	}
	slices.Sort(players)
	for _, p := range players {
		ks := of[p]
		slices.Sort(ks)
		var parts []string
		for _, k := range ks {
			l := ts.pairLabel(k)
			parts = append(parts, fmt.Sprintf("%s (%d %s)", l, boards[l], pluralWord(boards[l], "board", "boards")))
		}
		sr.opt.Note(fmt.Sprintf("%s plays in %d partnerships: %s: each is a pair of its own; "+
			"--substitute SUB=PLAYER scores a substitute's boards for the pair they sat in for",
			ts.spelled[p], len(ks), strings.Join(parts, ", ")))
	}
}
