package export_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"handrec/export"
	"handrec/internal/golden"
	"handrec/layout"
	"handrec/model"
	"handrec/parser"
)

// pbnCases are small inputs whose PBN the writer must get exactly right:
// testdata/pbn/cases/<name>.pbn holds the bytes (go test ./export -update
// rewrites them). Each output re-reads without a new error to a model
// equal to the source's where PBN carries it (claims included), and
// exporting it again gives the same bytes.
var pbnCases = []struct {
	name, file, src string
	drops           []string // the writer's Dropped().List()
}{
	// North wins trick 1 and leads trick 2; East and South follow; West
	// has not played: PBN's columns (E S W N) take a "-" between cards
	{"claim_mid_trick", "c.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|p|mb|p|mb|p|" +
			"pc|s6|pc|s2|pc|sJ|pc|sA|pc|hT|pc|h6|pc|h2|mc|9|pg||\n", nil},
	{"claim_trick_end", "c.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|p|mb|p|mb|p|" +
			"pc|s6|pc|s2|pc|sJ|pc|sA|mc|12|pg||\n", nil},
	// a PBN play cut short with its Result: read as the claim, the last
	// trick filled with "-"
	{"star_result_is_claim", "c.pbn",
		"[Dealer \"N\"]\n[Deal \"N:AKQT.AKQT.AKQ.AK 6789.6789.5678.45 2345.2345.234.23 J.J.JT9.QJT98765\"]\n" +
			"[Declarer \"N\"]\n[Contract \"1NT\"]\n[Result \"9\"]\n[Play \"E\"]\nS6 S2 SJ SA\n- - - HT\n*\n", nil},
	// rs gives 7 tricks, mc 9: the Result keeps 7, a Claim tag the claim
	{"claim_against_result", "m.lin",
		"vg|M,S,I,1,1,A,0,B,0|\nrs|1NN=,|\npn|S,W,N,E,S2,W2,N2,E2|pg||\nqx|o1|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|p|mb|p|mb|p|" +
			"pc|s6|pc|s2|pc|sJ|pc|sA|mc|9|pg||\n", nil},
	// a comment holding "}" is a ";" comment; one holding "}" across lines
	// is split a line each (and said so); a ";" comment ends its line
	{"comment_brace", "b.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|at|^E ^E }|mb|p|" +
			"nt|a } b|nt|line one\nline } two|nt|plain|mb|p|mb|p|pc|s6|pg||\n",
		[]string{"1× comment holding '}' and line breaks (split into ';' comments, one a line)"}},
	// a comment holding a line that opens like a tag pair is split a line
	// each (and said so): in braces, the reader would end it at that line
	{"comment_tag_line", "t.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|" +
			"nt|see\n[Event \"x\"] above|mb|p|mb|p|mb|p|pg||\n",
		[]string{"1× comment holding a line that opens like a tag pair, '[Name \"' (split into ';' comments, one a line)"}},
	// a backslash in a value is written as two (PBN 2.1, 3.7), but for
	// PBN's own notations written with one: a suit (\S) and a column's
	// width (\2R); a quote as \"
	{"backslash", "e.pbn",
		"[Event \"a \\\\ b\"]\n[Site \"c:\\\\x\\\\\"]\n[Annotator \"q\\\" \\S 2\\3\"]\n[Board \"1\"]\n" +
			"[Deal \"N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765\"]\n", nil},
	// kibitzers' chat: several comments after one call and one card, as
	// vugraph LIN has them, stay within PBN's 255 bytes a line,
	// broken inside the comments at their spaces
	{"chat", "k.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|" +
			strings.Repeat("nt|"+words("k", 12)+"|nt|lol|", 6) + "mb|p|mb|p|mb|p|pc|s6|" +
			strings.Repeat("nt|"+words("z", 30)+"|", 4) + "pc|s2|pg||\n",
		nil}, // its pauses are LIN's layout, which the PBN writer does not read
	// chat after a trick's first card fills its line: the cards after it
	// go on the next line, and the next trick starts a line of its own
	// (PBN 3.6), where it went on after the cards of the trick before
	{"round_starts_line_play", "k.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|p|mb|p|mb|p|pg||" +
			"pc|s6|nt|kit: " + words("a", 23) + "|nt|bitex: " + words("b", 23) + "|pc|s2|pc|sJ|pc|sA|pg||pc|hT|pc|h6|pc|h2|pc|hJ|pg||\n", nil},
	// a ";" comment ends its line in the middle of a round: the round goes
	// on on the next line, and the next round starts one of its own (PBN
	// 3.5)
	{"round_starts_line_auction", "s.pbn",
		"[Dealer \"N\"]\n[Auction \"N\"]\n1S ;the end of a line\nPass 2S Pass 3S\nPass Pass Pass\n", nil},
	// chat in UTF-8: 255 bytes a line with the CRLF, not 255 characters
	// (the two comments are 248 characters on one line, 430 bytes)
	{"chat_utf8_bytes", "g.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|p|" +
			"nt|" + strings.TrimSpace(strings.Repeat("αβγ ", 30)) + "|nt|" + strings.TrimSpace(strings.Repeat("δεζ ", 30)) + "|mb|p|mb|p|mb|p|pg||\n", nil},
	// a board passed out in LIN: no declarer, no tricks, written "" as
	// PBN 3.4.13 and 3.4.15 ask (no rs or claim says more)
	{"passed_out_lin", "p.lin",
		"pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|p|mb|p|mb|p|mb|p|pg||\n", nil},
	// a LIN board that gives no dealer (md||, board 9): the dealer is the
	// seat that called first, the board number's, which the Auction tag
	// names (export format starts the auction with the dealer); that the
	// LIN gave none is LIN's layout, which convert lists as dropped
	// (TestLINNoDealer)
	{"dealer_from_auction_lin", "d.lin",
		"pn|S,W,N,E|st||md||rh||ah|Board 9|mb|1S|mb|p|mb|p|mb|p|pg||\n", nil},
	// a comment too long for its line is wrapped at spaces to 79
	// characters, each wrapped line ending with its space, and reads back
	// unchanged; a tag value cannot be broken: kept whole and reported
	{"long_lines", "l.pbn",
		"[Event \"word00 word01 word02 word03 word04 word05 word06 word07 word08 word09 word10 word11 word12 word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 word23 word24 word25 word26 word27 word28 word29 word30 word31 word32 word33 word34 word35 word36 word37 word38 word39 word40 word41 word42 word43 word44\"]\n[Dealer \"N\"]\n[Auction \"N\"]\nPass {word00 word01 word02 word03 word04 word05 word06 word07 word08 word09 word10 word11 word12 word13 word14 word15 word16 word17 word18 word19 word20 word21 word22 word23 word24 word25 word26 word27 word28 word29 word30 word31 word32 word33 word34 word35 word36 word37 word38 word39 word40 word41 word42 word43 word44} Pass {short} Pass Pass\n", []string{"1× tag Event longer than a PBN line (kept whole: a tag value cannot be broken)"}},
	// a comment whose first word has no room on its line goes on after the
	// last word of the brace comment before it, wrapped there, rather than
	// open a line with "{": a line-based reader (the npm pbn tokenizer)
	// takes such a line for a comment that ends the auction, or opens one
	// that runs to a line starting with "}" and swallows the games after
	{"comment_rewrap", "r.pbn",
		"[Dealer \"N\"]\n[Auction \"N\"]\n1NT {" + words("a", 23) + "} {" + words("b", 23) + "} {cccccccccccccccccccc dd} Pass Pass Pass\n", nil},
	// a line break of the text's own after a space ("a \nb") is written
	// with an empty line after it, read back as the text's break (the
	// first break is a wrap): once lost and reported as dropped
	{"comment_break_after_space", "b.pbn", "[Board \"1\"]\n{a \n\nb  \n\n\nc \n}\n", nil},
	// two spaces before a word too long to wrap: the wrap is after the
	// second, never a line of one space (a semi-empty line ends a game)
	{"comment_wrap_two_spaces", "w.pbn",
		"[Dealer \"N\"]\n[Auction \"N\"]\n1NT {" + words("a", 40) + "} {x:  http://example.org/" + strings.Repeat("p", 100) + "} Pass Pass Pass\n", nil},
	// LIN's suit escapes (!S, read as ♠) in an explanation and a comment
	// are written as PBN's (\S, PBN 3.8), within Latin-1: the file keeps
	// the standard's encoding ("José" in Latin-1), and PBN reads them back
	// as the symbols
	{"suit_escapes_lin", "s.lin",
		"pn|José,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1S!|an|5+ !S|mb|p|nt|lead !H, not !d or !C|pg||mb|p|mb|p|pg||\n", nil},
	// suit symbols in a PBN source become the escapes too, then stay
	{"suit_escapes_pbn", "s.pbn", "[Dealer \"N\"]\n[Auction \"N\"]\n1S =1= {5+ ♠, \\H} Pass Pass Pass\n[Note \"1:♠ ♥ ♦ ♣\"]\n", nil},
	// one encoding a file: Latin-1 when it can, else UTF-8 throughout
	// (the game before the suit symbol too)
	{"encoding_latin1", "e.pbn", "[Event \"Café\"]\n[Dealer \"N\"]\n\n[Event \"Ørsted\"]\n[Dealer \"E\"]\n", nil},
	{"encoding_utf8", "e.pbn", "[Event \"Café\"]\n[Dealer \"N\"]\n\n[Event \"x\"]\n[Dealer \"E\"]\n{Łódź}\n", nil},
	// a match header with no boards: its commands are the file's header
	// comments, written as such so that PBN -> PBN is stable
	{"empty_match", "m.lin", "vg|Match,Segment 1,I,1,12,A,0,B,0|\nrs|,,|\npn|S,W,N,E,S2,W2,N2,E2|pg||\n", nil},
	// text a reader decoded as Latin-1 though it was UTF-8 ("Ã¸"): Latin-1
	// would write the UTF-8 bytes back, which read as "ø"; UTF-8 keeps it
	{"encoding_mojibake", "e.pbn", "[Event \"TromsÃ¸\"]\n[Dealer \"N\"]\n", nil},
	// a call PBN does not define is written as read, and said so
	{"unknown_call", "u.lin", "pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|AC|mb|p|mb|p|mb|p|pg||\n",
		[]string{"1× call \"AC\" that PBN does not define (written as read)"}},
	// a call that is no call token (LIN's "p<mb", an empty mb||, "}") is
	// written as a string, which reads back as the same unknown call
	{"unknown_call_string", "u.lin", "pn|S,W,N,E|st||md|3S2345H2345D234C23,SJHJD9TJC56789TJQ,SAKQTHAKQTDAKQCAK,|sv|o|mb|1N|mb|p<mb|mb||mb|}|mb|\"AP\\|mb|p|\n",
		[]string{"1× call \"\" that PBN does not define (written as a string)", "1× call \"\\\"AP\\\\\" that PBN does not define (written as a string)",
			"1× call \"p<mb\" that PBN does not define (written as a string)", "1× call \"}\" that PBN does not define (written as a string)"}},
	// a first block of "##" tags only is the file's header, no game: its
	// values pass to each game, and it is written back as a header block
	{"header_block", "h.pbn", "% PBN 2.1\n[Event \"##Club night\"]\n[Site \"##Oslo\"]\n[Date \"##2024.01.02\"]\n\n" +
		"[Board \"1\"]\n[Dealer \"N\"]\n\n[Board \"2\"]\n[Dealer \"E\"]\n[Site \"Bergen\"]\n", nil},
	// a table's elements are padded to their columns' minimum widths
	// (PBN 5.2): before them when aligned right, else after them, never at
	// the end of a line; a string counts its quotes, a name its letters
	{"table_widths", "t.pbn", "[Board \"1\"]\n[ScoreTable \"Rank\\2R;Contract\\4L;Names_NS\\8;Score_NS\\5R;Result\\3\"]\n" +
		"1 4H \"Dahl\" 420 10\n12 \"3NTX\" \"Håland\" -1100 7\n", nil},
}

