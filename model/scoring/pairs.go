package scoring

import (
	"sort"

	"handrec/model"
)

// Result is a traveller's row as a pairs session compares it.
type Result struct {
	// Score is North-South's score, when Played.
	Score int
	// Played: Score is a result the others are compared with.
	Played bool
	// Weight is how many tables had this result (PBN's Multiplicity), at
	// least 1.
	Weight int
	// Artificial is the percentage an artificial score gives each side
	// (average 50, average plus 60, average minus 40), NoPoints when the
	// row has none. A row with one is not compared with the others.
	Artificial [2]model.Points
}

// IsArtificial reports whether the row carries an artificial score.
func (r *Result) IsArtificial() bool { return r.Artificial[0].Known() || r.Artificial[1].Known() }

// Scored is what a method gives one row: matchpoints and percentages
// (matchpoint methods), or IMPs (IMP methods; IMPAvg is the cross-IMPs
// divided by the comparisons), each by side, NoPoints when not given.
type Scored struct {
	MP      [2]model.Points
	Percent [2]model.Points
	IMP     [2]model.Points
	IMPAvg  [2]model.Points
}

// BoardScore is a board's traveller scored.
type BoardScore struct {
	Rows []Scored
	// Results counts the results compared, Tables the results and the
	// artificial scores; Top is a result's top after Neuberg (matchpoint
	// methods): Win * (Tables' N - 1).
	Results, Tables int
	Top             float64
	// Datum is the datum of Butler and Datum.
	Datum    int
	HasDatum bool
}

func none() [2]model.Points { return [2]model.Points{model.NoPoints, model.NoPoints} }

func newScored() Scored {
	return Scored{MP: none(), Percent: none(), IMP: none(), IMPAvg: none()}
}

// ScoreBoard scores a board's rows under m. n is the number of results
// the boards of the session have (the most any board has); a board with
// fewer results has them factored up to n by Neuberg's formula, as one
// whose rows include artificial scores has its results factored up to the
// results and the artificial scores. 0 for none.
func ScoreBoard(rows []Result, m Method, n int) BoardScore {
	bs := BoardScore{Rows: make([]Scored, len(rows))}
	var played []int
	for i := range rows {
		bs.Rows[i] = newScored()
		w := max(rows[i].Weight, 1)
		switch {
		case rows[i].IsArtificial():
			bs.Tables += w
		case rows[i].Played:
			bs.Results += w
			bs.Tables += w
			played = append(played, i)
		}
	}
	if m.IMPs() {
		scoreIMPs(&bs, rows, played, m)
		return bs
	}
	scoreMP(&bs, rows, played, m.Win(), max(n, bs.Tables))
	return bs
}

// scoreMP gives each played row its matchpoints among the played rows,
// factored to n results by Neuberg's formula, and each artificial row the
// matchpoints of its percentage.
func scoreMP(bs *BoardScore, rows []Result, played []int, win float64, n int) {
	bs.Top = win * float64(n-1)
	for _, i := range played {
		mp := Matchpoints(rows, played, i, win)
		if n != bs.Results {
			mp = Neuberg(mp, bs.Results, n, win)
		}
		s := &bs.Rows[i]
		s.MP = [2]model.Points{model.Points(mp), model.Points(bs.Top - mp)}
		pct := 50.0
		if bs.Top > 0 {
			pct = 100 * mp / bs.Top
		}
		s.Percent = [2]model.Points{model.Points(pct), model.Points(100 - pct)}
	}
	for i := range rows {
		if !rows[i].IsArtificial() {
			continue
		}
		for side, p := range rows[i].Artificial {
			if p.Known() {
				bs.Rows[i].Percent[side] = p
				bs.Rows[i].MP[side] = model.Points(float64(p) * bs.Top / 100)
			}
		}
	}
}

// Matchpoints is North-South's matchpoints of row i among the rows
// played: win for each result it beats, win/2 for each other result
// equal to it, each counted Weight times.
func Matchpoints(rows []Result, played []int, i int, win float64) float64 {
	var mp float64
	for _, j := range played {
		w := float64(max(rows[j].Weight, 1))
		switch {
		case rows[j].Score < rows[i].Score:
			mp += win * w
		case rows[j].Score == rows[i].Score:
			mp += win / 2 * w
		}
	}
	// the row does not tie with itself
	return mp - win/2
}

