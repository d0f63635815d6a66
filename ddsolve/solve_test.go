package ddsolve

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
	"handrec/model/dd"
	"handrec/parser"
)

// camrose are boards of Camrose24_1.pbn (the shared corpus's pbn/lorserker-ben/
// demo), which BridgeComposer wrote from DDS: the table (DoubleDummyTricks),
// dealer and vulnerability, and the OptimumScore and ParContract it gave.
var camrose = []struct {
	tricks, dealer, vul string
	score, contract     string
}{
	{"54555546658977889778", "N", "None", "EW 140", "EW 1S+2"},
	{"7875b7875b6468264582", "S", "EW", "NS 400", "NS 5C="},
	{"7aa588aa595338452274", "S", "All", "NS 620", "NS 4H=; NS 4S="},
	{"64559645597778477784", "W", "None", "EW -100", "EW 3DX-1"},
	{"77459774596697465874", "E", "All", "EW 140", "E 3H="},
	{"43a6243a625a3795a37a", "E", "None", "NS -100", "NS 5HX-1"},
	{"638a4638a47a5387a538", "S", "NS", "NS -200", "NS 5DX-1"},
	{"76899768995753457534", "S", "All", "NS 110", "NS 2C+1; NS 2D+1; NS 2H="},
}

// hexTable reads a DoubleDummyTricks value as the record reader does.
func hexTable(t *testing.T, v string) dd.Table {
	r := model.NewRecord()
	r.Tags = []model.Tag{{Name: "DoubleDummyTricks", Value: v}}
	rec, ok := dd.RecordedTable(r)
	if !ok {
		t.Fatalf("DoubleDummyTricks %q not read", v)
	}
	return dd.Table(rec.Tricks)
}

func TestParTagsAsBridgeComposer(t *testing.T) {
	t.Parallel()
	for _, c := range camrose {
		t.Run(c.contract, func(t *testing.T) {
			dealer, _ := model.ParseSeat(c.dealer[0])
			vul, _ := model.ParseVul(c.vul)
			p := dd.ParOf(hexTable(t, c.tricks), dealer, vul)
			if got := RecordPar(p).Score.String(); got != c.score {
				t.Errorf("%s: OptimumScore %q, BridgeComposer %q", c.tricks, got, c.score)
			}
			if got := ParContract(p); got != c.contract {
				t.Errorf("%s: ParContract %q, BridgeComposer %q", c.tricks, got, c.contract)
			}
		})
	}
}

// TestParTagsCorpus compares the par tags with every board of the corpus
// that carries a table and BridgeComposer's ParContract.
func TestParTagsCorpus(t *testing.T) {
	t.Parallel()
	dir := "../../shared/corpus/pbn"
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no corpus at", dir)
	}
	n := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".pbn") {
			return err
		}
		doc, _ := parser.ReadFile(p)
		if doc == nil {
			return nil
		}
		for _, r := range doc.Records {
			want, ok := r.FactValue(model.FactParContract)
			rec, has := dd.RecordedTable(r)
			if !ok || !has || !r.Deal.Complete() {
				continue
			}
			n++
			stripped := *r
			stripped.Par = model.Par{}
			stripped.Facts[model.FactOptimumScore] = model.FactNote{}
			stripped.Facts[model.FactParContract] = model.FactNote{}
			got := Add(&stripped, nil)
			score, _ := r.FactValue(model.FactOptimumScore)
			gs, _ := got.FactValue(model.FactOptimumScore)
			gc, _ := got.FactValue(model.FactParContract)
			if gs != score || gc != want {
				t.Errorf("%s:%s: par %q %q, the file %q %q (table %v)", p, r.Pos, gs, gc, score, want, rec.Tricks)
			}
		}
		return nil
	})
	if n == 0 {
		t.Fatal("no corpus board with ParContract")
	}
	t.Logf("%d boards agree", n)
}

