package jsonrec

import (
	"encoding/json"
	"strings"
	"testing"

	"handrec/model"
)

// JSON 2 gives the par as data where the record's fields hold it as
// given, else as a tag with the text as given; both read back, and so
// does JSON that gave the par as tags. A par value in data that cannot
// be read is an error naming it.
func TestPar(t *testing.T) {
	t.Parallel()
	r := model.NewRecord()
	r.Board = 1
	r.SetFact(model.FactOptimumScore, "NS 620")
	r.SetFact(model.FactParContract, "NS 4H=; NS 4S=")
	loose := model.NewRecord()
	loose.Board = 2
	loose.SetFact(model.FactOptimumScore, "EW 140")
	loose.SetFact(model.FactParContract, "EW 1S+2;EW 2D=")
	for _, c := range []struct {
		name string
		r    *model.Record
		want string
	}{
		{"par as data", r, `"par":{"score":"NS 620","contracts":["NS 4H=","NS 4S="]}`},
		{"contracts as given", loose, `"par":{"score":"EW 140"},"tags":[{"name":"ParContract","value":"EW 1S+2;EW 2D="}]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			jr, err := FromRecord(c.r)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := json.Marshal(jr)
			if !strings.Contains(string(b), c.want) || c.r == r && strings.Contains(string(b), "tag_order") {
				t.Errorf("board %d: %s\nwant it to hold %s", c.r.Board, b, c.want)
			}
			back := decode(t, string(b))
			for _, f := range []model.Fact{model.FactOptimumScore, model.FactParContract} {
				v, _ := back.FactValue(f)
				w, _ := c.r.FactValue(f)
				if v != w || back.Facts[f].Text == nil != (c.r.Facts[f].Text == nil) {
					t.Errorf("board %d: %s read back %q, want %q", c.r.Board, f, v, w)
				}
			}
			if back.Par.Score != c.r.Par.Score || back.Par.Contracts.String() != c.r.Par.Contracts.String() || len(back.Tags) != 0 {
				t.Errorf("board %d: par read back %+v, tags %v", c.r.Board, back.Par, back.Tags)
			}
		})
	}
	old := decode(t, `{"board":3,"tags":[{"name":"OptimumScore","value":"EW -100"},{"name":"ParContract","value":"S 6N="}],"source":{}}`)
	if s := old.Par.Score.String() + " / " + old.Par.Contracts.String(); s != "EW -100 / S 6N=" || len(old.Tags) != 0 {
		t.Errorf("par as tags read %q, tags %v", s, old.Tags)
	}
	var bad Record
	if err := json.Unmarshal([]byte(`{"board":4,"par":{"contracts":["NS 9H="]},"source":{}}`), &bad); err != nil {
		t.Fatal(err)
	}
	if _, err := bad.ToRecord(); err == nil || err.Error() != `par: bad contract "NS 9H="` {
		t.Errorf("bad contract: %v", err)
	}
}

func decode(t *testing.T, js string) *model.Record {
	t.Helper()
	var d Record
	if err := json.Unmarshal([]byte(js), &d); err != nil {
		t.Fatal(err)
	}
	r, err := d.ToRecord()
	if err != nil {
		t.Fatal(err)
	}
	return r
}