// Neuberg factors matchpoints mp scored among n results to a board of
// total results (MP' = (MP+1)*N/n - 1 at 2 a pair beaten; (MP+1/2)*N/n -
// 1/2 at the ACBL's 1).
func Neuberg(mp float64, n, total int, win float64) float64 {
	if n == 0 {
		return 0
	}
	return (mp+win/2)*float64(total)/float64(n) - win/2
}

// ArtificialIMPs is what an artificial score's percentage is worth in
// IMPs: average 0, average plus +3, average minus -3 (law 12C2).
func ArtificialIMPs(p model.Points) model.Points {
	switch {
	case p > 50:
		return 3
	case p < 50:
		return -3
	}
	return 0
}

// scoreIMPs gives each played row its IMPs: against each other result
// (cross-IMPs), or against the datum (Butler, Datum). A row's weight
// counts it that many times, without making that many copies.
func scoreIMPs(bs *BoardScore, rows []Result, played []int, m Method) {
	ws := make([]weighted, len(played))
	n := 0
	for k, i := range played {
		ws[k] = weighted{rows[i].Score, max(rows[i].Weight, 1)}
		n += ws[k].w
	}
	switch m.Kind {
	case Butler:
		bs.Datum, bs.HasDatum = weightedDatum(ws, m.Drop), n > 0
	case Datum:
		bs.Datum, bs.HasDatum = m.Datum, true
	}
	for _, i := range played {
		s := &bs.Rows[i]
		if m.Kind == CrossIMP {
			t := 0
			for _, o := range ws {
				t += o.w * IMPs(rows[i].Score-o.score)
			}
			s.IMP = [2]model.Points{model.Points(t), model.Points(-t)}
			avg := 0.0
			if n > 1 {
				avg = float64(t) / float64(n-1)
			}
			s.IMPAvg = [2]model.Points{model.Points(avg), model.Points(-avg)}
			continue
		}
		if bs.HasDatum {
			v := IMPs(rows[i].Score - bs.Datum)
			s.IMP = [2]model.Points{model.Points(v), model.Points(-v)}
		}
	}
	for i := range rows {
		if rows[i].IsArtificial() {
			for side, p := range rows[i].Artificial {
				if p.Known() {
					bs.Rows[i].IMP[side] = ArtificialIMPs(p)
				}
			}
		}
	}
}

// weighted is a score counted w times.
type weighted struct{ score, w int }

// weightedDatum is ButlerDatum of the scores each counted its weight
// times.
func weightedDatum(ws []weighted, drop int) int {
	n := 0
	for _, v := range ws {
		n += v.w
	}
	if n == 0 {
		return 0
	}
	s := append([]weighted(nil), ws...)
	sort.Slice(s, func(i, j int) bool { return s[i].score < s[j].score })
	d := ButlerDrop(n, drop)
	lo, hi := d, d // still to drop at each end
	sum := 0
	for i := range s {
		take := min(s[i].w, lo)
		s[i].w -= take
		lo -= take
	}
	for i := len(s) - 1; i >= 0; i-- {
		take := min(s[i].w, hi)
		s[i].w -= take
		hi -= take
	}
	for _, v := range s {
		sum += v.score * v.w
	}
	return RoundTen(sum, n-2*d)
}

// CrossIMPs is the sum of the IMPs score wins against each of scores
// but one equal to it (itself).
func CrossIMPs(scores []int, score int) int {
	t := 0
	for _, o := range scores {
		t += IMPs(score - o)
	}
	return t
}

// ButlerDrop is how many results Butler drops at each end of n results:
// drop itself when given (at most what leaves one result), else
// bridge-scorer's rule: none up to 3 results, then ceil((n-10)/15)+1.
func ButlerDrop(n, drop int) int {
	if drop == DropDefault {
		if n <= 3 {
			return 0
		}
		if n <= 10 {
			return 1
		}
		return (n-10+14)/15 + 1
	}
	return min(drop, max((n-1)/2, 0))
}

// ButlerDatum is the datum of scores: their mean after dropping
// ButlerDrop(len, drop) at each end, rounded to the nearest 10, halves
// away from zero; 0 for no score.
func ButlerDatum(scores []int, drop int) int {
	ws := make([]weighted, len(scores))
	for i, v := range scores {
		ws[i] = weighted{v, 1}
	}
	return weightedDatum(ws, drop)
}

// RoundTen is sum/count rounded to the nearest 10, halves away from zero,
// in exact integer arithmetic.
func RoundTen(sum, count int) int {
	a, sign := sum, 1
	if a < 0 {
		a, sign = -a, -1
	}
	d := 10 * count
	return sign * ((2*a + d) / (2 * d)) * 10
}
