package export_test

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"handrec/export"
	"handrec/model"
)

// A strict reader of PBN's auction and play sections, written for the
// tests and apart from handrec's reader: it follows PBN 2.1 3.5 and 3.6 to
// the letter, as a reader that takes the sections a line at a time does
// (bridgebots takes each line of the play for a trick; endplay stops when a
// trick does not start its line). Each round, four calls from the first
// caller's or a trick's four cards from its leader's, starts a line, left
// justified: "The call of the dealer always starts left justified at a new
// line", "The card of the opening leader always starts left justified at a
// new line". A round may go on over more lines ("only due to much
// annotation, a line may contain less than 4 calls"), but no line holds
// units of two rounds. Every line ends in CRLF and holds at most 255 bytes
// with it (2.3).

// strictSection is an Auction or Play section as the strict reader reads
// it: the first seat and the rounds, each unit as written (an irregularity
// mark with the call or card it marks: "^I 1C").
type strictSection struct {
	name, seat string
	rounds     [][]string
}

// units is the section's units in order.
func (s *strictSection) units() []string {
	var out []string
	for _, r := range s.rounds {
		out = append(out, r...)
	}
	return out
}

// strictGame is the sections of one game; header is true for a block of
// "##" tags only (PBN 4.8), the file's header and no game.
type strictGame struct {
	auction, play *strictSection
	header        bool
}

// strictPBN holds what readStrict found: the games and the faults, each
// "line N: what".
type strictPBN struct {
	games  []strictGame
	faults []string
	long   []int // the lines over 255 bytes, their end included
}

// readStrict reads the auction and play sections of the games of a PBN
// export.
func readStrict(b []byte) *strictPBN {
	st := &strictPBN{}
	if len(b) > 0 && !bytes.HasSuffix(b, []byte("\r\n")) {
		st.faults = append(st.faults, "the file does not end with CRLF")
	}
	lines := strings.SplitAfter(string(b), "\n")
	var sec *strictSection
	game := strictGame{}
	inGame := false
	inBrace := false
	k := 0 // units of the current round
	end := func() {
		if inGame && !game.header {
			st.games = append(st.games, game)
		}
		game, inGame, sec = strictGame{}, false, nil
	}
	for i, raw := range lines {
		n := i + 1
		if raw == "" {
			continue
		}
		if len(raw) > 255 {
			st.long = append(st.long, n)
		}
		l, ok := strings.CutSuffix(raw, "\r\n")
		if !ok {
			st.faults = append(st.faults, fmt.Sprintf("line %d: does not end with CRLF", n))
			l = strings.TrimSuffix(raw, "\n")
		}
		if inBrace {
			j := strings.IndexByte(l, '}')
			if j < 0 {
				continue
			}
			inBrace = false
			if sec != nil {
				k = st.units(sec, n, l, j+1, k, &inBrace)
			}
			continue
		}
		switch {
		case strings.TrimSpace(l) == "":
			end()
			continue
		case l[0] == '%':
			continue
		case l[0] == '[':
			name, value, ok := strictTag(l)
			if !ok {
				st.faults = append(st.faults, fmt.Sprintf("line %d: not a tag pair: %.40q", n, l))
				continue
			}
			all := strings.HasPrefix(value, "##")
			game.header = all && (!inGame || game.header)
			inGame = true
			sec = nil
			if name == "Auction" || name == "Play" {
				sec = &strictSection{name: name, seat: value}
				if name == "Auction" {
					game.auction = sec
				} else {
					game.play = sec
				}
				k = 0
			}
			continue
		}
		if sec == nil {
			// a comment between tags: it may open a brace comment that
			// spans lines
			if j := strings.LastIndexByte(l, '{'); j >= 0 && strings.IndexByte(l[j:], '}') < 0 && !strings.HasPrefix(l, ";") {
				inBrace = true
			}
			continue
		}
		k = st.units(sec, n, l, 0, k, &inBrace)
	}
	end()
	return st
}

// strictTag reads a tag pair of export format: [Name "value"].
func strictTag(l string) (name, value string, ok bool) {
	sp := strings.IndexByte(l, ' ')
	if sp < 0 || !strings.HasSuffix(l, "\"]") || len(l) < sp+4 || l[sp+1] != '"' {
		return "", "", false
	}
	return l[1:sp], l[sp+2 : len(l)-2], true
}

