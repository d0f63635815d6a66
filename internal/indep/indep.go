// Package indep scores a pairs session a second time, apart from handrec's
// scorer, so that a test can hold handrec's standings against it. It reads
// a folder of single-board LIN files (BBO's pairs tournaments: one file a
// table and board) with a LIN reader of its own, makes each table's result
// from the auction and the play (or the claim), scores it by the duplicate
// scoring table, matchpoints each board 2 for a result beaten and 1 for a
// tie, factors a board with fewer results up by Neuberg's formula and adds
// the pairs up. All arithmetic is exact (math/big.Rat); rounding happens
// only when a number is printed. It uses the standard library only.
package indep

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// Seat is a compass seat: N, E, S, W in playing order.
type Seat int

// The seats in playing order.
const (
	N Seat = iota
	E
	S
	W
)

func (s Seat) String() string { return string("NESW"[s]) }

// Side is North-South or East-West.
type Side int

// The two sides.
const (
	NS Side = iota
	EW
)

func (d Side) String() string { return [2]string{"NS", "EW"}[d] }

func (s Seat) side() Side { return Side(s % 2) }

// Status says what a table's record gives.
type Status int

// What a table's record can give.
const (
	Played     Status = iota // a contract with its tricks, or a pass-out
	NotPlayed                // no call at all: the board was not played there
	Unfinished               // an auction, but the play stops without a claim
)

func (s Status) String() string { return [3]string{"played", "not played", "unfinished"}[s] }

// Table is one table's record of one board.
type Table struct {
	File     string
	Board    int
	Players  [4]string // by Seat, as the file spells them
	Dealer   Seat
	Vul      [2]bool // by Side
	Status   Status
	PassOut  bool
	Level    int  // 1 to 7
	Strain   byte // 'C', 'D', 'H', 'S' or 'N'
	Doubled  int  // 0, 1 (doubled) or 2 (redoubled)
	Declarer Seat
	Tricks   int  // declarer's tricks
	Claimed  bool // Tricks come from a claim (mc)
	Done     int  // tricks completed in the play (13 when all were played)
	DoneWon  int  // declarer's tricks among them
	ScoreNS  int  // North-South's score, when Status is Played
}

// Contract names the table's contract as "4SX by W", or "pass".
func (t Table) Contract() string {
	if t.PassOut {
		return "pass"
	}
	return fmt.Sprintf("%d%c%s by %v", t.Level, t.Strain, strings.Repeat("X", t.Doubled), t.Declarer)
}

// ReadDir reads every *.lin file of dir (in name order) as one table's
// record of one board.
func ReadDir(dir string) ([]Table, error) {
	names, err := filepath.Glob(filepath.Join(dir, "*.lin"))
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	tables := make([]Table, 0, len(names))
	for _, name := range names {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		t, err := ParseLIN(name, data)
		if err != nil {
			return nil, err
		}
		tables = append(tables, t)
	}
	return tables, nil
}

// linItem is one command of a LIN file: its tag, value and the 1-based
// line and column where the tag begins.
type linItem struct {
	tag, value string
	line, col  int
}

// splitLIN cuts LIN text into its tag|value| commands. Line breaks between
// commands are layout and are skipped.
func splitLIN(name string, data []byte) ([]linItem, error) {
	var items []linItem
	line, col := 1, 1
	advance := func(b []byte) {
		for _, c := range b {
			if c == '\n' {
				line, col = line+1, 1
			} else {
				col++
			}
		}
	}
	for i := 0; i < len(data); {
		if c := data[i]; c == '\n' || c == '\r' || c == ' ' || c == '\t' {
			advance(data[i : i+1])
			i++
			continue
		}
		bar := bytes.IndexByte(data[i:], '|')
		if bar < 0 {
			return nil, fmt.Errorf("%s:%d:%d: %q has no '|' after its tag", name, line, col, data[i:])
		}
		end := bytes.IndexByte(data[i+bar+1:], '|')
		if end < 0 {
			return nil, fmt.Errorf("%s:%d:%d: tag %q has no closing '|'", name, line, col, data[i:i+bar])
		}
		tag := strings.ToLower(strings.TrimSpace(string(data[i : i+bar])))
		items = append(items, linItem{tag, string(data[i+bar+1 : i+bar+1+end]), line, col})
		n := bar + 1 + end + 1
		advance(data[i : i+n])
		i += n
	}
	return items, nil
}

