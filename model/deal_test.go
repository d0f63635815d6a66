package model_test

import (
	"reflect"
	"strings"
	"testing"

	"handrec/model"
)

// TestParseDeal reads Deal values as files write them, good and bad, and
// checks the deal read and each fault with its offset.
func TestParseDeal(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name string
		v    string
		pbn  string // the deal read, from North
		errs []model.DealError
	}{
		{"a whole deal from North", "N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64",
			"N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64", nil},
		{"from East, lower case, 10 for T, ranks unsorted, extra blanks", "  e:7810.q942.kj4.j32 \t J543.A76.Q65.A97   96.T83.T982.KT64 2QKA.KJ5.A73.Q85  ",
			"N:AKQ2.KJ5.A73.Q85 T87.Q942.KJ4.J32 J543.A76.Q65.A97 96.T83.T982.KT64", nil},
		{"two hands unknown, no first seat", "AKQ2.KJ5.A73.Q85 - J543.A76.Q65.A97 -", "N:AKQ2.KJ5.A73.Q85 - J543.A76.Q65.A97 -", nil},
		{"empty", "", "N:- - - -", nil},
		{"bad first seat", "X:AKQ2.KJ5.A73.Q85 - - -", "N:AKQ2.KJ5.A73.Q85 - - -", []model.DealError{
			{Off: 0, Msg: `deal: bad first seat "X"`}}},
		{"five suits", "N:AK.Q.J.T.9 - - -", "N:AK.Q.J.T - - -", []model.DealError{
			{Off: 10, Msg: "deal: North has more than four suits"}}},
		{"bad rank", "N:AZK2.KJ5.A73.Q85 - - -", "N:AK2.KJ5.A73.Q85 - - -", []model.DealError{
			{Off: 3, Msg: `deal: bad rank "Z" in North's hand`}}},
		{"a card twice in one hand", "N:AAK2.KJ5.A73.Q85 - - -", "N:AK2.KJ5.A73.Q85 - - -", []model.DealError{
			{Off: 3, Msg: "deal: SA appears twice in North's hand"}}},
		{"a card dealt to two hands", "S:AK... A... - -", "N:- - AK... A...", []model.DealError{
			{Off: 8, Msg: "deal: SA is dealt twice (again to West)"}}},
		{"two suits, not four", "N:AKQ.JT - - -", "N:AKQ.JT.. - - -", []model.DealError{
			{Off: 2, Msg: "deal: North's hand has 2 suits, not four"}}},
		{"text after four hands", "N:- - - - extra", "N:- - - -", []model.DealError{
			{Off: 10, Msg: `deal: unexpected "extra" after four hands`}}},
		{"two hands, not four", "N:AKQ2.KJ5.A73.Q85 -", "N:AKQ2.KJ5.A73.Q85 - - -", []model.DealError{
			{Off: 20, Msg: "deal: 2 hands given, not four (use - for an unknown hand)"}}},
		{"long text after four hands cut at 40", "N:- - - - " + strings.Repeat("x", 50), "N:- - - -", []model.DealError{
			{Off: 10, Msg: `deal: unexpected "` + strings.Repeat("x", 40) + `"... after four hands`}}},
		{"more than ten faults in a value", "N:ZZZZZZZZZZZZ.KJ5.A73.Q85 - - -", "N:.KJ5.A73.Q85 - - -", []model.DealError{
			{Off: 2, Msg: `deal: bad rank "Z" in North's hand`}, {Off: 3, Msg: `deal: bad rank "Z" in North's hand`},
			{Off: 4, Msg: `deal: bad rank "Z" in North's hand`}, {Off: 5, Msg: `deal: bad rank "Z" in North's hand`},
			{Off: 6, Msg: `deal: bad rank "Z" in North's hand`}, {Off: 7, Msg: `deal: bad rank "Z" in North's hand`},
			{Off: 8, Msg: `deal: bad rank "Z" in North's hand`}, {Off: 9, Msg: `deal: bad rank "Z" in North's hand`},
			{Off: 10, Msg: `deal: bad rank "Z" in North's hand`}, {Off: 11, Msg: `deal: bad rank "Z" in North's hand`},
			{Off: 12, Msg: "deal: and 2 more faults in this value"}}},
		{"a dash inside a hand", "N:-y - - -", "N:... - - -", []model.DealError{
			{Off: 2, Msg: `deal: bad rank "-" in North's hand`},
			{Off: 3, Msg: `deal: bad rank "y" in North's hand`},
			{Off: 2, Msg: "deal: North's hand has 1 suits, not four"}}},
		// "x" is a small card not named, as books print the spots: Small
		{"small cards as x", "N:A8.AQ87.QJ9.K963 Qxx.x.AXxxxx.Jxx J954.KJ963.T82.T KTxx.Txx.K.AQxxx", "N:A8.AQ87.QJ9.K963 Qxx.x.Axxxxx.Jxx J954.KJ963.T82.T KTxx.Txx.K.AQxxx", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d, errs := model.ParseDeal(c.v)
			if got := d.PBN(model.North); got != c.pbn {
				t.Errorf("ParseDeal(%q) reads %s, want %s", c.v, got, c.pbn)
			}
			if !reflect.DeepEqual(errs, c.errs) {
				t.Errorf("ParseDeal(%q) reports %+v, want %+v", c.v, errs, c.errs)
			}
		})
	}
}

// A deal a reader kept with its faults goes through JSON as it was: the
// archive stores a record with errors as read.
func TestDealFaultsThroughJSON(t *testing.T) {
	t.Parallel()
	d, errs := model.ParseDeal("N:AKQ.. A... - -")
	if len(errs) == 0 {
		t.Fatal("no fault")
	}
	b, err := d.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	var back model.Deal
	if err := back.UnmarshalText(b); err != nil || back != d {
		t.Errorf("back %v, %v; want %v", back, err, d)
	}
	if err := back.UnmarshalText([]byte("nonsense")); err == nil {
		t.Error("nonsense read as a deal")
	}
}

// A book's "x", a small card not named, is kept as a card of its suit
// not known: the hand holds 13, the deal is no end position and not
// complete (no solver can play it), and it reads back as written.
func TestSmallCards(t *testing.T) {
	t.Parallel()
	const v = "N:A8.AQ87.QJ9.K963 Qxx.x.Axxxxx.Jxx J954.KJ963.T82.T KTxx.Txx.K.AQxxx"
	d, errs := model.ParseDeal(v)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if d.Len(model.East) != 13 || d.Hands[model.East].Len() != 3 || d.Small[model.East][model.Diamonds] != 5 ||
		d.EndPosition() || d.Complete() || !d.HasSmall() || d.HandPBN(model.West) != "KTxx.Txx.K.AQxxx" {
		t.Errorf("East holds %d (%d named), %d small diamonds; end position %v, complete %v, West %s",
			d.Len(model.East), d.Hands[model.East].Len(), d.Small[model.East][model.Diamonds], d.EndPosition(), d.Complete(), d.HandPBN(model.West))
	}
	r := model.NewRecord()
	r.Deal = d
	model.Validate(r)
	if len(r.Problems) > 0 {
		t.Errorf("problems %v", r.Problems)
	}
	b, _ := d.MarshalText()
	var back model.Deal
	if err := back.UnmarshalText(b); err != nil || back != d || string(b) != v {
		t.Errorf("reads back as %s (%v)", b, err)
	}
	if _, errs := model.ParseDeal("N:" + strings.Repeat("x", 14) + "... - - -"); len(errs) != 1 || errs[0].Msg != "deal: more than 13 small cards (x) in a suit of North's hand" {
		t.Errorf("14 x's: %v", errs)
	}
}
