package scoring

import (
	"bytes"
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"sort"
	"testing"

	"handrec/internal/nodetest"
	"handrec/model"
)

// bridgeScorer is the node_modules that holds npm bridge-scorer (an
// independent implementation of matchpoints, cross-IMPs and Butler); the
// test skips without node or the package.
func bridgeScorer(t *testing.T) string {
	return nodetest.Modules(t, "bridge-scorer")
}

// bridgeScorerJS scores each board (a list of games: declarer and the
// declarer's score, or nothing for a row without a result) with each of
// bridge-scorer's methods and prints what it gives each game.
const bridgeScorerJS = `
const s = require('bridge-scorer');
const boards = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const copy = (b) => b.map(g => g.none ? {} : g.declaror ? {contract: {declaror: g.declaror}, score: g.score} : {score: 0});
const pick = (b, f) => b.map(g => g[f] ? [g[f].value, g[f].percentage === undefined ? null : g[f].percentage] : null);
const out = boards.map(b => {
  const mp = copy(b); s.matchpoints(mp);
  const acbl = copy(b); s.matchpointsACBL(acbl);
  const x = copy(b); s.crossImps(x);
  const bu = copy(b); const datum = s.butler(bu);
  return {mp: pick(mp, 'matchpointsNS'), mpEW: pick(mp, 'matchpointsEW'), acbl: pick(acbl, 'matchpointsNS'),
          ximp: pick(x, 'impsNS'), butler: pick(bu, 'impsNS'), datum: datum};
});
process.stdout.write(JSON.stringify(out));
`

type bsGame struct {
	Declaror string `json:"declaror,omitempty"`
	Score    int    `json:"score"`
	None     bool   `json:"none,omitempty"` // a row without a result
	known    bool
}

type bsBoard struct {
	MP     [][]*float64 `json:"mp"`
	MPEW   [][]*float64 `json:"mpEW"`
	ACBL   [][]*float64 `json:"acbl"`
	XIMP   [][]*float64 `json:"ximp"`
	Butler [][]*float64 `json:"butler"`
	Datum  float64      `json:"datum"`
}

// bsBoards are travellers of 2 to 40 results drawn from the scores of
// real boards, ties and passed-out boards among them, with a row without
// a result now and then.
func bsBoards() [][]bsGame {
	rng := rand.New(rand.NewPCG(25, 2026))
	scores := []int{-1430, -800, -650, -620, -500, -420, -300, -200, -170, -140, -130, -110, -100, -90, -50, 0,
		50, 70, 80, 90, 100, 110, 120, 130, 140, 150, 170, 200, 300, 400, 420, 450, 460, 500, 620, 630, 650, 660, 680, 800, 980, 1100, 1430, 1460, 2210}
	var boards [][]bsGame
	for range 400 {
		n := 2 + rng.IntN(39)
		pool := scores[rng.IntN(20):]
		pool = pool[:1+rng.IntN(len(pool))]
		b := make([]bsGame, n)
		for i := range b {
			ns := pool[rng.IntN(len(pool))]
			switch {
			case rng.IntN(30) == 0 && i > 1:
				b[i] = bsGame{None: true}
			case ns == 0:
				b[i] = bsGame{Score: 0, known: true}
			case rng.IntN(2) == 0:
				b[i] = bsGame{Declaror: []string{"N", "S"}[rng.IntN(2)], Score: ns, known: true}
			default:
				b[i] = bsGame{Declaror: []string{"E", "W"}[rng.IntN(2)], Score: -ns, known: true}
			}
		}
		boards = append(boards, b)
	}
	return boards
}

func (g bsGame) result() Result {
	r := Result{Weight: 1, Artificial: none(), Played: g.known, Score: g.Score}
	if g.Declaror == "E" || g.Declaror == "W" {
		r.Score = -g.Score
	}
	return r
}