// ParseLIN reads one single-board LIN record (name is its path, for the
// errors; Table.File is its base name): pn (players S,W,N,E), md
// (dealer digit 1-4 = S,W,N,E), ah (Board N), sv (vulnerability), mb
// (calls), pc (cards) and mc (a claim: declarer's total tricks). Other
// commands (st, rh, an, pg, ...) are ignored; a second deal is an error.
func ParseLIN(name string, data []byte) (Table, error) {
	items, err := splitLIN(name, data)
	if err != nil {
		return Table{}, err
	}
	r := linRecord{t: Table{File: filepath.Base(name), Dealer: -1}, claim: -1}
	for _, it := range items {
		if err := r.take(it); err != nil {
			return r.t, fmt.Errorf("%s:%d:%d: %v", name, it.line, it.col, err)
		}
	}
	t := &r.t
	switch {
	case t.Board == 0:
		return *t, fmt.Errorf("%s:1:1: no board number (ah|Board N|)", name)
	case !r.players:
		return *t, fmt.Errorf("%s:1:1: no players (pn)", name)
	}
	if t.Dealer < 0 {
		t.Dealer = Seat((t.Board - 1) % 4)
	}
	if t.Vul, err = vulnerability(r.sv, t.Board); err != nil {
		return *t, fmt.Errorf("%s:1:1: %v", name, err)
	}
	if err := t.result(r.calls, r.cards, r.claim); err != nil {
		return *t, fmt.Errorf("%s:1:1: %v", name, err)
	}
	return *t, nil
}

// linRecord gathers the commands of one record.
type linRecord struct {
	t            Table
	players, md  bool
	calls, cards []string
	claim        int
	sv           string
}

// take reads one command.
func (r *linRecord) take(it linItem) error {
	v := strings.TrimSpace(it.value)
	switch it.tag {
	case "pn":
		p := strings.Split(it.value, ",")
		if len(p) < 4 {
			return fmt.Errorf("pn has %d names, want 4 (S,W,N,E)", len(p))
		}
		r.t.Players, r.players = [4]string{N: p[2], E: p[3], S: p[0], W: p[1]}, true
	case "md":
		if r.md {
			return fmt.Errorf("a second deal: a file holds one table's board")
		}
		if v == "" || v[0] < '1' || v[0] > '4' {
			return fmt.Errorf("md %q does not begin with a dealer 1-4", v)
		}
		r.t.Dealer, r.md = [4]Seat{S, W, N, E}[v[0]-'1'], true
	case "qx":
		return fmt.Errorf("qx: a vugraph file, not one table's board")
	case "ah":
		b, ok := boardNumber(v)
		if !ok {
			return fmt.Errorf("ah %q is not \"Board N\"", v)
		}
		r.t.Board = b
	case "sv":
		r.sv = strings.ToLower(v)
	case "mb":
		r.calls = append(r.calls, normCall(v))
	case "pc":
		r.cards = append(r.cards, strings.ToUpper(v))
	case "mc":
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > 13 {
			return fmt.Errorf("mc %q is not a number of tricks 0-13", v)
		}
		r.claim = n
	}
	return nil
}

// boardNumber reads ah's "Board 12": two words, the second the number.
func boardNumber(v string) (int, bool) {
	words := strings.Fields(v)
	if len(words) != 2 {
		return 0, false
	}
	b, err := strconv.Atoi(words[1])
	return b, err == nil && b >= 1
}

// normCall makes an mb value a call: "p", "d", "r" or a bid such as "3n";
// an alert mark ('!') and LIN's spellings of pass, double and redouble are
// folded.
func normCall(v string) string {
	c := strings.ToLower(strings.TrimSpace(strings.TrimRight(strings.TrimSpace(v), "!?")))
	switch c {
	case "pass", "-":
		return "p"
	case "x", "dbl":
		return "d"
	case "xx", "rdbl":
		return "r"
	}
	return strings.Replace(c, "nt", "n", 1)
}

// vulnerability reads sv (o/-/0 none, n NS, e EW, b both); without it, the
// board's number gives it by the usual 16-board cycle.
func vulnerability(sv string, board int) ([2]bool, error) {
	switch sv {
	case "o", "0", "-":
		return [2]bool{}, nil
	case "n":
		return [2]bool{true, false}, nil
	case "e":
		return [2]bool{false, true}, nil
	case "b":
		return [2]bool{true, true}, nil
	case "":
		v := [16]string{"o", "n", "e", "b", "n", "e", "b", "o", "e", "b", "o", "n", "b", "o", "n", "e"}[(board-1)%16]
		return vulnerability(v, board)
	}
	return [2]bool{}, fmt.Errorf("sv %q is not o, n, e or b", sv)
}

