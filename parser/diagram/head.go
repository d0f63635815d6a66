package diagram

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"

	"handrec/model"
)

// headKeys are the keys a heading or a diagram's corner may give, as
// books and handrec show write them, and the name each is read as.
var headKeys = map[string]string{
	"board": "Board", "deal": "Deal", "hand": "Deal", "dealer": "Dealer",
	"vul": "Vulnerable", "vulnerable": "Vulnerable", "vulnerability": "Vulnerable",
	"contract": "Contract", "result": "Result", "lead": "Lead", "opening lead": "Lead",
	"declarer": "Declarer", "acceptor": "Acceptor", "scoring": "Scoring", "code": "Scoring",
	"event": "Event", "site": "Site", "date": "Date", "source": "Source", "room": "Room",
	"passed out": "PassedOut",
}

// maxHeadKey is the length of the longest of headKeys: keyValue looks a
// line's start up in them, a length at a time, rather than trying each
// key on every line (no key is another's start followed by a colon or a
// blank, so at most one reads).
const maxHeadKey = len("vulnerability")

// freeKeys may stand without a colon ("Board 7", "Dealer North"); the
// others need one ("Event: ..."), so that a sentence is not read as a key.
var freeKeys = map[string]bool{"Board": true, "Deal": true, "Dealer": true, "Vulnerable": true,
	"Contract": true, "Result": true, "Lead": true, "PassedOut": true}

// keyValue reads "Key value" or "Key: value"; corner says the text is a
// cell of a diagram (where "Board 7" is a key) rather than a line of text.
func keyValue(s string, corner bool) (key, value string, ok bool) {
	s = strings.TrimSpace(s)
	low := strings.ToLower(s)
	if low == "passed out" || low == "passed out." {
		return "PassedOut", "", true
	}
	if m := dealsRe.FindStringSubmatch(s); m != nil {
		return "Dealer", m[1], true // "Z deals.", "South deals"
	}
	for n := 1; n <= min(len(low), maxHeadKey); n++ {
		name, ok := headKeys[low[:n]]
		if !ok {
			continue
		}
		rest := s[n:]
		switch {
		case strings.HasPrefix(rest, ":"):
			return name, strings.TrimSpace(rest[1:]), strings.TrimSpace(rest[1:]) != ""
		case dashed(rest) != "":
			return name, dashed(rest), true // "Opening lead—♠ 8", "Dealer – South"
		case strings.HasPrefix(rest, " ") && freeKeys[name] && strings.TrimSpace(rest) != "":
			v := strings.TrimSpace(rest)
			if !corner && !freeValue(name, v) {
				continue
			}
			return name, v, true
		}
	}
	return "", "", false
}

// dashed is the value after a key's dash, an em or an en dash set as a
// colon is ("Opening lead—♠ 8", "Lead – ♦ K"): empty where rest does not
// open with one or nothing follows it.
func dashed(rest string) string {
	t := strings.TrimLeft(rest, " ")
	for _, d := range []string{"—", "–"} {
		if v, ok := strings.CutPrefix(t, d); ok {
			return strings.TrimSpace(v)
		}
	}
	return ""
}

var (
	numberRe   = regexp.MustCompile(`^\d{1,4}$`)
	contractRe = regexp.MustCompile(`^([1-7])?\s*(♠|♥|♦|♣|[SHDC]|NT|N|Spades?|Hearts?|Diamonds?|Clubs?|No [Tt]rumps?)\s*(X{0,7})(?:\s+by\s+(.+))?$`)
	resultRe   = regexp.MustCompile(`^(\d{1,2})(?:\s+tricks?)?(?::\s*(made|made, \+\d|down \d{1,2}))?$`)
	dealsRe    = regexp.MustCompile(`^(\S+) deals\.?$`)
	// dateRe is a date as show prints a record's: PBN's (2012.08.21,
	// 2012.08 where the day is "??"), or the ISO form some programs
	// write instead, with the time (BBO's "2013-08-10 19:19")
	dateRe = regexp.MustCompile(`^\d{4}(?:(\.(\d\d|\?\?)){0,2}|-\d\d-\d\d(?: \d\d:\d\d(?::\d\d)?)?)$`)
)

