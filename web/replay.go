package web

import (
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"handrec/model"
)

// playedCard is one card of the play, in the order played.
type playedCard struct {
	Seat  model.Seat
	Card  model.Card
	Known bool // false for a card the record gives as "-"
	Trick int  // 1-based
	Nth   int  // its place in the trick, 1-based
	// Comment is the commentary on the card, "" for none.
	Comment string
}

// replayView is the play of a board at one position, as the page draws
// it without script, and the play whole for the script.
type replayView struct {
	rec     *model.Record
	cards   []playedCard
	counts  []int        // cards of each trick
	winners []model.Seat // of each trick, NoSeat when not known
	claim   string

	// The position: P cards played, in trick Trick, Card of its cards.
	P, Trick, Card int
	Hands          [4]handView
	Left           [4]int
	Middle         [4]string // the cards of the trick on the table, by seat
	Red            [4]bool   // whether each is a heart or a diamond
	NS, EW         int
	Claim          string // the claim, at the last position
	Comment        string // the commentary on the last card played
}

// commentText joins a card's comments.
func commentText(cs []model.Comment) string {
	out := ""
	for _, c := range cs {
		if out != "" {
			out += " "
		}
		out += strings.TrimSpace(c.Text)
	}
	return out
}

// newReplay is the replay of r's play at its start; nil when r has no
// card played.
func newReplay(r *model.Record) *replayView {
	if r.Play == nil || len(r.Play.Tricks) == 0 {
		return nil
	}
	strain := model.NoTrump
	if r.Contract.Kind == model.Bid {
		strain = r.Contract.Strain
	}
	out := model.ReplayPlay(r.Deal, r.Play, strain)
	v := &replayView{rec: r}
	for i := range r.Play.Tricks {
		t := &r.Play.Tricks[i]
		if i >= len(out.Tricks) {
			break
		}
		tp := out.Tricks[i]
		leader := tp.Leader
		if !leader.Valid() {
			leader = r.Play.First
		}
		n := 0
		for k := 0; k < 4; k++ {
			seat := leader.Add(k)
			pc := t[seat]
			if pc.Kind != model.Played && pc.Kind != model.Unknown {
				continue
			}
			n++
			v.cards = append(v.cards, playedCard{Seat: seat, Card: pc.Card, Known: pc.Kind == model.Played, Trick: i + 1, Nth: n,
				Comment: commentText(pc.Comments)})
		}
		if n == 0 {
			break
		}
		v.counts = append(v.counts, n)
		v.winners = append(v.winners, tp.Winner)
	}
	if len(v.cards) == 0 {
		return nil
	}
	if r.Play.Claim >= 0 {
		v.claim = "Declarer claims " + strconv.Itoa(int(r.Play.Claim)) + " tricks in all"
	}
	v.at(0)
	return v
}

// Tricks is the number of tricks played, in whole or in part.
func (v *replayView) Tricks() int { return len(v.counts) }

// End is the last position: every card played.
func (v *replayView) End() int { return len(v.cards) }

// state is the trick and card of position p.
func (v *replayView) state(p int) (trick, card int) {
	if p <= 0 {
		return 1, 0
	}
	c := v.cards[p-1]
	return c.Trick, c.Nth
}

// pos is the position of card c of trick t (c 0: the trick's start,
// the last card of the one before); false when there is none.
func (v *replayView) pos(t, c int) (int, bool) {
	if t < 1 || t > len(v.counts) || c < 0 || c > v.counts[t-1] {
		return 0, false
	}
	p := 0
	for i := 0; i < t-1; i++ {
		p += v.counts[i]
	}
	return p + c, true
}

// seek moves to the position the URL's trick and card give.
func (v *replayView) seek(q url.Values) error {
	if v == nil || q.Get("trick") == "" && q.Get("card") == "" {
		return nil
	}
	t, err1 := strconv.Atoi(q.Get("trick"))
	c, err2 := strconv.Atoi(q.Get("card"))
	if q.Get("card") == "" {
		c, err2 = 0, nil
	}
	p, ok := v.pos(t, c)
	if err1 != nil || err2 != nil || !ok {
		return badRequest("trick %q, card %q: the play has %d tricks, of 1 to 4 cards each (card 0 is before the trick's first card)",
			q.Get("trick"), q.Get("card"), len(v.counts))
	}
	v.at(p)
	return nil
}

// at sets the position to p cards played.
func (v *replayView) at(p int) {
	v.P = p
	v.Trick, v.Card = v.state(p)
	gone := [4]model.Hand{}
	v.Middle = [4]string{}
	v.Red = [4]bool{}
	v.NS, v.EW = 0, 0
	for i := 0; i < p; i++ {
		c := v.cards[i]
		if c.Known {
			gone[c.Seat] = gone[c.Seat].With(c.Card)
		}
		if c.Trick == v.Trick {
			v.Middle[c.Seat] = "?"
			if c.Known {
				v.Middle[c.Seat] = cardText(c.Card)
				v.Red[c.Seat] = c.Card.Suit() == model.Hearts || c.Card.Suit() == model.Diamonds
			}
		}
	}
	for t := 1; t <= v.Trick; t++ {
		if t == v.Trick && v.Card < v.counts[t-1] || t == v.Trick && p == 0 {
			break
		}
		if w := v.winners[t-1]; w.Valid() {
			if w.Side() == model.NS {
				v.NS++
			} else {
				v.EW++
			}
		}
	}
	d := v.rec.Deal
	for _, s := range model.Seats {
		h := d.Hands[s] &^ gone[s]
		v.Hands[s] = hand(s, h, d.Known[s], v.rec.Player(s))
		v.Left[s] = h.Len()
	}
	v.Comment = ""
	if p > 0 {
		v.Comment = v.cards[p-1].Comment
	}
	v.Claim = ""
	if p == len(v.cards) {
		v.Claim = v.claim
	}
}