// units reads the units of line n, l, from byte from (after a brace comment
// that began on a line before) into sec, k units of the current round
// written before; it returns the units of the round after.
func (st *strictPBN) units(sec *strictSection, n int, l string, from int, k int, inBrace *bool) int {
	first := from == 0 // nothing on this line before the next unit
	mark := ""         // irregularity marks read before the next unit
	for i := from; i < len(l); {
		c := l[i]
		switch {
		case c == ' ':
			i++
			continue
		case c == '{':
			j := strings.IndexByte(l[i:], '}')
			if j < 0 {
				*inBrace = true
				return k
			}
			i += j + 1
			first = false
			continue
		case c == ';':
			return k
		}
		j := i
		if c == '"' {
			// a string: an unknown call kept as written
			for j++; j < len(l) && l[j] != '"'; j++ {
				if l[j] == '\\' {
					j++
				}
			}
			j++
		} else {
			for j < len(l) && l[j] != ' ' && l[j] != '{' && l[j] != ';' {
				j++
			}
		}
		tok := l[i:min(j, len(l))]
		i = j
		switch {
		case tok == "^I" || tok == "^R" || tok == "^L":
			mark += tok + " "
			continue
		case tok[0] == '=' || tok[0] == '$' || tok[0] == '!' || tok[0] == '?' || tok == "*":
			first = false
			continue
		}
		if k == 4 {
			k = 0
		}
		if k == 0 {
			if !first {
				st.faults = append(st.faults, fmt.Sprintf("line %d: %s round %d does not start its line: %.60q", n, sec.name, len(sec.rounds)+1, l))
			}
			sec.rounds = append(sec.rounds, nil)
		}
		r := &sec.rounds[len(sec.rounds)-1]
		*r = append(*r, mark+tok)
		mark = ""
		k++
		first = false
	}
	return k
}

// strictAgrees reports how the strict reading of a game's sections differs
// from handrec's reading of the same text, r: the calls in their order, and
// the cards of each trick from its leader's; "" when they agree. A call PBN
// does not define is compared as written.
func strictAgrees(g strictGame, r *model.Record) string {
	var calls []string
	if a := r.Auction; a != nil {
		for _, c := range a.Calls {
			s := c.String()
			if c.Insufficient {
				s = "^I " + s
			}
			calls = append(calls, s)
		}
	}
	var got []string
	if g.auction != nil {
		got = g.auction.units()
	}
	if r.Auction != nil && strings.Join(calls, " ") != strings.Join(strictCalls(got, r.Auction), " ") {
		return fmt.Sprintf("auction: strict %q, handrec %q", got, calls)
	}
	p := r.Play
	if p == nil || g.play == nil {
		if (p == nil) != (g.play == nil) {
			return fmt.Sprintf("play: the strict reader reads %v, handrec %v", g.play != nil, p != nil)
		}
		return ""
	}
	first := p.First
	if !first.Valid() {
		first = model.North
	}
	for t, round := range g.play.rounds {
		if t >= len(p.Tricks) {
			return fmt.Sprintf("play: trick %d read by the strict reader only: %q", t+1, round)
		}
		for col, u := range round {
			pc := p.Tricks[t][first.Add(col)]
			want := pc.String()
			switch {
			case pc.Revoke && pc.LeadOutOfTurn:
				want = "^R ^L " + want
			case pc.Revoke:
				want = "^R " + want
			case pc.LeadOutOfTurn:
				want = "^L " + want
			}
			if u != want {
				return fmt.Sprintf("play: trick %d, card %d: strict %q, handrec %q", t+1, col+1, u, want)
			}
		}
	}
	return ""
}

// strictCalls is got with its strings (unknown calls PBN writes as strings)
// compared as the text handrec read from them.
func strictCalls(got []string, a *model.Auction) []string {
	out := make([]string, len(got))
	for i, u := range got {
		out[i] = u
		if strings.HasPrefix(u, "\"") && i < len(a.Calls) && a.Calls[i].Kind == model.Other {
			out[i] = a.Calls[i].String()
		}
	}
	return out
}