// TestOptimumResultTable: the table Add adds is data, which PBN's
// writer lays out as PBN 2.1's OptimumResultTable (5.7).
func TestOptimumResultTable(t *testing.T) {
	t.Parallel()
	r := record(t, 1, suitDeal)
	res := Result{Table: hexTable(t, "53772537725a65b5a65b")}
	got := Add(r, &res)
	if len(got.Sections) != 1 || got.Sections[0].DD == nil || *got.Sections[0].DD != model.DDTable(res.Table) {
		t.Fatalf("sections %+v", got.Sections)
	}
	name, header, cols, rows := layout.SectionTable(got, 0)
	var lines []string
	for _, r := range rows {
		lines = append(lines, strings.Join(r, " "))
	}
	want := "N NT 5|N S 3|N H 7|N D 7|N C 2|S NT 5|S S 3|S H 7|S D 7|S C 2|" +
		"E NT 5|E S 10|E H 6|E D 5|E C 11|W NT 5|W S 10|W H 6|W D 5|W C 11"
	if s := strings.Join(lines, "|"); s != want || name != "OptimumResultTable" || header != `Declarer;Denomination\2R;Result\2R` {
		t.Errorf("%s rows %s\nwant %s\nheader %s", name, s, want, header)
	}
	if len(cols) != 3 || cols[2].Width != 2 || cols[2].Align != 'R' {
		t.Errorf("columns %+v", cols)
	}
}

// suitDeal is a deal in which each hand holds a whole suit: solved at once.
const suitDeal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"

func record(t *testing.T, board int, deal string) *model.Record {
	r := model.NewRecord()
	r.Board = board
	if deal != "" {
		d, errs := model.ParseDeal(deal)
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		r.Deal = d
	}
	return r
}

func TestAdd(t *testing.T) {
	t.Parallel()
	r := record(t, 1, suitDeal)
	res := solveRecord(dd.NewSolver(1<<20), r)
	got := Add(r, &res)
	if !r.Par.IsZero() || len(r.Sections) != 0 {
		t.Fatal("Add changed the record it was given")
	}
	score, _ := got.FactValue(model.FactOptimumScore)
	contract, _ := got.FactValue(model.FactParContract)
	if score != "NS 1510" || contract != "NS 7S=" || len(got.Sections) != 1 || len(got.Tags) != 0 {
		t.Fatalf("OptimumScore %q, ParContract %q, %d sections", score, contract, len(got.Sections))
	}
	if dd := got.Sections[0].DD; dd == nil || dd[model.North][model.StrainSpades] != 13 || dd[model.North][model.StrainHearts] != 0 {
		t.Errorf("table %v", dd)
	}
	// a record with its own table and par is given back as it is
	if again := Add(got, &res); again != got {
		t.Error("a record with a table and par was copied")
	}
}

// TestQueueOrder puts solved and passed records through two workers and
// gets them back in order, each with its own result.
func TestQueueOrder(t *testing.T) {
	t.Parallel()
	var got []string
	q := NewQueue(Options{Jobs: 2, TableBytes: 1 << 20}, func(r *model.Record, res *Result) error {
		s := "pass"
		switch {
		case res == nil:
		case res.Err != nil:
			s = "err"
		case res.Par == nil:
			s = "no par"
		default:
			s = ParContract(*res.Par)
		}
		got = append(got, s)
		return nil
	})
	deals := []string{suitDeal, "", "N:AK... QJ... 32... .AK..", suitDeal, "E:" + suitDeal[2:], ""}
	for i, d := range deals {
		r := record(t, i+1, d)
		if err := q.Put(r, d != ""); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	// board 3 is an end position: a table and no par
	want := "NS 7S=|pass|no par|NS 7S=|EW 7S=|pass"
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("got %s, want %s", s, want)
	}
}

// TestQueueError stops at out's first error.
func TestQueueError(t *testing.T) {
	t.Parallel()
	stop := errors.New("stop")
	n := 0
	q := NewQueue(Options{Jobs: 2, TableBytes: 1 << 20}, func(*model.Record, *Result) error { n++; return stop })
	var err error
	for i := 0; i < 8 && err == nil; i++ {
		err = q.Put(record(t, i+1, suitDeal), true)
	}
	if cerr := q.Close(); cerr != stop || n != 1 {
		t.Errorf("Close %v after %d records", cerr, n)
	}
}

