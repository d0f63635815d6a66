package archive_test

import (
	"context"
	"reflect"
	"testing"

	"handrec/archive"
	"handrec/model"
)

// A record with errors is stored with them (the problems view, errors in
// records), exported as it was read; only a record with nothing usable is
// left out, and said so.
func TestImportKeepsErrors(t *testing.T) {
	t.Parallel()
	db, _ := openTemp(t)
	g := newGen(3, true)
	good, faulty := g.next(), g.next()
	good.File, good.Index = "gen.pbn", 1
	faulty.File, faulty.Index = "gen.pbn", 2
	faulty.Errorf(model.Pos{Line: 30, Col: 7}, "play: trick 2: N plays SA, not in the hand")
	faulty.Warnf(model.Pos{Line: 12, Col: 1}, "date: bad value %q", "1899")
	empty := model.NewRecord()
	empty.File, empty.Index, empty.Pos = "gen.pbn", 3, model.Pos{Line: 40, Col: 1}
	empty.Errorf(model.Pos{Line: 41, Col: 1}, "deal: 12 cards")

	var problems []string
	st, err := db.Import(context.Background(), archive.Source{Path: "gen.pbn", SHA256: "bb", Format: "pbn"},
		&sliceReader{recs: []*model.Record{good, faulty, empty}},
		archive.ImportOptions{Problem: func(p model.Problem) { problems = append(problems, p.Error()) }})
	if err != nil {
		t.Fatal(err)
	}
	if want := (archive.FileStats{Records: 3, New: 2, Errors: 1, Bad: 1}); st != want {
		t.Errorf("stats = %+v, want %+v", st, want)
	}
	wantProblems := []string{
		"gen.pbn:30:7: play: trick 2: N plays SA, not in the hand",
		"gen.pbn:41:1: deal: 12 cards",
		"gen.pbn:40:1: record 3 left out: nothing usable (no deal, auction, play, contract or table)",
	}
	if !reflect.DeepEqual(problems, wantProblems) {
		t.Errorf("problems = %q, want %q", problems, wantProblems)
	}
	got := dump(t, db.SQL(), "SELECT record, seq, line, col, severity, message FROM problems ORDER BY record, seq")
	want := [][]any{
		{int64(2), int64(1), int64(30), int64(7), "error", "play: trick 2: N plays SA, not in the hand"},
		{int64(2), int64(2), int64(12), int64(1), "warning", `date: bad value "1899"`},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("problems view = %v, want %v", got, want)
	}
	if got := dump(t, db.SQL(), "SELECT id, errors, warnings FROM records ORDER BY id"); !reflect.DeepEqual(got, [][]any{{int64(1), int64(0), int64(0)}, {int64(2), int64(1), int64(1)}}) {
		t.Errorf("records errors, warnings = %v", got)
	}
	sameRecords(t, exported(t, db, "id = 2"), []*model.Record{faulty})
}