// freeValue reports whether a heading line without a colon says what its
// key needs ("Board 7", "Dealer South"), not a sentence that starts with
// the word.
func freeValue(key, v string) bool {
	switch key {
	case "Board", "Deal":
		return numberRe.MatchString(strings.TrimSuffix(v, "."))
	case "Dealer":
		return !strings.Contains(v, " ")
	case "Vulnerable":
		_, ok := model.ParseVul(v)
		return ok || len(v) <= 5
	case "Contract":
		return contractRe.MatchString(v)
	case "Result":
		return resultRe.MatchString(v)
	case "Lead":
		return utf8.RuneCountInString(v) <= 4
	}
	return false
}

// headingBlock reports whether a text block is a heading: every line a
// key and its value.
func headingBlock(b *block) bool {
	for _, l := range b.lines {
		if _, _, ok := keyValue(l.text, false); !ok {
			return false
		}
	}
	return true
}

// openingKeys are the keys that open a deal's heading; the others
// (contract, result, lead, declarer, acceptor) may follow its
// diagram.
var openingKeys = map[string]bool{"Board": true, "Deal": true, "Event": true, "Site": true, "Date": true,
	"Source": true, "Dealer": true, "Vulnerable": true, "Room": true, "Scoring": true}

// opensDeal reports whether a heading block names a key that opens a
// deal's heading; a block of keys that do not (Contract, Result) after a
// diagram belongs to that diagram's deal.
func opensDeal(b *block) bool {
	for _, l := range b.lines {
		if k, _, _ := keyValue(l.text, false); openingKeys[k] {
			return true
		}
	}
	return false
}

// showHeading splits the heading line handrec show prints (event, site
// and date joined by ", ") into the event and a date at its end.
func showHeading(s string) (event, date string) {
	s = strings.TrimSpace(s)
	if i := strings.LastIndex(s, ", "); i >= 0 && dateRe.MatchString(s[i+2:]) {
		return s[:i], s[i+2:]
	}
	if dateRe.MatchString(s) {
		return "", s
	}
	return s, ""
}

// seatResolver reads a seat as a deal names it: a compass name or letter,
// or a player's name or letter as the diagram labels its hands.
type seatResolver struct {
	names map[string]model.Seat
}

func (sr *seatResolver) add(name string, s model.Seat) {
	if sr.names == nil {
		sr.names = map[string]model.Seat{}
	}
	k := strings.ToLower(strings.TrimSpace(name))
	if k != "" {
		sr.names[k] = s
	}
}

func (sr *seatResolver) seat(v string) (model.Seat, bool) {
	v = strings.TrimSpace(v)
	if s, ok := sr.names[strings.ToLower(v)]; ok {
		return s, true
	}
	if s, ok := seatWord(v); ok {
		return s, true
	}
	return sr.bookLetter(v)
}

// bookLetter seats a book's letter the diagram does not name (the hand of
// Z left out, the rest of the pack) by the books' seating, where the
// letters it names sit as that seating has them.
func (sr *seatResolver) bookLetter(v string) (model.Seat, bool) {
	if len(v) != 1 || v[0] < 'A' || v[0] > 'Z' {
		return model.NoSeat, false
	}
	letters := []string{v}
	for k := range sr.names {
		if len(k) == 1 {
			letters = append(letters, strings.ToUpper(k))
		}
	}
	seating, _ := bookSeating(letters)
	s, ok := seating[v]
	if !ok {
		return model.NoSeat, false
	}
	for k, at := range sr.names {
		if len(k) == 1 && seating[strings.ToUpper(k)] != at {
			return model.NoSeat, false
		}
	}
	return s, true
}

// side reads a vulnerability's side: "N-S", or the books' "A-B" by the
// seats of their letters.
func (sr *seatResolver) vul(v string) (model.Vul, bool) {
	if x, ok := model.ParseVul(v); ok {
		return x, true
	}
	parts := strings.FieldsFunc(v, func(r rune) bool { return r == '-' || r == '/' || r == ' ' })
	if len(parts) == 2 {
		a, ok1 := sr.seat(parts[0])
		b, ok2 := sr.seat(parts[1])
		if ok1 && ok2 && a.Partner() == b {
			if a.Side() == model.NS {
				return model.VulNS, true
			}
			return model.VulEW, true
		}
	}
	return model.NoVul, false
}

// strainOf reads a strain: a suit sign, letter or word, or NT.
func strainOf(s string) (model.Strain, bool) {
	if r, n := utf8.DecodeRuneInString(s); n == len(s) {
		if su, ok := suitSymbols[r]; ok {
			return model.Strain(su), true
		}
	}
	if st, n, ok := model.ParseStrain(s); ok && n == len(s) {
		return st, true
	}
	l := strings.ToLower(s)
	if strings.HasPrefix(l, "no trump") {
		return model.NoTrump, true
	}
	su, ok := suitWords[l]
	return model.Strain(su), ok
}

