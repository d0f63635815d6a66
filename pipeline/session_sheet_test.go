package pipeline

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
	"handrec/render"
)

// A sheet reads its input twice: the second reading is checked, record by
// record, against the first, so that the travellers printed are the ones
// the standings were made of. Read again unchanged, every record passes
// and Board scores each traveller as the session did (Neuberg's N from
// the first reading: 3); a result changed between the readings is caught
// at the record that changed, and a record gone at the end.
func TestSessionScoresReread(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../testdata/session/mitchell.pbn")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "m.pbn")
	write := func(t *testing.T, text string) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	read := func() Source { return Files(context.Background(), nil, []string{path}, func(string, error) {}) }
	write(t, string(src))
	scored, err := SessionScores(read(), SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	err = read()(func(r *model.Record) error {
		if err := scored.Reread(r); err != nil {
			return err
		}
		b := scored.Board(r)
		got = append(got, strconv.FormatFloat(float64(b.Score.Rows[1].MP[model.NS]), 'f', 2, 64))
		return nil
	})
	if err != nil || scored.Done() != nil || strings.Join(got, " ") != "4.00 2.40" {
		t.Fatalf("unchanged: %v, %v, MP NS of row 2: %v", err, scored.Done(), got)
	}

	for _, c := range []struct {
		what, text, err, done string
	}{
		{"a result changed", strings.Replace(string(src), "2 2 4S N 11 450", "2 2 4S N 10 420", 1),
			path + ":4:1: board 1 is not the record read in its place the first time: the input changed while the session was read twice", ""},
		{"a board gone", string(src)[:strings.Index(string(src), "\n[Event \"Mitchell\"]\n[Board \"2\"]")+1], "",
			"the input changed while the session was read twice: 2 records the first time, 1 the second"},
	} {
		t.Run(c.what, func(t *testing.T) {
			write(t, string(src))
			scored, err := SessionScores(read(), SessionOptions{})
			if err != nil {
				t.Fatal(err)
			}
			write(t, c.text)
			err = read()(scored.Reread)
			if msg := errText(err); msg != c.err {
				t.Errorf("%s: %q, want %q", c.what, msg, c.err)
			}
			if msg := errText(scored.Done()); err == nil && msg != c.done {
				t.Errorf("%s: done %q, want %q", c.what, msg, c.done)
			}
		})
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestSessionBoardKept: the board Reread scored is the one Board gives,
// also when the records after it were read first (the DD queue reads
// ahead) and when it is asked for twice (the answers page): the same
// board, not the traveller read again, and equal to one scored anew.
func TestSessionBoardKept(t *testing.T) {
	t.Parallel()
	read := Files(context.Background(), nil, []string{"../testdata/session/mitchell.pbn"}, func(string, error) {})
	scored, err := SessionScores(read, SessionOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var recs []*model.Record
	err = read(func(r *model.Record) error {
		recs = append(recs, r)
		return scored.Reread(r)
	})
	if err != nil || len(recs) != 2 {
		t.Fatalf("%d records, %v", len(recs), err)
	}
	for _, r := range recs {
		b := scored.Board(r)
		if b == nil || scored.Board(r) != b {
			t.Errorf("board %d: not the board kept", r.Board)
		}
		if !reflect.DeepEqual(b, scored.score(r)) {
			t.Errorf("board %d: kept %+v, scored anew %+v", r.Board, b, scored.score(r))
		}
	}
}

// TestRecordSumFields: the fingerprint of a traveller changes with each
// field of its board and of its rows as sessionBoard makes them (the
// board's Score excepted: it is taken before the board is scored), so
// that a field added to a row and not to the fingerprint fails here.
func TestRecordSumFields(t *testing.T) {
	r := &model.Record{File: "a.pbn", Board: 1}
	base := render.SessionBoard{Rows: make([]render.SessionRow, 2)}
	want := recordSum(r, &base)
	var changed []string
	var vary func(v reflect.Value, name string, sum func() uint64)
	vary = func(v reflect.Value, name string, sum func() uint64) {
		old := reflect.New(v.Type()).Elem()
		old.Set(v)
		switch v.Kind() {
		case reflect.Struct:
			for i := range v.NumField() {
				vary(v.Field(i), name+"."+v.Type().Field(i).Name, sum)
			}
			return
		case reflect.Array:
			for i := range v.Len() {
				vary(v.Index(i), name+"["+strconv.Itoa(i)+"]", sum)
			}
			return
		case reflect.String:
			v.SetString("x")
		case reflect.Int, reflect.Int8:
			v.SetInt(3)
		case reflect.Bool:
			v.SetBool(true)
		case reflect.Float64:
			v.SetFloat(60)
		case reflect.Slice:
			v.Set(reflect.MakeSlice(v.Type(), 1, 1))
		default:
			t.Fatalf("%s: a %s", name, v.Kind())
		}
		if sum() == want {
			changed = append(changed, name)
		}
		v.Set(old)
	}
	b := base
	b.Rows = slices.Clone(base.Rows)
	sum := func() uint64 { return recordSum(r, &b) }
	bv := reflect.ValueOf(&b).Elem()
	for _, f := range []string{"File", "Pos", "Board", "Vul", "Rows"} {
		vary(bv.FieldByName(f), f, sum)
	}
	vary(reflect.ValueOf(&b.Rows[1]).Elem(), "Rows[1]", sum)
	if len(changed) > 0 {
		t.Errorf("the fingerprint does not change with %v", changed)
	}
	if recordSum(r, &b) != want {
		t.Error("the fingerprint of the board as it was changed")
	}
}
