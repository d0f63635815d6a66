package model

import (
	"encoding/json"
	"testing"
)

type testLayout struct {
	Order []string `json:"order"`
}

func (*testLayout) Format() Format { return JSON }

func TestRecordLayoutJSON(t *testing.T) {
	RegisterLayout(JSON, func() Layout { return new(testLayout) })
	defer RegisterLayout(JSON, nil)
	r := NewRecord()
	r.Board = 7
	r.Room = ClosedRoom
	r.Layout = &testLayout{Order: []string{"Board", "Deal"}}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	const wantTail = `"room":"Closed","layout":{"format":"JSON","data":{"order":["Board","Deal"]}}}`
	if s := string(b); len(s) < len(wantTail) || s[len(s)-len(wantTail):] != wantTail {
		t.Fatalf("got %s\nwant it to end %s", b, wantTail)
	}
	var back Record
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	l, ok := back.Layout.(*testLayout)
	if !ok || len(l.Order) != 2 || l.Order[1] != "Deal" || back.Board != 7 || back.Room != ClosedRoom {
		t.Fatalf("read back %+v, layout %#v", back, back.Layout)
	}
}

func TestUnmarshalLayoutUnknownFormat(t *testing.T) {
	t.Parallel()
	l, err := UnmarshalLayout([]byte(`{"format":"LIN","data":{"x":1}}`))
	if err != nil || l != nil {
		t.Fatalf("got %v, %v; want nil, nil for a format nobody registered", l, err)
	}
	if _, err := UnmarshalLayout([]byte(`{"format":"XYZ"}`)); err == nil || err.Error() != `layout: unknown format "XYZ"` {
		t.Fatalf("got %v", err)
	}
}

func TestFormatAndRoomText(t *testing.T) {
	t.Parallel()
	for _, f := range []Format{PBN, LIN, JSON} {
		g, ok := ParseFormat(f.String())
		if !ok || g != f {
			t.Errorf("ParseFormat(%q) = %v, %v", f, g, ok)
		}
	}
	if r, ok := ParseRoom(" closed "); !ok || r != ClosedRoom {
		t.Errorf("ParseRoom: %v %v", r, ok)
	}
	if _, ok := ParseRoom("Lounge"); ok {
		t.Error("ParseRoom(Lounge) ok")
	}
}

// Errorf and Warnf format their message as fmt.Sprintf does.
func TestRecordErrorf(t *testing.T) {
	t.Parallel()
	r := NewRecord()
	r.File = "f.pbn"
	r.Errorf(Pos{Line: 3, Col: 7}, "deal: %s is dealt twice (again to %s)", NewCard(Spades, King), North.Name())
	r.Warnf(Pos{Line: 4, Col: 1}, "100%% sure")
	got := r.Problems[0].Error() + "|" + r.Problems[1].Error()
	if want := "f.pbn:3:7: deal: SK is dealt twice (again to North)|f.pbn:4:1: warning: 100% sure"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