// TestQueueStops: once out fails, Put refuses records, and the deals not
// solved are solved again by a later queue sharing the cache: none takes
// the table of a deal left unsolved.
func TestQueueStops(t *testing.T) {
	t.Parallel()
	deals := []string{suitDeal, "E:" + suitDeal[2:], "S:" + suitDeal[2:], "W:" + suitDeal[2:], "N:AK... QJ... 32... .AK..", "N:KQ... J2... A3... .AK.."}
	cache := NewCache()
	stop := errors.New("stop")
	q := NewQueue(Options{Jobs: 2, TableBytes: 1 << 20, Cache: cache}, func(*model.Record, *Result) error { return stop })
	var err error
	for i := 0; i < len(deals) && err == nil; i++ {
		err = q.Put(record(t, i+1, deals[i]), true)
	}
	if cerr := q.Close(); cerr != stop || err != stop {
		t.Fatalf("Put %v, Close %v", err, cerr)
	}
	if err := q.Put(record(t, 1, suitDeal), true); err != stop {
		t.Errorf("Put after out failed: %v", err)
	}
	n := 0
	q = NewQueue(Options{Jobs: 2, TableBytes: 1 << 20, Cache: cache}, func(r *model.Record, res *Result) error {
		n++
		want, _ := dd.NewSolver(1 << 20).Table(r.Deal)
		if res == nil || res.Err != nil || res.Table != want {
			t.Errorf("board %d: %+v, want %v", r.Board, res, want)
		}
		return nil
	})
	for i, d := range deals {
		if err := q.Put(record(t, i+1, d), true); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Close(); err != nil || n != len(deals) {
		t.Errorf("Close %v, %d records", err, n)
	}
}

// TestQueueDistinct: each distinct deal is solved once, whatever the
// records around it (both rooms of a board, a board met again with
// another number, so another dealer and par), and every record gets its
// deal's table and its own par; a record carrying a wrong table gets the
// solved one, whether its deal is solved from that table or met before.
func TestQueueDistinct(t *testing.T) {
	t.Parallel()
	const end = "N:AK... QJ... 32... .AK.."
	deals := []string{suitDeal, end, suitDeal, "E:" + suitDeal[2:], end, suitDeal, "E:" + suitDeal[2:], "N:KQ... J2... A3... .AK.."}
	cache := NewCache()
	var got []string
	q := NewQueue(Options{Jobs: 2, TableBytes: 1 << 20, Cache: cache}, func(r *model.Record, res *Result) error {
		want, err := dd.NewSolver(1 << 20).Table(r.Deal)
		if err != nil || res == nil || res.Err != nil || res.Table != want {
			t.Errorf("board %d: %+v, want %v", r.Board, res, want)
		}
		s := "no par"
		if res != nil && res.Par != nil {
			s = ParContract(*res.Par)
		}
		got = append(got, s)
		return nil
	})
	for i, d := range deals {
		r := record(t, i+1, d)
		// a wrong table: N makes 2 in C D H S NT, E 0 in all; on record 2
		// its deal's first, so the solver starts from it (TableFrom), and
		// on record 5, its deal met again
		if i == 1 || i == 4 {
			r.Tags = append(r.Tags, model.Tag{Name: "DoubleDummyTricks", Value: "22222000000000000000"})
		}
		if err := q.Put(r, true); err != nil {
			t.Fatal(err)
		}
	}
	if err := q.Close(); err != nil {
		t.Fatal(err)
	}
	if n := cache.Solved(); n != 4 {
		t.Errorf("%d deals solved of %d records, want 4: the distinct deals", n, len(deals))
	}
	want := "NS 7S=|no par|NS 7S=|EW 7S=|no par|NS 7S=|EW 7S=|no par"
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("got %s, want %s", s, want)
	}
}
