package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kindsPBN is the first board of samples/notes_commentary.pbn with ";" and
// brace comments on more of what holds commentary: the file's header and
// trailer, the leading comments, a player's tag (which turns with its
// seat), a tag, a call, a card (which turns with its seat), a note and a
// table.
const kindsPBN = "% PBN 2.1\r\n;header semi\r\n{header brace}\r\n\r\n" +
	";leading semi\r\n{leading brace}\r\n" +
	"[Event \"Club teams\"]\r\n;event semi\r\n[Site \"Oslo\"]\r\n[Date \"2024.03.14\"]\r\n[Board \"1\"]\r\n" +
	"[West \"Wade\"]\r\n;west semi\r\n[North \"Nash\"]\r\n{north brace}\r\n[East \"Eve\"]\r\n[South \"Sam\"]\r\n;south semi\r\n" +
	"[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n" +
	"[Deal \"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932\"]\r\n" +
	"[Scoring \"IMP\"]\r\n[Declarer \"W\"]\r\n[Contract \"5D\"]\r\n[Result \"11\"]\r\n" +
	"[Auction \"N\"]\r\n;auction semi\r\nPass Pass Pass 1D ;call semi\r\n1H Pass 4H =1= 5C {call brace}\r\nPass 5D Pass Pass\r\nPass\r\n" +
	"[Note \"1:preemptive\"]\r\n;note semi\r\n" +
	"[Play \"N\"]\r\nHK H5 ;card semi\r\nH3 D4\r\nS5 S2 {card brace} S4 SA ;card semi 2\r\nDA D2 C4 DK\r\n*\r\n" +
	"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n;table semi\r\nN NT  4\r\nW  D 11\r\n" +
	"\r\n;trailer semi\r\n{trailer brace}\r\n"