// applyKey states one key of a heading or a diagram's corner in r.
func (bd *dgBuilder) applyKey(key, v string, p model.Pos) {
	r := bd.r
	switch key {
	case "Board":
		n, err := strconv.Atoi(strings.TrimSuffix(v, "."))
		if err != nil || n <= 0 {
			r.Errorf(p, "board %q: expected a number", v)
			return
		}
		r.Board = n
		r.Facts[model.FactBoard].Pos = p
	case "Deal":
		if !numberRe.MatchString(strings.TrimSuffix(v, ".")) {
			r.Errorf(p, "deal %q: expected a number", v)
		}
	case "Dealer":
		if s, ok := bd.seats.seat(strings.TrimSuffix(v, ".")); ok {
			bd.setDealer(s, p)
			return
		}
		r.Errorf(p, "dealer %q: expected a seat (North, East, South, West, N E S W, or a player the diagram names)", v)
	case "Vulnerable":
		if x, ok := bd.seats.vul(v); ok {
			r.Vul = x
			r.Facts[model.FactVul].Pos = p
			return
		}
		r.Errorf(p, "vulnerability %q: expected None, N-S, E-W or All (or the books' sides, A-B)", v)
	case "Contract":
		bd.contract(v, p)
	case "PassedOut":
		r.Contract = model.Contract{Kind: model.PassedOut}
		r.Facts[model.FactContract].Pos = p
	case "Result":
		bd.result(v, p)
	case "Declarer":
		if s, ok := bd.seats.seat(v); ok {
			r.Declarer = s
			r.Facts[model.FactDeclarer].Pos = p
			return
		}
		r.Errorf(p, "declarer %q: expected a seat", v)
	case "Acceptor":
		if s, ok := bd.seats.seat(v); ok {
			r.Tags = append(r.Tags, model.Tag{Name: "Acceptor", Value: s.String(), Pos: p, ValuePos: p})
			return
		}
		r.Errorf(p, "acceptor %q: expected a seat", v)
	case "Lead":
		c, ok := cardWords(v)
		if !ok {
			r.Errorf(p, "lead %q: expected a card (♥K, HK)", v)
			return
		}
		bd.leadSaid = &stated{phrase{kind: phLead, card: c, key: true, words: v}, p}
	case "Scoring", "Event", "Site", "Date":
		f, _ := model.FactNamed(key)
		r.ReadFact(f, v)
		r.Facts[f].Pos = p
	case "Room":
		r.ReadFact(model.FactRoom, strings.TrimSuffix(strings.TrimSpace(v), " room"))
		r.Facts[model.FactRoom].Pos = p
	case "Source":
		r.Tags = append(r.Tags, model.Tag{Name: "Source", Value: v, Pos: p, ValuePos: p})
	}
}

// contract reads "4♠X by South", "♦ by West" (a strain alone, as bridge
// names trumps), "3NT".
func (bd *dgBuilder) contract(v string, p model.Pos) {
	r := bd.r
	m := contractRe.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		r.Errorf(p, "contract %q: expected a level and a strain (4♠, 3NT, 2H), X or XX when doubled, and \"by\" the declarer", v)
		return
	}
	st, _ := strainOf(m[2])
	c := model.Contract{Kind: model.StrainOnly, Strain: st, Doubled: int8(len(m[3]))}
	if m[1] != "" {
		c.Kind, c.Level = model.Bid, int8(m[1][0]-'0')
	}
	r.Contract = c
	r.Facts[model.FactContract].Pos = p
	if m[4] != "" {
		bd.applyKey("Declarer", m[4], p)
	}
}

// result reads "10 tricks: made", "9 tricks", "10".
func (bd *dgBuilder) result(v string, p model.Pos) {
	r := bd.r
	m := resultRe.FindStringSubmatch(strings.TrimSpace(v))
	if m == nil {
		r.Errorf(p, "result %q: expected the declarer's tricks (\"10 tricks\", \"10\")", v)
		return
	}
	n, _ := strconv.Atoi(m[1])
	if n > 13 {
		r.Errorf(p, "result %q: more than 13 tricks", v)
		return
	}
	r.Result = model.Result{Tricks: int8(n), Defenders: -1}
	r.Facts[model.FactResult].Pos = p
}
