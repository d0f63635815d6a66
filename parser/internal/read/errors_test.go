package read

import (
	"errors"
	"testing"

	"handrec/model"
)

func TestErrorList(t *testing.T) {
	t.Parallel()
	var l ErrorList
	if l.Err() != nil || l.Error() != "no errors" {
		t.Errorf("empty list: %v %q", l.Err(), l.Error())
	}
	for i := 12; i > 0; i-- {
		l.Add("b.pbn", model.Pos{Line: i, Col: 2}, "fault")
	}
	l.Add("a.pbn", model.Pos{Line: 9, Col: 1}, "first")
	l.Sort()
	err := l.Err()
	var got ErrorList
	if !errors.As(err, &got) || len(got) != 13 {
		t.Fatalf("Err: %v", err)
	}
	want := "a.pbn:9:1: first\n"
	for i := 1; i <= 9; i++ {
		want += "b.pbn:" + string(rune('0'+i)) + ":2: fault\n"
	}
	want += "(and 3 more errors)"
	if err.Error() != want {
		t.Errorf("got\n%s\nwant\n%s", err, want)
	}
	// one more: "error", not "errors"
	if got := got[:11].Error(); got[len(got)-19:] != "\n(and 1 more error)" {
		t.Errorf("11 errors end %q", got[len(got)-19:])
	}
}