func TestPBNCases(t *testing.T) {
	t.Parallel()
	for _, c := range pbnCases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := parser.ReadAll(c.file, strings.NewReader(c.src))
			if err != nil {
				t.Fatal(err)
			}
			src, _ := parser.ReadAll(c.file, strings.NewReader(c.src)) // to see that the writer leaves doc as read
			var out bytes.Buffer
			pw := export.NewPBNWriter(&out, export.PBNOptions{})
			if err := export.WriteDocument(pw, doc); err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join("testdata", "pbn", "cases", c.name+".pbn"), out.Bytes())
			for i, r := range doc.Records {
				if a, b := jsonOf(t, src.Records[i]), jsonOf(t, r); a != b {
					t.Errorf("game %d: the writer changed the record it was given:\n%s\nwas\n%s", i+1, b, a)
				}
			}
			if got := pw.Dropped().List(); strings.Join(got, "\n") != strings.Join(c.drops, "\n") {
				t.Errorf("dropped %q, want %q", got, c.drops)
			}
			if c.name == "header_block" && (len(doc.Records) != 2 || layout.HeaderOf(doc.Header) == nil || len(layout.HeaderOf(doc.Header).Tags) != 3) {
				t.Errorf("%d games and header layout %+v, want 2 games and 3 header tags", len(doc.Records), layout.HeaderOf(doc.Header))
			}
			back, err := parser.ReadAll(c.name+".pbn", bytes.NewReader(out.Bytes()))
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Records) != len(src.Records) {
				t.Fatalf("%d records back, want %d", len(back.Records), len(src.Records))
			}
			for i, r := range back.Records {
				s := src.Records[i]
				if s.Play != nil && r.Play != nil && s.Play.Claim != r.Play.Claim {
					if !(s.Play.Claim >= 0 && len(c.drops) > 0) {
						t.Errorf("game %d: claim %d back, want %d", i+1, r.Play.Claim, s.Play.Claim)
					}
				}
				readied := doc.Records[i].Clone()
				export.PrepareForPBN(readied)
				got, want := commentTexts(r), commentTexts(readied)
				if strings.Contains(strings.Join(c.drops, ""), "split into") {
					want = strings.ReplaceAll(want, "\n", "|") // one comment a line
				}
				if got != want {
					t.Errorf("game %d: comments %q back, want %q", i+1, got, want)
				}
				if got, want := callTexts(r), callTexts(s); got != want {
					t.Errorf("game %d: calls %s back, want %s", i+1, got, want)
				}
				if len(r.Problems) > len(s.Problems) {
					t.Errorf("game %d: new problems %v", i+1, r.Problems)
				}
			}
			var again bytes.Buffer
			if err := export.WritePBN(&again, back, export.PBNOptions{}); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(again.Bytes(), out.Bytes()) {
				t.Errorf("exporting the export changes it:\n%s\n---\n%s", out.Bytes(), again.Bytes())
			}
		})
	}
}