// TestPBNStrictCorpus reads the PBN written from every corpus file (PBN and
// LIN), and the PBN written from its JSON, with the strict reader: every
// auction round and every trick starts a line, every line ends in CRLF and
// holds at most 255 bytes with it but those the writer reports it kept
// whole (a tag value, a word longer than a line), and the strict reader
// reads the calls and cards handrec's reader reads from the same text.
func TestPBNStrictCorpus(t *testing.T) {
	t.Parallel()
	files := corpusFiles(t)
	var games, rounds, long, fromJSON int
	for _, f := range files {
		doc := readFileDoc(t, f)
		var buf bytes.Buffer
		pw := export.NewPBNWriter(&buf, export.PBNOptions{})
		if err := export.WriteDocument(pw, doc); err != nil {
			t.Fatal(err)
		}
		out := buf.Bytes()
		g, r, l := strictCheck(t, f+".pbn", out, pw.Dropped())
		games, rounds, long = games+g, rounds+r, long+l
		js := readDoc(t, f+".json", writeDoc(t, "json", doc))
		if viaJSON := writeDoc(t, "pbn", js); !bytes.Equal(viaJSON, out) {
			strictCheck(t, f+".json.pbn", viaJSON, nil)
			t.Errorf("%s: the PBN written from its JSON is not the PBN written from it", f)
		} else {
			fromJSON++
		}
	}
	t.Logf("%d files: %d games, %d auction rounds and tricks, each at a line start; %d lines over 255 bytes, each kept whole and reported; "+
		"the PBN written from the JSON is the same on %d files", len(files), games, rounds, long, fromJSON)
	if len(files) == 1180 && long != 7 {
		t.Errorf("%d lines over 255 bytes in the corpus's PBN, want 7 (pbnj's conformance files' tags and words of 254 and more)", long)
	}
}

// strictCheck reads out with the strict reader and reports its faults,
// the lines over 255 bytes that drops (nil: not known) does not count, and
// where the strict reader and handrec read different calls or cards. It
// returns the games, rounds and long lines read.
func strictCheck(t *testing.T, name string, out []byte, drops export.Drops) (games, rounds, long int) {
	t.Helper()
	st := readStrict(out)
	for _, f := range st.faults {
		t.Errorf("%s: %s", name, f)
	}
	if drops != nil {
		reported := 0
		for what, n := range drops {
			if strings.Contains(what, "longer than") {
				reported += n
			}
		}
		if len(st.long) != reported {
			t.Errorf("%s: lines %v over 255 bytes, %d reported in Dropped", name, st.long, reported)
		}
	}
	back := readDoc(t, name, out)
	if len(st.games) != len(back.Records) {
		t.Errorf("%s: the strict reader reads %d games, handrec %d", name, len(st.games), len(back.Records))
		return len(st.games), 0, len(st.long)
	}
	for i, g := range st.games {
		if d := strictAgrees(g, back.Records[i]); d != "" {
			t.Errorf("%s: game %d: %s", name, i+1, d)
		}
		for _, s := range []*strictSection{g.auction, g.play} {
			if s != nil {
				rounds += len(s.rounds)
			}
		}
	}
	return len(st.games), rounds, len(st.long)
}

// TestStrictReader holds the strict reader to PBN 3.5 and 3.6 on small
// texts: what it reads of each, and the faults it finds.
func TestStrictReader(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("w ", 126)
	cases := []struct {
		name, text string
		rounds     string // the rounds of each section read, a section a line
		faults     string
	}{
		{"rounds at line starts", "[Auction \"N\"]\r\n1S =1= {a} Pass\r\n2S Pass\r\nPass Pass\r\n[Note \"1:x\"]\r\n[Play \"E\"]\r\n^L S2 ^R S3 S4 S5\r\n*\r\n\r\n",
			"Auction N: [1S Pass 2S Pass] [Pass Pass]\nPlay E: [^L S2 ^R S3 S4 S5]", ""},
		{"a round over lines of annotation", "[Auction \"N\"]\r\n1S {a\r\nb} Pass ;c\r\n2S\r\nPass\r\n3S AP\r\n\r\n",
			"Auction N: [1S Pass 2S Pass] [3S AP]", ""},
		{"a trick that starts in the middle of a line (handrec's writer before)", "[Play \"E\"]\r\nS6 {kit} S2 SJ\r\nSA HT H6 H2\r\nHJ\r\n\r\n",
			"Play E: [S6 S2 SJ SA] [HT H6 H2 HJ]", "line 3: Play round 2 does not start its line: \"SA HT H6 H2\""},
		{"a round that starts after a comment", "[Auction \"E\"]\r\nPass Pass Pass Pass\r\n{a} 1S AP\r\n\r\n",
			"Auction E: [Pass Pass Pass Pass] [1S AP]", "line 3: Auction round 2 does not start its line: \"{a} 1S AP\""},
		{"a round that starts inside a comment's line", "[Auction \"E\"]\r\nPass Pass Pass Pass {a\r\nb} 1S AP\r\n\r\n",
			"Auction E: [Pass Pass Pass Pass] [1S AP]", "line 3: Auction round 2 does not start its line: \"b} 1S AP\""},
		{"lines of 255 and 256 bytes", "[Event \"" + long[:243] + "\"]\r\n[Site \"" + long[:245] + "\"]\n\r\n", "",
			"line 2: does not end with CRLF"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			st := readStrict([]byte(c.text))
			var rounds []string
			for _, g := range st.games {
				for _, s := range []*strictSection{g.auction, g.play} {
					if s != nil {
						rs := fmt.Sprint(s.rounds)
						rounds = append(rounds, fmt.Sprintf("%s %s: %s", s.name, s.seat, rs[1:len(rs)-1]))
					}
				}
			}
			if got := strings.Join(rounds, "\n"); got != c.rounds {
				t.Errorf("rounds:\n%s\nwant:\n%s", got, c.rounds)
			}
			if got := strings.Join(st.faults, "\n"); got != c.faults {
				t.Errorf("faults:\n%s\nwant:\n%s", got, c.faults)
			}
		})
	}
	st := readStrict([]byte("[Event \"" + long[:243] + "\"]\r\n[Site \"" + long[:245] + "\"]\r\n"))
	if fmt.Sprint(st.long) != "[2]" {
		t.Errorf("lines over 255 bytes %v, want [2] (a line of 254 bytes and CRLF; 253 and CRLF fits)", st.long)
	}
}

