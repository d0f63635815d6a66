package jsonrec_test

import (
	"encoding/json"
	"strings"
	"testing"

	"handrec/jsonrec"
	"handrec/model"
)

// The tables a record holds as data go into JSON as data and come back
// the same: the double-dummy table by seat and strain, a traveller's and
// standings' values given, a column that is no field by its name.
func TestTablesJSON(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	dd := model.NewDDTable()
	dd[model.North][model.NoTrump], dd[model.West][model.StrainClubs] = 9, 0
	res := model.NewTableResult()
	res.Pair, res.Names = [2]string{"1", "8"}, [2]string{"", "Berg - Dahl"}
	res.Contract, _ = model.ParseContract("4HX")
	res.Declarer, res.Result, res.Score[model.EW], res.IMP[model.NS] = model.West, 9, 500, -7.5
	res.Other = []string{"OMS"}
	st := model.NewStanding()
	st.Rank, st.Names, st.Totals[2], st.Boards = 1, "Ann;Bob", 1449.8, 20
	r.Sections = []model.Section{
		{DD: &dd},
		{Traveller: &model.Traveller{Columns: []model.TableColumn{{Field: model.FieldPairNS}, {Field: model.FieldPairEW},
			{Field: model.FieldContract}, {Field: model.FieldDeclarer}, {Field: model.FieldScoreEW}, {Name: "Center"}}, Results: []model.TableResult{res}}},
		{Standings: &model.Standings{Columns: []model.TableColumn{{Field: model.FieldRank}, {Field: model.FieldTotalMP}}, Rows: []model.Standing{st}}},
	}
	jr, err := jsonrec.FromRecord(r)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(jr.Tables)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"dd":{"N":{"NT":9},"W":{"C":0}}},` +
		`{"traveller":{"columns":["pair_ns","pair_ew","contract","declarer","score_ew",{"name":"Center"}],` +
		`"results":[{"pair_ns":"1","pair_ew":"8","names_ew":"Berg - Dahl","contract":"4HX","declarer":"W","result":9,` +
		`"score_ew":500,"imp_ns":-7.5,"other":["OMS"]}]}},` +
		`{"standings":{"columns":["rank","total_mp"],"rows":[{"rank":1,"names":"Ann;Bob","total_mp":1449.8,"boards":20}]}}]`
	if string(b) != want {
		t.Errorf("JSON\n%s\nwant\n%s", b, want)
	}
	var back jsonrec.Record
	if err := json.Unmarshal([]byte(`{"tables":`+string(b)+`}`), &back); err != nil {
		t.Fatal(err)
	}
	got, err := back.ToRecord()
	if err != nil {
		t.Fatal(err)
	}
	if d := model.Diff(r, got); len(d) > 0 {
		t.Errorf("through JSON: %s", strings.Join(d, "; "))
	}
	bad := `{"tables":[{"dd":{"N":{"NT":14}}}]}`
	if err := json.Unmarshal([]byte(bad), &back); err != nil {
		t.Fatal(err)
	}
	if _, err := back.ToRecord(); err == nil || err.Error() != "dd: N NT: 14 tricks" {
		t.Errorf("%s: %v", bad, err)
	}
}