// words is n words of four characters: prefix and a number.
func words(prefix string, n int) string {
	w := make([]string, n)
	for i := range w {
		w[i] = fmt.Sprintf("%s%03d", prefix, i)
	}
	return strings.Join(w, " ")
}

// callTexts lists a record's calls, an unknown one's text quoted.
func callTexts(r *model.Record) string {
	var out []string
	if a := r.Auction; a != nil {
		for _, c := range a.Calls {
			out = append(out, fmt.Sprintf("%d %q", c.Kind, c.String()))
		}
	}
	return strings.Join(out, " ")
}

// commentTexts joins the texts of a record's comments on calls and cards.
func commentTexts(r *model.Record) string {
	var out []string
	if a := r.Auction; a != nil {
		for _, c := range a.Calls {
			for _, k := range c.Comments {
				out = append(out, k.Text)
			}
		}
	}
	if p := r.Play; p != nil {
		for _, t := range p.Tricks {
			for _, pc := range t {
				for _, k := range pc.Comments {
					out = append(out, k.Text)
				}
			}
		}
	}
	return strings.Join(out, "|")
}

// jsonOf is r's JSON, layout included.
func jsonOf(t *testing.T, r *model.Record) string {
	t.Helper()
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The PBN writer readies for PBN only the records it must (needsReadying):
// writing a record gives the bytes of writing it readied by hand, on every
// sample and, when present, every corpus file. A record PrepareForPBN
// would change that the writer took as ready would differ here.
func TestPBNReadiesWhatItMust(t *testing.T) {
	t.Parallel()
	files, _ := filepath.Glob("../samples/*")
	check := func(t *testing.T, files []string) {
		for _, f := range files {
			doc := readFileDoc(t, f)
			readied := &model.Document{Header: doc.Header, Trailer: doc.Trailer}
			for _, r := range doc.Records {
				c := r.Clone()
				export.PrepareForPBN(c)
				readied.Records = append(readied.Records, c)
			}
			if a, b := writeDoc(t, "pbn", doc), writeDoc(t, "pbn", readied); !bytes.Equal(a, b) {
				t.Errorf("%s: PBN of the records differs from PBN of them readied by hand", f)
			}
		}
	}
	check(t, files)
	t.Run("corpus", func(t *testing.T) { check(t, corpusFiles(t)) })
}

// A stray "%" the reader found within a line of a section is written with
// a space before it where it would start a line (a one-column table's
// cell, a token after a wrap): at the start of a line "%" opens an escape
// line, and the cell read back as a directive, its error gone with it.
func TestPBNPercentNotAtLineStart(t *testing.T) {
	t.Parallel()
	src := "[Board \"1\"]\n[FooTable \"A\"]\na %\n[Foo \"x\"]\n" + strings.Repeat("b ", 40) + "%\n"
	doc, err := parser.ReadAll("p.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := export.WritePBN(&out, doc, export.PBNOptions{}); err != nil {
		t.Fatal(err)
	}
	want := "[FooTable \"A\"]\r\na\r\n %\r\n[Foo \"x\"]\r\n" + strings.TrimSuffix(strings.Repeat("b ", 40), " ") + "\r\n %\r\n\r\n"
	if !strings.HasSuffix(out.String(), want) {
		t.Fatalf("wrote\n%s\nwant it to end\n%s", out.String(), want)
	}
	back, err := parser.ReadAll("p2.pbn", bytes.NewReader(out.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range []*model.Document{doc, back} {
		r := d.Records[0]
		got := fmt.Sprint(r.Sections[0].Rows, r.Sections[1].Tokens[40:], len(r.Problems), layout.Directives(r))
		if want := "[[a] [%]] [%] 2 []"; got != want {
			t.Errorf("read %d: rows, tokens, problems, directives %s, want %s", i+1, got, want)
		}
	}
}