// TestPBNChatHeavyVugraph writes as PBN a vugraph match whose every call
// and card has kibitzers' chat after it, as the busiest vugraph files have
// (samples/vugraph_match.lin, chat added at random, seeded): words of
// ASCII, Latin-1, Polish, Greek, Chinese and emoji (one to four bytes a
// character), and now and then a word longer than a line (a URL). Every
// round starts its line, every line holds at most 255 bytes with its CRLF
// but those that hold a word too long for a line (kept whole, and
// reported), the strict reader reads what handrec reads, and the chat
// reads back as it was.
func TestPBNChatHeavyVugraph(t *testing.T) {
	t.Parallel()
	src, err := os.ReadFile("../samples/vugraph_match.lin")
	if err != nil {
		t.Fatal(err)
	}
	vocab := []string{"lead", "the", "a", "♠", "café", "Łódź", "żółw", "ταχύτητα", "λ", "叫牌", "打牌", "🂡", "😀😀", "x", "declarer's", "@S", "hmm..."}
	rng := rand.New(rand.NewPCG(38, 1))
	chat := func() string {
		var w []string
		for n := rng.IntN(60); len(w) < n; {
			if rng.IntN(300) == 0 {
				w = append(w, "http://example.org/"+strings.Repeat("pé", 100+rng.IntN(80)))
				continue
			}
			w = append(w, vocab[rng.IntN(len(vocab))])
		}
		return "kib" + strconv.Itoa(rng.IntN(9)) + ": " + strings.Join(w, " ")
	}
	var lin strings.Builder
	chats := 0
	f := strings.Split(string(src), "|") // code, value, code, value, ..., ""
	for i := 0; i+1 < len(f); i += 2 {
		lin.WriteString(f[i] + "|" + f[i+1] + "|")
		if code := strings.TrimSpace(f[i]); code == "mb" || code == "pc" {
			for n := 1 + rng.IntN(3); n > 0; n-- {
				lin.WriteString("nt|" + chat() + "|")
				chats++
			}
		}
	}
	lin.WriteString(f[len(f)-1])
	doc := readDoc(t, "chat.lin", []byte(lin.String()))
	var buf bytes.Buffer
	pw := export.NewPBNWriter(&buf, export.PBNOptions{})
	if err := export.WriteDocument(pw, doc); err != nil {
		t.Fatal(err)
	}
	out := buf.Bytes()
	games, rounds, long := strictCheck(t, "chat.pbn", out, pw.Dropped())
	back := readDoc(t, "chat.pbn", out)
	for i, r := range back.Records {
		readied := doc.Records[i].Clone()
		export.PrepareForPBN(readied)
		if got, want := commentTexts(r), commentTexts(readied); got != want {
			t.Errorf("game %d: comments %q back, want %q", i+1, got, want)
		}
	}
	t.Logf("%d chats over %d games, %d rounds and tricks at line starts, %d lines over 255 bytes (words too long), %d bytes of PBN",
		chats, games, rounds, long, len(out))
	if chats < 50 || games != 4 {
		t.Errorf("%d chats and %d games, want 50 or more and 4", chats, games)
	}
}