// ClaimNote says where the play ends in a claim: after which trick and
// card; "" for no claim.
func (v *replayView) ClaimNote() string {
	if v.claim == "" {
		return ""
	}
	t, c := v.state(len(v.cards))
	where := "After trick " + strconv.Itoa(t)
	if c < 4 {
		where += ", card " + strconv.Itoa(c)
	}
	return where + ": " + v.claim
}

// link is a position's link: the page at that position, which works
// without script.
type link struct {
	Href, Text, Label string
	Icon              string // a button's drawing: an SVG path
	P                 int
	Here              bool
}

// Href is the URL of position p.
func (v *replayView) Href(p int) string {
	t, c := v.state(p)
	return "?trick=" + strconv.Itoa(t) + "&card=" + strconv.Itoa(c) + "#replay"
}

func (v *replayView) linkTo(p int, text, label string) link {
	return link{Href: v.Href(p), Text: text, Label: label, P: p, Here: p == v.P}
}

// endOf is the position after the last card of trick t (0 before the
// first).
func (v *replayView) endOf(t int) int {
	if t <= 0 {
		return 0
	}
	p, _ := v.pos(min(t, len(v.counts)), v.counts[min(t, len(v.counts))-1])
	return p
}

// Steps are the buttons: start, a trick back, a card back, a card on, a
// trick on, the end.
func (v *replayView) Steps() []link {
	n := len(v.cards)
	nextTrick := v.endOf(v.Trick)
	if v.Card == v.counts[v.Trick-1] && v.P > 0 {
		nextTrick = v.endOf(v.Trick + 1)
	}
	steps := []link{
		v.linkTo(0, "", "start"),
		v.linkTo(v.endOf(v.Trick-1), "", "previous trick"),
		v.linkTo(max(v.P-1, 0), "", "previous card"),
		v.linkTo(min(v.P+1, n), "", "next card"),
		v.linkTo(nextTrick, "", "next trick"),
		v.linkTo(n, "", "end"),
	}
	for i := range steps {
		steps[i].Icon = stepIcons[i]
	}
	return steps
}

// stepIcons draw the buttons of Steps, in a 16 by 16 box, where the
// characters of a media player's buttons (⏮ ⏪ ⏩ ⏭) are missing from the
// fonts of many machines: a bar and a triangle, two triangles, a
// triangle, each way.
var stepIcons = [6]string{
	"M2 2h2v12H2zM14 2v12L5 8z",
	"M8 2v12L1 8zM15 2v12L8 8z",
	"M12 2v12L4 8z",
	"M4 2v12l8-6z",
	"M1 2v12l7-6zM8 2v12l7-6z",
	"M2 2v12l9-6zM12 2h2v12h-2z",
}

// trickLinks is a trick's line of the play: its number (a link to its
// end) and a link to each of its cards.
type trickLinks struct {
	Trick  link
	Cards  []link
	Winner string
}

// Grid is the play trick by trick, each position a link.
func (v *replayView) Grid() []trickLinks {
	var out []trickLinks
	for i, c := range v.cards {
		if c.Nth == 1 {
			w := ""
			if s := v.winners[c.Trick-1]; s.Valid() {
				w = s.String()
			}
			out = append(out, trickLinks{Trick: v.linkTo(v.endOf(c.Trick), strconv.Itoa(c.Trick), "trick "+strconv.Itoa(c.Trick)), Winner: w})
		}
		text := "?"
		if c.Known {
			text = cardText(c.Card)
		}
		tl := &out[len(out)-1]
		tl.Cards = append(tl.Cards, v.linkTo(i+1, text, c.Seat.String()+" "+text))
	}
	return out
}

// replayData is the play for the script (static/replay.js).
type replayData struct {
	Cards   [][4]any  `json:"cards"` // seat (0 N .. 3 W), card ("SA", "" unknown), trick, commentary
	Winners []int     `json:"winners"`
	Hands   []string  `json:"hands"` // dealt, PBN, "" unknown
	Players [4]string `json:"players"`
	Claim   string    `json:"claim,omitempty"`
}

// Data is the play as JSON, for the script.
func (v *replayView) Data() string {
	d := replayData{Claim: v.claim, Cards: [][4]any{}}
	for _, c := range v.cards {
		card := ""
		if c.Known {
			card = c.Card.String()
		}
		d.Cards = append(d.Cards, [4]any{int(c.Seat), card, c.Trick, c.Comment})
	}
	for _, w := range v.winners {
		d.Winners = append(d.Winners, int(w))
	}
	for _, s := range model.Seats {
		h := ""
		if v.rec.Deal.Known[s] {
			h = v.rec.Deal.Hands[s].PBN()
		}
		d.Hands = append(d.Hands, h)
		d.Players[s] = v.rec.Player(s)
	}
	b, _ := json.Marshal(d)
	return string(b)
}
