package render_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"handrec/model"
	"handrec/render"
)

// cardToken is a card as the sheets print one in a trick table or a lead:
// a suit symbol and its rank.
var cardToken = regexp.MustCompile(`[♠♥♦♣](?:10|[AKQJT2-9])`)

// withHidden is r with the tag [Hidden "v"].
func withHidden(r *model.Record, v string) *model.Record {
	c := *r
	c.Tags = append([]model.Tag(nil), r.Tags...)
	c.SetTag("Hidden", v)
	return &c
}

// suitLines is the lines of seat s's hand as the sheets print them.
func suitLines(r *model.Record, s model.Seat) []string {
	var out []string
	for _, su := range model.SuitsDown {
		out = append(out, su.Symbol()+" "+holding(r.Deal.Hands[s], su))
	}
	return out
}

// TestSheetHiddenHands: the hands a record's [Hidden] tag or --hide names
// leave no card in the PDF's text (no holding of theirs that another
// hand does not also hold, no card but the opening lead's: no trick
// table, even with --result and --auction), and no data-hand in the
// HTML; the other hands are printed whole.
func TestSheetHiddenHands(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		tag    string
		hide   [4]bool
		hidden []model.Seat
	}{
		{"[Hidden \"EW\"]", "EW", [4]bool{}, []model.Seat{model.East, model.West}},
		{"--hide N", "", [4]bool{model.North: true}, []model.Seat{model.North}},
		{"[Hidden \"S\"] --hide W", "S", [4]bool{model.West: true}, []model.Seat{model.South, model.West}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			var recs []*model.Record
			for _, r := range sheetRecords(t) {
				if r.Deal.Known == [4]bool{true, true, true, true} {
					if c.tag != "" {
						r = withHidden(r, c.tag)
					}
					recs = append(recs, r)
				}
			}
			opt := render.SheetOptions{PerPage: 1, Result: true, Auction: true, Hide: c.hide}
			pages := strings.Split(pdfText(t, writeSheet(t, "pdf", recs, opt), "-raw"), "\f")
			for i, r := range recs {
				page := pages[i]
				hidden := map[model.Seat]bool{}
				for _, s := range c.hidden {
					hidden[s] = true
				}
				shown := map[string]bool{}
				for _, s := range model.Seats {
					for _, l := range suitLines(r, s) {
						if !hidden[s] {
							shown[l] = true
							if !hasLine(page, l) {
								t.Errorf("%s board %d: %s's %q is not printed", c.name, r.Board, s.Name(), l)
							}
						}
					}
				}
				for _, s := range c.hidden {
					for _, l := range suitLines(r, s) {
						if !shown[l] && strings.Contains(page, l) {
							t.Errorf("%s board %d: hidden %s's %q is printed", c.name, r.Board, s.Name(), l)
						}
					}
				}
				if m := cardToken.FindString(leadLine.ReplaceAllString(page, "")); m != "" {
					t.Errorf("%s board %d: a card %q is printed", c.name, r.Board, m)
				}
			}
			html := string(writeSheet(t, "html", recs, opt))
			for _, s := range model.Seats {
				want := len(recs)
				for _, h := range c.hidden {
					if h == s {
						want = 0
					}
				}
				if n := regexp.MustCompile(`data-seat="`+s.String()+`" data-hand=`).FindAllStringIndex(html, -1); len(n) != want {
					t.Errorf("%s: %d of %s's hands in the HTML, want %d", c.name, len(n), s.Name(), want)
				}
			}
		})
	}
}

// TestSheetLeaveOut: --no-auction, --no-play and --no-commentary leave
// exactly their parts off every board of the HTML sheet.
func TestSheetLeaveOut(t *testing.T) {
	t.Parallel()
	r := everyPart(t)
	full := render.SheetOptions{Result: true, Auction: true, Play: true}
	count := func(opt render.SheetOptions) [3]int {
		out := string(writeSheet(t, "html", []*model.Record{r}, opt))
		return [3]int{strings.Count(out, `<table class="auction">`), strings.Count(out, `<table class="tricks">`), strings.Count(out, `class="comment"`)}
	}
	for _, c := range []struct {
		name string
		set  func(*render.SheetOptions)
		want [3]int // auctions, trick tables, paragraphs of commentary
	}{
		{"all", func(*render.SheetOptions) {}, [3]int{1, 1, 7}},
		{"--no-auction", func(o *render.SheetOptions) { o.NoAuction = true }, [3]int{0, 1, 6}},
		{"--no-play", func(o *render.SheetOptions) { o.NoPlay = true }, [3]int{1, 0, 6}},
		{"--no-commentary", func(o *render.SheetOptions) { o.NoCommentary = true }, [3]int{1, 1, 0}},
	} {
		t.Run(c.name, func(t *testing.T) {
			opt := full
			c.set(&opt)
			if got := count(opt); got != c.want {
				t.Errorf("%s: %v auctions, trick tables, comments; want %v", c.name, got, c.want)
			}
		})
	}
}

// leadLine is the opening lead as the PDF's text gives it.
var leadLine = regexp.MustCompile(`Lead [♠♥♦♣](?:10|[AKQJT2-9])`)

// TestSheetAnswers: with --answers the pages of boards, their hands
// hidden, are followed by pages of the same boards in full under
// "Answers: "; with --answers=page (AnswersByPage) each page of boards is
// followed by its answers. In the PDF and in the HTML alike.
func TestSheetAnswers(t *testing.T) {
	t.Parallel()
	recs := boards32(t)[:4]
	for i, r := range recs {
		recs[i] = withHidden(r, "EW")
	}
	for _, c := range []struct {
		byPage bool
		want   []string
		r      []int // the record each page starts with
		answer []bool
	}{
		{false, []string{"Board 1,Board 2", "Board 3,Board 4", "Board 1,Board 2", "Board 3,Board 4"}, []int{0, 2, 0, 2}, []bool{false, false, true, true}},
		{true, []string{"Board 1,Board 2", "Board 1,Board 2", "Board 3,Board 4", "Board 3,Board 4"}, []int{0, 0, 2, 2}, []bool{false, true, false, true}},
	} {
		name := "at the end"
		if c.byPage {
			name = "by page"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			opt := render.SheetOptions{PerPage: 2, Result: true, Auction: true, Answers: true, AnswersByPage: c.byPage}
			pdf := writeSheet(t, "pdf", recs, opt)
			got := boardsAPage(t, pdf)
			if strings.Join(got, "|") != strings.Join(c.want, "|") {
				t.Fatalf("by page %t: pages %q, want %q", c.byPage, got, c.want)
			}
			pages := strings.Split(pdfText(t, pdf, "-raw"), "\f")
			for i, page := range pages[:4] {
				r := recs[c.r[i]]
				answers := strings.HasPrefix(page, "Answers: ")
				if answers != c.answer[i] {
					t.Errorf("by page %t, page %d: starts %.30q", c.byPage, i+1, page)
				}
				if west := suitLines(r, model.West)[0]; hasLine(page, west) != answers {
					t.Errorf("by page %t, page %d: West's %q printed %t, want %t", c.byPage, i+1, west, !answers, answers)
				}
			}
			html := string(writeSheet(t, "html", recs, opt))
			heads := regexp.MustCompile(`<div class="head">(Answers: )?`).FindAllStringSubmatch(html, -1)
			var kinds []bool
			for _, h := range heads {
				kinds = append(kinds, h[1] != "")
			}
			if fmt.Sprint(kinds) != fmt.Sprint(c.answer) {
				t.Errorf("by page %t: the HTML's pages are answers %v, want %v", c.byPage, kinds, c.answer)
			}
		})
	}
}