// result fills the contract from the calls and the tricks from the claim or
// the play, then the score.
func (t *Table) result(calls, cards []string, claim int) error {
	if len(calls) == 0 {
		if len(cards) > 0 || claim >= 0 {
			return fmt.Errorf("play without an auction")
		}
		t.Status = NotPlayed
		return nil
	}
	if err := t.contract(calls); err != nil {
		return err
	}
	if t.PassOut {
		t.Status = Played
		return nil
	}
	won, complete, err := t.play(cards)
	if err != nil {
		return err
	}
	t.Done, t.DoneWon = min(len(cards)/4, 13), won
	switch {
	case claim >= 0:
		t.Tricks, t.Claimed = claim, true
	case complete:
		t.Tricks = won
	default:
		t.Status = Unfinished
		return nil
	}
	t.Status = Played
	t.setScore()
	return nil
}

// setScore scores the contract with t.Tricks.
func (t *Table) setScore() {
	s := DeclarerScore(t.Level, t.Strain, t.Doubled, t.Vul[t.Declarer.side()], t.Tricks)
	if t.Declarer.side() == EW {
		s = -s
	}
	t.ScoreNS = s
}

// contract reads the auction: the last bid, its double or redouble, and
// the declarer (the first of the declaring side to name the strain).
func (t *Table) contract(calls []string) error {
	last, doubled := -1, 0
	passes := 0
	for i, c := range calls {
		switch {
		case c == "p":
			passes++
			continue
		case c == "d":
			doubled = 1
		case c == "r":
			doubled = 2
		case len(c) == 2 && c[0] >= '1' && c[0] <= '7' && strings.IndexByte("cdhsn", c[1]) >= 0:
			last, doubled = i, 0
		default:
			return fmt.Errorf("call %d %q is not a call", i+1, c)
		}
		passes = 0
	}
	if last < 0 {
		if len(calls) < 4 {
			return fmt.Errorf("auction of %d passes is not over", len(calls))
		}
		t.PassOut = true
		return nil
	}
	if passes < 3 {
		return fmt.Errorf("auction is not over (%d calls, last bid %q)", len(calls), calls[last])
	}
	t.Level, t.Strain, t.Doubled = int(calls[last][0]-'0'), strings.ToUpper(calls[last][1:])[0], doubled
	bidder := Seat((int(t.Dealer) + last) % 4)
	for i := 0; i <= last; i++ {
		s := Seat((int(t.Dealer) + i) % 4)
		if s.side() == bidder.side() && len(calls[i]) == 2 && calls[i][1] == calls[last][1] {
			t.Declarer = s
			break
		}
	}
	return nil
}

// play counts declarer's tricks among the complete tricks of the play and
// says whether all 13 were played. Each trick is won by the highest trump,
// else the highest card of the suit led; its winner leads the next one.
func (t *Table) play(cards []string) (won int, complete bool, err error) {
	leader := Seat((int(t.Declarer) + 1) % 4)
	for k := 0; k+4 <= len(cards) && k < 52; k += 4 {
		best := 0
		for j := 1; j < 4; j++ {
			if len(cards[k+j]) != 2 || len(cards[k+best]) != 2 {
				return 0, false, fmt.Errorf("card %q or %q is not a card", cards[k+j], cards[k+best])
			}
			if beats(cards[k+j], cards[k+best], cards[k][0], t.Strain) {
				best = j
			}
		}
		leader = Seat((int(leader) + best) % 4)
		if leader.side() == t.Declarer.side() {
			won++
		}
	}
	return won, len(cards) >= 52, nil
}

// beats says whether card a beats card b, the suit led being led and the
// trump strain trump ('N' for no trump).
func beats(a, b string, led, trump byte) bool {
	rank := func(c string) int { return strings.IndexByte("23456789TJQKA", c[1]) }
	switch {
	case a[0] == b[0]:
		return rank(a) > rank(b)
	case a[0] == trump:
		return true
	case b[0] == trump:
		return false
	default:
		return a[0] == led && b[0] != led
	}
}