// A ScoreTable section's rows are the results view's, a JSON object of
// column -> value each: which pairs bid the slam is one query.
func TestResults(t *testing.T) {
	t.Parallel()
	db, _ := openTemp(t)
	r := newGen(4, true).next()
	r.File, r.Index = "gen.pbn", 1
	r.Sections = append(r.Sections, model.Section{
		Tag:     model.Tag{Name: "ScoreTable", Value: `PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Names\20`},
		Columns: []string{"PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Names"},
		Rows:    [][]string{{"1", "5", "6S", "N", "12", `"Ann \"A\" Lee"`}, {"2", "6", "4S", "N", "11", "-"}, {"3", "7", "6NTX", "S", "11", `"Bo"`}},
	})
	if _, err := db.Import(context.Background(), archive.Source{Path: "gen.pbn", SHA256: "cc", Format: "pbn"},
		&sliceReader{recs: []*model.Record{r}}, archive.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	got := dump(t, db.SQL(), `SELECT record, row, cells ->> 'PairId_NS', cells ->> 'PairId_EW', cells ->> 'Contract', cells ->> 'Names'
	  FROM results WHERE cells ->> 'Contract' GLOB '[67]*' ORDER BY record, row`)
	want := [][]any{
		{int64(1), int64(1), "1", "5", "6S", `Ann "A" Lee`},
		{int64(1), int64(3), "3", "7", "6NTX", "Bo"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("slams = %v, want %v", got, want)
	}
}

// A traveller held as data gives the travellers view a row per table
// result, its values typed and NULL where not given; standings give the
// standings view a row per pair, and cells the columns the view does not
// name.
func TestTravellersStandings(t *testing.T) {
	t.Parallel()
	db, _ := openTemp(t)
	r := newGen(4, true).next()
	r.File, r.Index = "gen.pbn", 1
	res := model.NewTableResult()
	res.Pair, res.Names = [2]string{"1", "5"}, [2]string{"Ann \"A\" Lee", ""}
	res.Contract, _ = model.ParseContract("6SX")
	res.Declarer, res.Result, res.Score[model.NS], res.MP = model.North, 12, 1210, [2]model.Points{9.5, 0.5}
	st := model.NewStanding()
	st.Rank, st.Pair, st.Totals[2], st.Boards, st.Other = 1, "581", 1449.8, 20, []string{"OMS"}
	r.Sections = append(r.Sections,
		model.Section{Traveller: &model.Traveller{Columns: []model.TableColumn{{Field: model.FieldPairNS}, {Field: model.FieldPairEW},
			{Field: model.FieldNamesNS}, {Field: model.FieldContract}, {Field: model.FieldDeclarer}, {Field: model.FieldResult},
			{Field: model.FieldScoreNS}, {Field: model.FieldScoreEW}, {Field: model.FieldMPNS}, {Field: model.FieldMPEW}},
			Results: []model.TableResult{res}}},
		model.Section{Standings: &model.Standings{Columns: []model.TableColumn{{Field: model.FieldRank}, {Field: model.FieldPair},
			{Name: "Center"}, {Field: model.FieldTotalMP}, {Field: model.FieldBoards}}, Rows: []model.Standing{st}}})
	if _, err := db.Import(context.Background(), archive.Source{Path: "gen.pbn", SHA256: "cd", Format: "pbn"},
		&sliceReader{recs: []*model.Record{r}}, archive.ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	got := dump(t, db.SQL(), `SELECT record, row, pair_ns, pair_ew, names_ns, names_ew, contract, declarer, result,
	    score_ns, score_ew, mp_ns, mp_ew, rank FROM travellers`)
	want := [][]any{{int64(1), int64(1), "1", "5", `Ann "A" Lee`, nil, "6SX", "N", int64(12), int64(1210), nil, 9.5, 0.5, nil}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("travellers = %v, want %v", got, want)
	}
	got = dump(t, db.SQL(), `SELECT record, row, rank, pair, names, total_mp, boards, cells ->> 'Center' FROM standings`)
	want = [][]any{{int64(1), int64(1), int64(1), "581", nil, 1449.8, int64(20), "OMS"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("standings = %v, want %v", got, want)
	}
}

// Usable: a contract or a supplemental section with data is worth keeping,
// even with no deal, auction or play; an empty section is not.
func TestUsable(t *testing.T) {
	t.Parallel()
	contract := model.NewRecord()
	contract.Contract = model.Contract{Kind: model.Bid, Level: 5, Strain: model.Strain(model.Hearts), Doubled: 1}
	table := model.NewRecord()
	table.Sections = []model.Section{{Tag: model.Tag{Name: "ActionTable"}, Rows: [][]string{{"1", "%"}}}}
	bare := model.NewRecord()
	bare.Sections = []model.Section{{Tag: model.Tag{Name: "ActionTable"}}}
	for _, c := range []struct {
		name string
		r    *model.Record
		want bool
	}{{"contract", contract, true}, {"table rows", table, true}, {"empty section", bare, false}, {"nothing", model.NewRecord(), false}} {
		t.Run(c.name, func(t *testing.T) {
			if got := archive.Usable(c.r); got != c.want {
				t.Errorf("%s: Usable = %v, want %v", c.name, got, c.want)
			}
		})
	}
}

// Import with Again reads a file imported before and adds the records not
// linked to it: those left out for their errors (as an archive made
// before schema version 5 did, as SkipErrors does), and nothing twice.
func TestImportAgain(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	db, _ := openTemp(t)
	g := newGen(5, true)
	var recs []*model.Record
	for i := 1; i <= 4; i++ {
		r := g.next()
		r.File, r.Index, r.Pos = "gen.pbn", i, model.Pos{Line: 10 * i, Col: 1}
		recs = append(recs, r)
	}
	recs[1].Errorf(model.Pos{Line: 21, Col: 3}, "play: trick 2: N plays SA, not in the hand")
	recs[3].Errorf(model.Pos{Line: 41, Col: 3}, "auction: 1C after 2D")
	src := archive.Source{Path: "gen.pbn", SHA256: "cc", Format: "pbn"}
	imp := func(opt archive.ImportOptions) (archive.FileStats, []string) {
		t.Helper()
		var problems []string
		opt.Problem = func(p model.Problem) { problems = append(problems, p.Error()) }
		st, err := db.Import(ctx, src, &sliceReader{recs: recs}, opt)
		if err != nil {
			t.Fatal(err)
		}
		return st, problems
	}
	if st, _ := imp(archive.ImportOptions{SkipErrors: true}); st != (archive.FileStats{Records: 4, New: 2, Bad: 2}) {
		t.Fatalf("first import: %+v", st)
	}
	if st, _ := imp(archive.ImportOptions{}); st != (archive.FileStats{Skipped: true, Previous: "gen.pbn", Records: 4, Existing: 2, Bad: 2}) {
		t.Errorf("import without Again: %+v", st)
	}
	st, problems := imp(archive.ImportOptions{Again: true})
	if want := (archive.FileStats{Again: true, Previous: "gen.pbn", Records: 4, New: 2, Existing: 2, Errors: 2}); st != want {
		t.Errorf("import again: %+v, want %+v", st, want)
	}
	if want := []string{"gen.pbn:21:3: play: trick 2: N plays SA, not in the hand", "gen.pbn:41:3: auction: 1C after 2D"}; !reflect.DeepEqual(problems, want) {
		t.Errorf("import again: problems %q, want %q", problems, want)
	}
	st, problems = imp(archive.ImportOptions{Again: true})
	if want := (archive.FileStats{Again: true, Previous: "gen.pbn", Records: 4, Existing: 4}); st != want || problems != nil {
		t.Errorf("import again, twice: %+v, %q; want %+v, none", st, problems, want)
	}
	got := dump(t, db.SQL(), "SELECT s.idx, s.line, r.errors FROM record_sources s JOIN records r ON r.id = s.record ORDER BY s.idx")
	want := [][]any{{int64(1), int64(10), int64(0)}, {int64(2), int64(20), int64(1)}, {int64(3), int64(30), int64(0)}, {int64(4), int64(40), int64(1)}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("links %v, want %v", got, want)
	}
	if got := dump(t, db.SQL(), "SELECT count(*), (SELECT count(*) FROM records) FROM sources WHERE records = 4 AND problems = 0"); !reflect.DeepEqual(got, [][]any{{int64(1), int64(4)}}) {
		t.Errorf("source counts, records: %v", got)
	}
}