// TestCommentKindsAreLayout: how PBN wrote each comment (";" or braces) is
// PBN's layout, not the record's: PBN -> PBN, PBN -> JSON -> PBN and a turn
// of the deal and back (a player's and a card's comments go with their
// seat) give the same bytes, every ";" comment written ";" again; JSON
// states them in the layouts (by the comment's number in the record's
// commentary order, the header's and the trailer's by index), and gives a
// comment no kind.
func TestCommentKindsAreLayout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	src := filepath.Join(dir, "kinds.pbn")
	if err := os.WriteFile(src, []byte(kindsPBN), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(out string, args ...string) string {
		t.Helper()
		code, _, errs := runCLI(append(append([]string{"convert"}, args...), "-o", out)...)
		if code != 0 {
			t.Fatalf("convert %q: exit %d: %s", args, code, errs)
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	pbn := filepath.Join(dir, "a.pbn")
	want := run(pbn, "--to", "pbn", src)
	for _, semi := range []string{";header semi", ";leading semi", ";event semi", ";west semi", ";south semi",
		";auction semi", ";call semi", ";note semi", ";card semi", ";card semi 2", ";table semi", ";trailer semi"} {
		if !strings.Contains(want, semi+"\r\n") {
			t.Errorf("PBN lost the ';' comment %q:\n%s", semi, want)
		}
	}
	for _, brace := range []string{"{header brace}", "{leading brace}", "{north brace}", "{call brace}", "{card brace}", "{trailer brace}"} {
		if !strings.Contains(want, brace) {
			t.Errorf("PBN lost the brace comment %q", brace)
		}
	}
	if got := run(filepath.Join(dir, "b.pbn"), "--to", "pbn", pbn); got != want {
		t.Errorf("PBN -> PBN differs:\n%s\nwant\n%s", got, want)
	}
	js := filepath.Join(dir, "a.json")
	j := run(js, "--to", "json", pbn)
	for _, s := range []string{`"semicolons":[0]`, `"layout":{"format":"PBN","data":{"semicolons":[0,2,4,5,6,7,9,10,12,13]}}`,
		`"trailer_semicolons":[0]`} {
		if !strings.Contains(j, s) {
			t.Errorf("JSON does not state %s:\n%s", s, j)
		}
	}
	if strings.Contains(j, `"kind"`) {
		t.Errorf("JSON gives a comment a kind:\n%s", j)
	}
	if got := run(filepath.Join(dir, "c.pbn"), "--to", "pbn", js); got != want {
		t.Errorf("PBN -> JSON -> PBN differs:\n%s\nwant\n%s", got, want)
	}
	turned := filepath.Join(dir, "turned.pbn")
	tp := run(turned, "--to", "pbn", "--rotate-to", "N", pbn)
	for _, c := range []string{"[North \"Wade\"]\r\n;west semi\r\n", "[East \"Nash\"]\r\n{north brace}\r\n",
		"[West \"Sam\"]\r\n;south semi\r\n", "HK H5 ;card semi\r\n", "S4 SA ;card semi 2\r\n", "{card brace}"} {
		if !strings.Contains(tp, c) {
			t.Errorf("turned PBN does not hold %q:\n%s", c, tp)
		}
	}
	if got := run(filepath.Join(dir, "d.pbn"), "--to", "pbn", "--rotate-to", "W", turned); got != want {
		t.Errorf("PBN turned and back differs:\n%s\nwant\n%s", got, want)
	}
	turnedJS := filepath.Join(dir, "turned.json")
	run(turnedJS, "--to", "json", "--rotate-to", "N", pbn)
	if got := run(filepath.Join(dir, "e.pbn"), "--to", "pbn", turnedJS); got != tp {
		t.Errorf("PBN turned to JSON, to PBN differs:\n%s\nwant\n%s", got, tp)
	}
}

// TestOldJSONKinds: JSON 2 written before the layouts held how a comment
// was written gives each comment a kind; it converts to the PBN it
// converted to then (the ";" comments ";"), and to LIN with a "text"
// comment of several lines (LIN's nt) written as read, a brace one's line
// break a space.
func TestOldJSONKinds(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	doc := `{"handrec":2,"source":{"format":"PBN","version":"2.1"},"comments":[{"text":"head","kind":"semicolon"}],"records":[` +
		`{"board":1,"dealer":"N","vul":"None","deal":"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932",` +
		`"comments":[{"at":"start","text":"one","kind":"brace"},{"at":"Deal","text":"two","kind":"semicolon"},{"at":"Board","text":"three","kind":"line"}]},` +
		`{"board":2,"comments":[{"at":"start","text":"a\nb","kind":"text"}]},` +
		`{"board":3,"comments":[{"at":"start","text":"c\nd","kind":"brace"}]}` +
		`],"trailer_comments":[{"text":"tail","kind":"semicolon"},{"text":"end","kind":"brace"}]}`
	if err := os.WriteFile(old, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("convert", "--to", "pbn", "--boards", "1", old)
	if code != 0 {
		t.Fatalf("convert: exit %d: %s", code, errs)
	}
	for _, s := range []string{"\r\n;head\r\n", "{one}\r\n[Event", "[Board \"1\"]\r\n;three\r\n", "]\r\n;two\r\n", "\r\n;tail\r\n{end}\r\n"} {
		if !strings.Contains(out, s) {
			t.Errorf("PBN of old JSON does not hold %q:\n%s", s, out)
		}
	}
	code, out, errs = runCLI("convert", "--to", "lin", "--boards", "2-3", old)
	if code != 0 {
		t.Fatalf("convert: exit %d: %s", code, errs)
	}
	if !strings.Contains(out, "nt|a\nb|") || !strings.Contains(out, "nt|c d|") {
		t.Errorf("LIN of old JSON: %q", out)
	}
}

// TestLINBreaksAreLayout: commentary of several lines read from LIN (an nt
// that holds a line break) is written back as read, which LIN's layout
// says (breaks); a PBN comment of several lines becomes one line in LIN, a
// board a line. Through JSON alike.
func TestLINBreaksAreLayout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	lin := filepath.Join(dir, "b.lin")
	src := "pn|S,W,N,E|md|1S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|ah|Board 1|sv|o|mb|p|nt|a\nb|pg||mb|p|mb|p|mb|p|pg||\n"
	if err := os.WriteFile(lin, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("convert", "--to", "lin", lin)
	if code != 0 || !strings.Contains(out, "nt|a\nb|pg||") {
		t.Errorf("LIN -> LIN: exit %d, %q, %s", code, out, errs)
	}
	js := filepath.Join(dir, "b.json")
	if code, _, errs := runCLI("convert", "--to", "json", lin, "-o", js); code != 0 {
		t.Fatalf("LIN -> JSON: exit %d, %s", code, errs)
	}
	if b, _ := os.ReadFile(js); !strings.Contains(string(b), `"layout":{"format":"LIN","data":{"breaks":true}}`) {
		t.Errorf("JSON of LIN: %s", b)
	}
	if code, got, errs := runCLI("convert", "--to", "lin", js); code != 0 || got != out {
		t.Errorf("LIN -> JSON -> LIN: exit %d, %q, want %q, %s", code, got, out, errs)
	}
	pbn := filepath.Join(dir, "b.pbn")
	if code, _, errs := runCLI("convert", "--to", "pbn", lin, "-o", pbn); code != 0 {
		t.Fatalf("LIN -> PBN: exit %d, %s", code, errs)
	}
	if code, got, errs := runCLI("convert", "--to", "lin", pbn); code != 0 || !strings.Contains(got, "nt|a b|pg||") {
		t.Errorf("LIN -> PBN -> LIN: exit %d, %q, %s", code, got, errs)
	}
}

// oldLINKindsJSON is the first board of parser's golden JSON of
// samples/vugraph_match.lin as handrec wrote it when comments had kinds:
// the pause after pn a comment of kind "lin|pg", the commentary "lin-nt",
// the room a tag.
const oldLINKindsJSON = `{"handrec":2,"source":{"format":"LIN","encoding":"ascii"},"records":[{"board":1,"event":{"name":"Sample Teams"},"dealer":"N","vul":"None",` +
	`"deal":"N:KQT2.8653.A7.K32 A.KJT.9654.AQ876 9743.74.QJ32.J95 J865.AQ92.KT8.T4","players":{"N":"North","E":"East","S":"Jones, B","W":"West"},"scoring":"IMP",` +
	`"auction":{"first":"N","calls":[{"call":"5C"},{"call":"X"},{"call":"Pass"},{"call":"Pass"},{"call":"Pass"}]},"contract":"5CX","declarer":"N","tricks":8,` +
	`"play":{"leader":"E","tricks":[["HT","H4","HA","H5"],["C6","C5","C4","C3"]],"marks":[{"trick":2,"seat":"E","comments":[{"text":"comment: a @S switch was better","kind":"lin-nt"}]}],"claim":8},` +
	`"tags":[{"name":"Stage","value":"Final 1 of 2"},{"name":"HomeTeam","value":"Oaks"},{"name":"VisitTeam","value":"Elms"},{"name":"Room","value":"Open"},` +
	`{"name":"LinFirstBoard","value":"1"},{"name":"LinLastBoard","value":"2"},{"name":"LinHomeCarry","value":"0"},{"name":"LinVisitCarry","value":"1.5"}],` +
	`"comments":[{"at":"West","text":"","kind":"lin|pg"},{"at":"Vulnerable","text":"vugrapho: welcome to the final","kind":"lin-nt"}],` +
	`"source":{"file":"../samples/vugraph_match.lin","index":1,"line":1,"col":1}}]}`

// TestOldJSONLINMarks: JSON 2 written when comments had kinds gives LIN's
// pause as a comment of kind "lin|pg"; converted to JSON it is the LIN
// layout's mark (not an empty comment), the room tag kept, and the JSON
// converts to the LIN the old JSON converts to, which is the LIN it
// converted to before the layouts held the marks.
func TestOldJSONLINMarks(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	if err := os.WriteFile(old, []byte(oldLINKindsJSON), 0o644); err != nil {
		t.Fatal(err)
	}
	const wantLIN = "pn|Jones, B,West,North,East|pg||st||md|3S9743H74DQJ32CJ95,SJ865HAQ92DKT8CT4,SKQT2H8653DA7CK32,|rh||ah|Board 1|sv|o|" +
		"nt|vugrapho: welcome to the final|pg||mb|5C|mb|d|mb|p|mb|p|mb|p|pg||pc|HT|pc|H4|pc|HA|pc|H5|pg||pc|C4|pc|C3|pc|C6|" +
		"nt|comment: a @S switch was better|pg||pc|C5|pg||mc|8|pg||\n"
	if code, got, errs := runCLI("convert", "--to", "lin", old); code != 0 || got != wantLIN {
		t.Errorf("old JSON -> LIN: exit %d\n got %q\nwant %q\n%s", code, got, wantLIN, errs)
	}
	js := filepath.Join(dir, "new.json")
	if code, _, errs := runCLI("convert", "--to", "json", old, "-o", js); code != 0 {
		t.Fatalf("old JSON -> JSON: exit %d, %s", code, errs)
	}
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`"layout":{"format":"LIN","data":{"marks":[{"at":"tag","name":"West","n":0,"kind":"pause"}]}}`,
		`"comments":[{"at":"Vulnerable","text":"vugrapho: welcome to the final"}]`, `{"name":"Room","value":"Open"}`} {
		if !strings.Contains(string(b), s) {
			t.Errorf("JSON of old JSON does not hold %s:\n%s", s, b)
		}
	}
	if code, got, errs := runCLI("convert", "--to", "lin", js); code != 0 || got != wantLIN {
		t.Errorf("old JSON -> JSON -> LIN: exit %d\n got %q\nwant %q\n%s", code, got, wantLIN, errs)
	}
}

// TestTrailerEscapesAreLayout: the escape lines after a file's last game
// are PBN's trailer layout, not the document's: PBN writes them back
// after the commentary's place, JSON states them under "trailer" and
// gives them back to PBN, LIN leaves them out and keeps the commentary,
// and convert of two files writes both files' escape lines in turn.
func TestTrailerEscapesAreLayout(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	game := "[Board \"1\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n[Deal \"N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432\"]\r\n"
	a, b := filepath.Join(dir, "a.pbn"), filepath.Join(dir, "b.pbn")
	if err := os.WriteFile(a, []byte(game+"\r\n%tail of a\r\n{after a}\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte(game+"\r\n%tail of b\r\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tail := func(s string, from string) string { return s[strings.LastIndex(s, from):] }
	if code, out, errs := runCLI("convert", "--to", "pbn", a); code != 0 || tail(out, "\r\n\r\n%") != "\r\n\r\n%tail of a\r\n{after a}\r\n\r\n" {
		t.Errorf("a to PBN: exit %d, %q, stderr %q", code, tail(out, "\r\n\r\n"), errs)
	}
	if code, out, errs := runCLI("convert", "--to", "pbn", a, b); code != 0 || tail(out, "\r\n\r\n%") != "\r\n\r\n%tail of a\r\n%tail of b\r\n{after a}\r\n\r\n" {
		t.Errorf("a and b to PBN: exit %d, %q, stderr %q", code, tail(out, "\r\n\r\n"), errs)
	}
	js := filepath.Join(dir, "a.json")
	if code, _, errs := runCLI("convert", "--to", "json", a, "-o", js); code != 0 {
		t.Fatalf("a to JSON: exit %d, %s", code, errs)
	}
	jb, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if got := tail(string(jb), "\n]"); got != "\n],\n\"trailer\":[\"tail of a\"],\"trailer_comments\":[{\"text\":\"after a\"}]}\n" {
		t.Errorf("a to JSON ends %q", got)
	}
	if code, out, errs := runCLI("convert", "--to", "pbn", js); code != 0 || tail(out, "\r\n\r\n%") != "\r\n\r\n%tail of a\r\n{after a}\r\n\r\n" {
		t.Errorf("JSON to PBN: exit %d, %q, stderr %q", code, tail(out, "\r\n\r\n"), errs)
	}
	if code, out, errs := runCLI("convert", "--to", "lin", a); code != 0 || strings.Contains(out, "tail of a") || !strings.Contains(out, "after a") {
		t.Errorf("a to LIN: exit %d, %q, stderr %q", code, out, errs)
	}
}