// DeclarerScore is the duplicate score of the declaring side: level 1-7,
// strain C/D/H/S/N, doubled 0/1/2, declarer's vulnerability and tricks.
func DeclarerScore(level int, strain byte, doubled int, vul bool, tricks int) int {
	mult := [3]int{1, 2, 4}[doubled]
	need := level + 6
	if tricks < need {
		return -undertricks(need-tricks, doubled, vul)
	}
	per := 30
	if strain == 'C' || strain == 'D' {
		per = 20
	}
	points := per * level
	if strain == 'N' {
		points += 10
	}
	points *= mult
	score := points
	switch {
	case points >= 100 && vul:
		score += 500
	case points >= 100:
		score += 300
	default:
		score += 50
	}
	if level == 6 {
		score += pick(vul, 750, 500)
	} else if level == 7 {
		score += pick(vul, 1500, 1000)
	}
	over := tricks - need
	switch doubled {
	case 0:
		score += over * per
	case 1:
		score += 50 + over*pick(vul, 200, 100)
	case 2:
		score += 100 + over*pick(vul, 400, 200)
	}
	return score
}

// undertricks is the penalty for going down n tricks.
func undertricks(n, doubled int, vul bool) int {
	if doubled == 0 {
		return n * pick(vul, 100, 50)
	}
	p := 0
	for i := 1; i <= n; i++ {
		switch {
		case vul && i == 1:
			p += 200
		case vul:
			p += 300
		case i == 1:
			p += 100
		case i <= 3:
			p += 200
		default:
			p += 300
		}
	}
	return p * doubled
}

func pick(c bool, a, b int) int {
	if c {
		return a
	}
	return b
}

// Options are the choices a director makes when scoring the session.
type Options struct {
	// Substitutes maps a substitute's name (any case) to the player they
	// sat in for: the substitute's boards count for that player's pair.
	Substitutes map[string]string
	// Plain scores as BBO's pairs tournaments do: a board's percentages
	// are among its own results (no Neuberg), and a pair's percentage is
	// the mean of its boards' percentages. Without it, Neuberg's formula
	// factors each board up to the session's most tables, and a pair's
	// percentage is its matchpoints over its top.
	Plain bool
	// Unfinished says how a play that stops without a claim is scored.
	Unfinished Adjust
	// Tricks are the director's rulings on unfinished plays: a file's name
	// and the declarer's tricks that it is scored with.
	Tricks map[string]int
	// Artificial are the director's artificial scores for tables without a
	// result: a file's name and the percentages of N-S and E-W (60, 50 or
	// 40 for average plus, average and average minus). Without one, such a
	// table is average to both.
	Artificial map[string][2]int
	// LeaveOut leaves a table without a result (not played, or unfinished
	// without a ruling) out instead of scoring it average: neither pair
	// gets the board, and the board's results are factored by Neuberg.
	LeaveOut bool
}

// Adjust is a way to score a board that has no result at a table.
type Adjust int

// The ways to score a board left without a result.
const (
	// Average gives each side half the top, not compared with the others.
	Average Adjust = iota
	// ToDefenders gives declarer the tricks won so far and the defenders
	// the rest (BBO's director ruled so on one Wronie board, 11, and gave
	// declarer more on two others); the result is then compared as any
	// other.
	ToDefenders
)

// Pair is a partnership, known by its two players whatever their seats.
type Pair struct {
	Key     string    // the two names, lower-cased, sorted, joined by "+" (and " NS"/" EW" in a field of its own)
	Players [2]string // as first spelled, in the order of Key
	Field   string    // "" when all pairs are one field, else "NS" or "EW"
}

// Name is the pair's two players joined by " - ".
func (p Pair) Name() string { return p.Players[0] + " - " + p.Players[1] }

// Row is one table of a board, scored.
type Row struct {
	*Table
	Pairs      [2]*Pair    // by Side
	Artificial bool        // no result (not played, or not finished): an artificial score, average unless Options say otherwise
	MP         [2]*big.Rat // by Side; on the session's scale (top 2(N-1)), Neuberg applied
	Pct        [2]*big.Rat // by Side, 0-100
}

// Standing is a pair's total.
type Standing struct {
	Rank   string // "3", or "3=" for a tie
	Pair   *Pair
	Boards int
	MP     *big.Rat // matchpoints (Neuberg), or the sum of the boards' percentages (Plain)
	Top    int      // boards * 2(N-1); 0 when Plain
	Pct    *big.Rat
}

