package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ddBlock is the part of show's text from its double-dummy table on.
func ddBlocks(out string) []string {
	var blocks []string
	for _, part := range strings.Split(out, "Double-dummy tricks\n")[1:] {
		end := strings.Index(part, "\n\n")
		if end < 0 {
			end = len(part)
		}
		blocks = append(blocks, strings.TrimSuffix(part[:end], "\n"))
	}
	return blocks
}

// TestShowDD: --dd solves board 1, which has no table; board 2's own
// (wrong) DoubleDummyTricks is shown as it is, not solved again.
func TestShowDD(t *testing.T) {
	p := ddFile(t)
	code, out, errs := runCLI("show", "--dd", "--ascii", p)
	want := []string{`        NT   S   H   D   C
North    0  13   0  13   0
South    0  13   0  13   0
East     0   0  13   0  13
West     0   0  13   0  13
Par NS 1510, NS 7S=`, `        NT   S   H   D   C
North    2   2   0   2   2
South    0   0   0   0   0
East     0   0   0   0   2
West     0   0   2   0   0`}
	got := ddBlocks(out)
	if code != 0 || errs != "" || strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("exit %d, stderr %q, tables:\n%s\nwant:\n%s", code, errs, strings.Join(got, "\n--\n"), strings.Join(want, "\n--\n"))
	}
	// without --dd only the recorded table is shown; --board solves only
	// the board shown
	if _, out, _ := runCLI("show", "--ascii", p); len(ddBlocks(out)) != 1 || ddBlocks(out)[0] != want[1] {
		t.Errorf("show without --dd: %q", ddBlocks(out))
	}
	if _, out, _ := runCLI("show", "--ascii", "--dd", "--board", "1", p); strings.Join(ddBlocks(out), "") != want[0] {
		t.Errorf("show --dd --board 1: %q", ddBlocks(out))
	}
}

// TestSheetDD: the sheet of every format carries the solved table and par.
func TestSheetDD(t *testing.T) {
	p := ddFile(t)
	_, txt, _ := runCLI("sheet", "--format", "txt", "--ascii", "--dd", p)
	if !strings.Contains(txt, "Par NS 1510, NS 7S=") || strings.Count(txt, "Double-dummy tricks") != 2 {
		t.Errorf("text sheet:\n%s", txt)
	}
	if _, txt, _ := runCLI("sheet", "--format", "txt", "--ascii", p); strings.Count(txt, "Double-dummy tricks") != 1 {
		t.Errorf("text sheet without --dd:\n%s", txt)
	}
	_, html, _ := runCLI("sheet", "--format", "html", "--dd", p)
	if !strings.Contains(html, `<div class="notes">Par NS 1510, NS 7S=</div>`) || strings.Count(html, `<table class="dd">`) != 2 {
		t.Errorf("html sheet has no solved table:\n%s", html)
	}
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.pdf"), filepath.Join(dir, "without.pdf")
	if code, _, errs := runCLI("sheet", "--dd", "-o", with, p); code != 0 {
		t.Fatalf("pdf: exit %d: %s", code, errs)
	}
	runCLI("sheet", "-o", without, p)
	a, _ := os.ReadFile(with)
	b, _ := os.ReadFile(without)
	if !strings.HasPrefix(string(a), "%PDF") || len(a) <= len(b) {
		t.Errorf("pdf with --dd: %d bytes, without: %d", len(a), len(b))
	}
}

// camrose1 is board 1 of Camrose24_1.pbn (../shared/corpus/pbn/lorserker-ben/
// demo) without the table and par BridgeComposer gave it from DDS.
const camrose1 = `[Event "Camrose 2024"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7"]
`

// camrose1DD is what convert --dd adds: BridgeComposer's numbers and par,
// in the form of the corpus's tables ("Result\2R").
const camrose1DD = "[OptimumScore \"EW 140\"]\r\n[ParContract \"EW 1S+2\"]\r\n" +
	"[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]\r\n" +
	"N NT  5\r\nN  S  4\r\nN  H  5\r\nN  D  5\r\nN  C  5\r\n" +
	"S NT  5\r\nS  S  4\r\nS  H  6\r\nS  D  6\r\nS  C  5\r\n" +
	"E NT  8\r\nE  S  9\r\nE  H  7\r\nE  D  7\r\nE  C  8\r\n" +
	"W NT  8\r\nW  S  9\r\nW  H  7\r\nW  D  7\r\nW  C  8\r\n"

// TestConvertDD writes a real deal's table and par exactly as the DDS-based
// program did, and leaves a record with its own table as it was.
func TestConvertDD(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a full deal: seconds")
	}
	p := filepath.Join(t.TempDir(), "c.pbn")
	os.WriteFile(p, []byte(camrose1), 0o644)
	code, out, errs := runCLI("convert", "--to", "pbn", "--dd", p)
	want := "% PBN 2.1\r\n% EXPORT\r\n[Event \"Camrose 2024\"]\r\n[Site \"?\"]\r\n[Date \"?\"]\r\n[Board \"1\"]\r\n" +
		"[West \"?\"]\r\n[North \"?\"]\r\n[East \"?\"]\r\n[South \"?\"]\r\n[Dealer \"N\"]\r\n[Vulnerable \"None\"]\r\n" +
		"[Deal \"N:T5.982.874.AQ632 K43.73.KQ5.KJT54 AJ9.AQT6.JT62.98 Q8762.KJ54.A93.7\"]\r\n" +
		"[Scoring \"?\"]\r\n[Declarer \"?\"]\r\n[Contract \"?\"]\r\n[Result \"?\"]\r\n" + camrose1DD
	if code != 0 || errs != "" || out != want {
		t.Fatalf("exit %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
	// what convert --dd wrote, read again, is kept: nothing is solved twice
	q := filepath.Join(t.TempDir(), "d.pbn")
	os.WriteFile(q, []byte(out), 0o644)
	if _, again, _ := runCLI("convert", "--to", "pbn", "--dd", q); again != out {
		t.Errorf("converting the output again changed it:\n%s", again)
	}
}

// TestConvertDDTargets: JSON carries the table as the record's section and
// the par as its tags; LIN says what it cannot carry.
func TestConvertDDTargets(t *testing.T) {
	p := ddFile(t)
	_, js, _ := runCLI("convert", "--to", "json", "--dd", "--boards", "1", p)
	for _, s := range []string{
		`"tags":[{"name":"OptimumScore","value":"NS 1510"},{"name":"ParContract","value":"NS 7S="}]`,
		`"tables":[{"name":"OptimumResultTable","columns":["Declarer","Denomination\\2R","Result\\2R"],"rows":[["N","NT","0"],["N","S","13"],`,
	} {
		if !strings.Contains(js, s) {
			t.Errorf("json lacks %s:\n%s", s, js)
		}
	}
	code, _, errs := runCLI("convert", "--to", "lin", "--dd", p)
	want := "handrec: dropped (no place in LIN):\n  1× section OptimumResultTable\n  1× tag DoubleDummyTricks\n  1× tag OptimumScore\n  1× tag ParContract\n"
	if code != 0 || errs != want {
		t.Errorf("lin: exit %d, stderr:\n%s\nwant:\n%s", code, errs, want)
	}
}