// TestBridgeScorerAgrees runs npm bridge-scorer on 400 travellers and
// compares every number it gives with ScoreBoard's: matchpoints and
// percentages (2/1 and ACBL), cross-IMPs (its value is the average),
// Butler's datum and IMPs. The one difference is known and listed:
// bridge-scorer rounds a datum whose mean ends in exactly 5 with
// JavaScript's Math.round, up (-25 to -20), where the rule is halves away
// from zero (-30); such boards are counted and checked to differ by that
// alone.
func TestBridgeScorerAgrees(t *testing.T) {
	t.Parallel()
	mods := bridgeScorer(t)
	boards := bsBoards()
	in, _ := json.Marshal(boards)
	cmd := exec.Command("node", "-e", bridgeScorerJS)
	cmd.Env = append(os.Environ(), "NODE_PATH="+mods)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v: %s", err, stderr.String())
	}
	var got []bsBoard
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	compared, halves := 0, 0
	for bi, b := range boards {
		rows := make([]Result, len(b))
		for i, g := range b {
			rows[i] = g.result()
		}
		mp := ScoreBoard(rows, Method{Kind: MP}, 0)
		acbl := ScoreBoard(rows, Method{Kind: ACBL}, 0)
		x := ScoreBoard(rows, Method{Kind: CrossIMP}, 0)
		bu := ScoreBoard(rows, Method{Kind: Butler, Drop: DropDefault}, 0)
		bs := got[bi]
		if bu.Datum != int(bs.Datum) {
			if !halfUp(rows, bu.Datum, int(bs.Datum)) {
				t.Errorf("board %d: datum %d, bridge-scorer %v", bi, bu.Datum, bs.Datum)
				continue
			}
			halves++
			bu = ScoreBoard(rows, Method{Kind: Datum, Datum: int(bs.Datum)}, 0)
		}
		for i := range b {
			compared += agree(t, bi, i, "mp", bs.MP[i], mp.Rows[i].MP[0], mp.Rows[i].Percent[0])
			compared += agree(t, bi, i, "mp ew", bs.MPEW[i], mp.Rows[i].MP[1], mp.Rows[i].Percent[1])
			compared += agree(t, bi, i, "acbl", bs.ACBL[i], acbl.Rows[i].MP[0], acbl.Rows[i].Percent[0])
			compared += agree(t, bi, i, "ximp", bs.XIMP[i], x.Rows[i].IMPAvg[0], model.NoPoints)
			compared += agree(t, bi, i, "butler", bs.Butler[i], bu.Rows[i].IMP[0], model.NoPoints)
		}
	}
	t.Logf("%d boards, %d numbers equal; %d Butler datums rounded up from a negative half by bridge-scorer", len(boards), compared, halves)
	if compared < 20000 {
		t.Errorf("only %d numbers compared", compared)
	}
}

// agree compares what bridge-scorer gave a game (nil for a game it left
// out) with ScoreBoard's value and percentage; it returns the numbers
// compared.
func agree(t *testing.T, board, row int, what string, bs []*float64, v, pct model.Points) int {
	t.Helper()
	if bs == nil {
		if v.Known() {
			t.Errorf("board %d row %d %s: bridge-scorer left it out, handrec %v", board, row, what, v)
		}
		return 0
	}
	n := 0
	if bs[0] == nil || !v.Known() || math.Abs(*bs[0]-float64(v)) > 1e-9 {
		t.Errorf("board %d row %d %s: bridge-scorer %v, handrec %v", board, row, what, deref(bs[0]), v)
	} else {
		n++
	}
	if pct.Known() && len(bs) > 1 && bs[1] != nil {
		if math.Abs(*bs[1]-float64(pct)) > 1e-9 {
			t.Errorf("board %d row %d %s%%: bridge-scorer %v, handrec %v", board, row, what, *bs[1], pct)
		} else {
			n++
		}
	} else if pct.Known() {
		t.Errorf("board %d row %d %s%%: bridge-scorer gives none, handrec %v", board, row, what, pct)
	}
	return n
}

func deref(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}

// halfUp reports whether bridge-scorer's datum is ours plus 10 because
// the mean it rounds is a negative half: JavaScript's Math.round(-2.5)
// is -2.
func halfUp(rows []Result, ours, theirs int) bool {
	var s []int
	for _, r := range rows {
		if r.Played {
			s = append(s, r.Score)
		}
	}
	d := ButlerDrop(len(s), DropDefault)
	sorted := append([]int(nil), s...)
	sort.Ints(sorted)
	sorted = sorted[d : len(sorted)-d]
	sum := 0
	for _, v := range sorted {
		sum += v
	}
	mean := float64(sum) / float64(len(sorted)) / 10
	return theirs == ours+10 && mean < 0 && mean-math.Floor(mean) == 0.5
}