// Session is a scored pairs session.
type Session struct {
	Fields    int // 1 (every pair in one field) or 2 (N-S and E-W apart)
	Most      int // N: the most tables any board has
	Boards    []int
	Rows      map[int][]*Row // by board
	Standings []Standing     // field by field (NS first), best first
}

// Score scores the tables as one pairs session.
func Score(tables []Table, opt Options) (*Session, error) {
	s := &Session{Fields: 1, Rows: map[int][]*Row{}}
	tables = append([]Table(nil), tables...)
	for i := range tables {
		t := &tables[i]
		if t.Status != Unfinished {
			continue
		}
		if n, ok := opt.Tricks[t.File]; ok {
			t.Status, t.Tricks = Played, n
			t.setScore()
		} else if opt.Unfinished == ToDefenders {
			t.Status, t.Tricks = Played, t.DoneWon
			t.setScore()
		}
	}
	pairs, err := s.seatPairs(tables, opt)
	if err != nil {
		return nil, err
	}
	for _, b := range s.Boards {
		s.Most = max(s.Most, len(s.Rows[b]))
	}
	for _, b := range s.Boards {
		s.scoreBoard(s.Rows[b], opt)
	}
	s.Standings = s.total(pairs, opt.Plain)
	return s, nil
}

// seatPairs makes a row of each table with its two pairs, finds whether
// the movement has directions (no pair ever sits both ways: two fields),
// and refuses a pair that plays one board twice.
func (s *Session) seatPairs(tables []Table, opt Options) (map[string]*Pair, error) {
	subs := map[string]string{}
	for k, v := range opt.Substitutes {
		subs[strings.ToLower(k)] = v
	}
	spelled := map[string]string{}
	for _, t := range tables {
		for _, p := range t.Players {
			if _, ok := spelled[strings.ToLower(p)]; !ok {
				spelled[strings.ToLower(p)] = p
			}
		}
	}
	name := func(p string) string {
		if r, ok := subs[strings.ToLower(p)]; ok {
			if sp, ok := spelled[strings.ToLower(r)]; ok {
				return sp
			}
			return r
		}
		return spelled[strings.ToLower(p)]
	}
	sides := map[string][2]bool{}
	for _, t := range tables {
		for d := NS; d <= EW; d++ {
			k, _ := pairKey(name(t.Players[d]), name(t.Players[d+2]))
			v := sides[k]
			v[d] = true
			sides[k] = v
		}
	}
	s.Fields = 2
	for _, v := range sides {
		if v[NS] && v[EW] {
			s.Fields = 1
		}
	}
	return s.makeRows(tables, name, opt.LeaveOut)
}

// pairKey is the key and the spellings of the pair of players a and b.
func pairKey(a, b string) (string, [2]string) {
	if strings.ToLower(b) < strings.ToLower(a) {
		a, b = b, a
	}
	return strings.ToLower(a) + "+" + strings.ToLower(b), [2]string{a, b}
}

// makeRows seats each table's two pairs; a player seated twice on one
// board (a table's file twice, or two events mixed) is an error. With
// leaveOut a table without a result makes no row.
func (s *Session) makeRows(tables []Table, name func(string) string, leaveOut bool) (map[string]*Pair, error) {
	pairs := map[string]*Pair{}
	seated := map[string]string{} // player and board -> file
	for i := range tables {
		t := &tables[i]
		r := &Row{Table: t, Artificial: t.Status != Played}
		for _, p := range t.Players {
			if p == "" {
				continue
			}
			pb := fmt.Sprintf("%s/%d", strings.ToLower(p), t.Board)
			if f, ok := seated[pb]; ok {
				return nil, fmt.Errorf("%s: %s plays board %d a second time (first in %s)", t.File, p, t.Board, f)
			}
			seated[pb] = t.File
		}
		if r.Artificial && leaveOut {
			continue
		}
		for d := NS; d <= EW; d++ {
			k, players := pairKey(name(t.Players[d]), name(t.Players[d+2]))
			field := ""
			if s.Fields == 2 {
				field = d.String()
				k += " " + field
			}
			if pairs[k] == nil {
				pairs[k] = &Pair{Key: k, Players: players, Field: field}
			}
			r.Pairs[d] = pairs[k]
		}
		if s.Rows[t.Board] == nil {
			s.Boards = append(s.Boards, t.Board)
		}
		s.Rows[t.Board] = append(s.Rows[t.Board], r)
	}
	sort.Ints(s.Boards)
	return pairs, nil
}

// scoreBoard matchpoints one board: among its played rows, 2 for each
// North-South score beaten and 1 for each equal, East-West the rest of the
// top; an artificial row gets half the top on each side.
func (s *Session) scoreBoard(rows []*Row, opt Options) {
	plain := opt.Plain
	var played []*Row
	for _, r := range rows {
		if !r.Artificial {
			played = append(played, r)
		}
	}
	n := len(played)
	topN := big.NewRat(int64(2*(s.Most-1)), 1)
	for _, r := range played {
		mp := 0
		for _, o := range played {
			if o != r {
				mp += 1 + sign(r.ScoreNS-o.ScoreNS)
			}
		}
		raw := big.NewRat(int64(mp), 1)
		if plain {
			r.Pct[NS] = percent(raw, 2*(n-1))
		} else {
			r.MP[NS] = Neuberg(raw, n, s.Most)
			r.MP[EW] = new(big.Rat).Sub(topN, r.MP[NS])
			r.Pct[NS] = percent(r.MP[NS], 2*(s.Most-1))
		}
		r.Pct[EW] = new(big.Rat).Sub(big.NewRat(100, 1), r.Pct[NS])
	}
	for _, r := range rows {
		if r.Artificial {
			pct, ok := opt.Artificial[r.File]
			if !ok {
				pct = [2]int{50, 50}
			}
			for d := NS; d <= EW; d++ {
				r.Pct[d] = big.NewRat(int64(pct[d]), 1)
				if !plain {
					r.MP[d] = big.NewRat(int64(pct[d]*2*(s.Most-1)), 100)
				}
			}
		}
	}
}

// Neuberg factors matchpoints mp won among n results up to N results:
// (mp+1)*N/n - 1, on the 2/1 scale (top 2(n-1) becomes 2(N-1)).
func Neuberg(mp *big.Rat, n, most int) *big.Rat {
	if n == most {
		return new(big.Rat).Set(mp)
	}
	r := new(big.Rat).Add(mp, big.NewRat(1, 1))
	r.Mul(r, big.NewRat(int64(most), int64(n)))
	return r.Sub(r, big.NewRat(1, 1))
}

// percent is 100*mp/top; a top of 0 (a lone result) is 50%.
func percent(mp *big.Rat, top int) *big.Rat {
	if top == 0 {
		return big.NewRat(50, 1)
	}
	r := new(big.Rat).Mul(mp, big.NewRat(100, int64(top)))
	return r
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// total adds each pair's boards up and ranks the pairs, field by field.
func (s *Session) total(pairs map[string]*Pair, plain bool) []Standing {
	by := map[*Pair]*Standing{}
	for _, b := range s.Boards {
		for _, r := range s.Rows[b] {
			for d := NS; d <= EW; d++ {
				st := by[r.Pairs[d]]
				if st == nil {
					st = &Standing{Pair: r.Pairs[d], MP: new(big.Rat)}
					by[r.Pairs[d]] = st
				}
				st.Boards++
				if plain {
					st.MP.Add(st.MP, r.Pct[d])
				} else {
					st.MP.Add(st.MP, r.MP[d])
					st.Top += 2 * (s.Most - 1)
				}
			}
		}
	}
	var out []Standing
	for _, st := range by {
		if plain {
			st.Pct = new(big.Rat).Quo(st.MP, big.NewRat(int64(st.Boards), 1))
		} else {
			st.Pct = percent(st.MP, st.Top)
		}
		out = append(out, *st)
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Pair.Field != b.Pair.Field {
			return a.Pair.Field > b.Pair.Field // "NS" before "EW"
		}
		if c := a.Pct.Cmp(b.Pct); c != 0 {
			return c > 0
		}
		return a.Pair.Key < b.Pair.Key
	})
	rank(out)
	return out
}

// rank numbers the standings within each field; equal percentages share a
// rank, marked "=".
func rank(out []Standing) {
	for i := range out {
		first := i
		for first > 0 && out[first-1].Pair.Field == out[i].Pair.Field && out[first-1].Pct.Cmp(out[i].Pct) == 0 {
			first--
		}
		start := first
		for start > 0 && out[start-1].Pair.Field == out[i].Pair.Field {
			start--
		}
		last := i
		for last+1 < len(out) && out[last+1].Pair.Field == out[i].Pair.Field && out[last+1].Pct.Cmp(out[i].Pct) == 0 {
			last++
		}
		out[i].Rank = strconv.Itoa(first - start + 1)
		if last > first {
			out[i].Rank += "="
		}
	}
}

// Round2 prints r rounded to two decimals, halves away from zero.
func Round2(r *big.Rat) string { return roundN(r, 2) }

func roundN(r *big.Rat, places int) string {
	scale := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(places)), nil)
	x := new(big.Rat).Mul(new(big.Rat).Abs(r), new(big.Rat).SetInt(scale))
	x.Add(x, big.NewRat(1, 2))
	q := new(big.Int).Quo(x.Num(), x.Denom())
	str := q.String()
	for len(str) <= places {
		str = "0" + str
	}
	str = str[:len(str)-places] + "." + str[len(str)-places:]
	if r.Sign() < 0 && strings.Trim(str, "0.") != "" {
		str = "-" + str
	}
	return str
}

// Report is the session as JSON: the method, the standings and every table.
type Report struct {
	Event     string        `json:"event"`
	Method    string        `json:"method"`
	Fields    int           `json:"fields"`
	Most      int           `json:"most_tables"`
	TopBoard  int           `json:"top_per_board"`
	Standings []ReportPair  `json:"standings"`
	Tables    []ReportTable `json:"tables"`
}

// ReportPair is one line of the standings.
type ReportPair struct {
	Rank       string      `json:"rank"`
	Pair       string      `json:"pair"`
	Players    [2]string   `json:"players"`
	Field      string      `json:"field"`
	Boards     int         `json:"boards"`
	MP         json.Number `json:"mp"`
	MPExact    string      `json:"mp_exact"`
	Top        int         `json:"top"`
	Percentage json.Number `json:"percentage"`
}

// ReportTable is one table's result and matchpoints.
type ReportTable struct {
	Board    int             `json:"board"`
	File     string          `json:"file"`
	NS       string          `json:"ns"`
	EW       string          `json:"ew"`
	Status   string          `json:"status"`
	Contract string          `json:"contract,omitempty"`
	Tricks   *int            `json:"tricks,omitempty"`
	Claimed  bool            `json:"claimed,omitempty"`
	ScoreNS  *int            `json:"score_ns,omitempty"`
	MP       *[2]json.Number `json:"mp,omitempty"`
	Pct      [2]json.Number  `json:"percentage"`
}

// Report makes the JSON form of the session.
func (s *Session) Report(event string, plain bool) Report {
	rep := Report{Event: event, Method: "matchpoints 2/1, Neuberg to the most tables, artificial average 50%", Fields: s.Fields, Most: s.Most, TopBoard: 2 * (s.Most - 1)}
	if plain {
		rep.Method = "BBO: each board's percentage among its own results, artificial average 50%, a pair's percentage the mean of its boards'"
		rep.TopBoard = 0
	}
	for _, st := range s.Standings {
		field := st.Pair.Field
		if field == "" {
			field = "one field"
		}
		rep.Standings = append(rep.Standings, ReportPair{st.Rank, st.Pair.Name(), st.Pair.Players, field, st.Boards,
			json.Number(Round2(st.MP)), st.MP.RatString(), st.Top, json.Number(Round2(st.Pct))})
	}
	for _, b := range s.Boards {
		for _, r := range s.Rows[b] {
			rep.Tables = append(rep.Tables, reportTable(r))
		}
	}
	return rep
}

func reportTable(r *Row) ReportTable {
	rt := ReportTable{Board: r.Board, File: r.File, NS: r.Pairs[NS].Name(), EW: r.Pairs[EW].Name(), Status: r.Status.String()}
	if r.Status != NotPlayed {
		rt.Contract = r.Contract()
	}
	if r.Status == Played {
		if !r.PassOut {
			tr := r.Tricks
			rt.Tricks, rt.Claimed = &tr, r.Claimed
		}
		sc := r.ScoreNS
		rt.ScoreNS = &sc
	}
	if r.MP[NS] != nil {
		rt.MP = &[2]json.Number{json.Number(roundN(r.MP[NS], 4)), json.Number(roundN(r.MP[EW], 4))}
	}
	for d := NS; d <= EW; d++ {
		rt.Pct[d] = json.Number(roundN(r.Pct[d], 4))
	}
	return rt
}
