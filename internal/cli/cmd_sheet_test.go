package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSheet(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cases := []struct {
		args  []string
		code  int
		file  string // written, and starting with head
		head  string
		inErr string
	}{
		{[]string{"sheet", "-o", filepath.Join(dir, "a.html"), "samples/full_play.pbn"}, 0, "a.html", "<!DOCTYPE html>", ""},
		{[]string{"sheet", "--per-page", "1", "--paper", "letter", "--result", "--auction", "--play", "-o", filepath.Join(dir, "b.pdf"), "samples/"}, 0, "b.pdf", "%PDF-", ""},
		{[]string{"sheet", "--format", "txt", "-o", filepath.Join(dir, "c.out"), "samples/full_play.pbn"}, 0, "c.out", "Club pairs", ""},
		{[]string{"sheet", "--format", "doc", "samples/full_play.pbn"}, 2, "", "", `--format "doc": html, pdf or txt`},
		{[]string{"sheet", "--per-page", "0", "samples/full_play.pbn"}, 2, "", "", "--per-page 0: give 1 to 8"},
		{[]string{"sheet", "--per-page", "16", "--auction", "samples/full_play.pbn"}, 2, "", "",
			"sheet: boards a page: 16: give 1 to 8 (a page takes as many as fit, up to that)\n"},
		{[]string{"sheet", "--paper", "a5", "samples/full_play.pbn"}, 2, "", "", `paper "a5": a4 or letter`},
		{[]string{"sheet", "-o", filepath.Join(dir, "d.html")}, 2, "", "", "sheet: give at least one FILE"},
		{[]string{"sheet", "-o", filepath.Join(dir, "e.pdf"), "no/such.pbn"}, 1, "", "", "no/such.pbn"},
	}
	for _, c := range cases {
		code, out, errs := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errs)
		}
		if !strings.Contains(errs, c.inErr) {
			t.Errorf("%v: stderr %q lacks %q", c.args, errs, c.inErr)
		}
		if out != "" {
			t.Errorf("%v: wrote %d bytes to stdout with -o", c.args, len(out))
		}
		if c.file != "" {
			b, err := os.ReadFile(filepath.Join(dir, c.file))
			if err != nil {
				t.Errorf("%v: %v", c.args, err)
			} else if !bytes.HasPrefix(b, []byte(c.head)) {
				t.Errorf("%v: %s starts %q, want %q", c.args, c.file, b[:min(len(b), 20)], c.head)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "e.pdf")); !os.IsNotExist(err) {
		t.Errorf("a failed sheet left its file behind: %v", err)
	}
	code, out, _ := runCLI("sheet", "--format", "html", "samples/end_position.pbn")
	if code != 0 || !strings.Contains(out, `data-board="7"`) {
		t.Errorf("sheet to stdout: exit %d, output %.80q", code, out)
	}
}

// TestSheetFromArchive prints from the archive what --where selects.
func TestSheetFromArchive(t *testing.T) {
	t.Parallel()
	listed := false
	for _, c := range commands() {
		listed = listed || c.Name == "import"
	}
	if !listed {
		t.Skip("main.go does not list the import command yet")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "club.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn", "samples/notes_commentary.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	out := filepath.Join(dir, "s.html")
	if code, _, errs := runCLI("sheet", "--db", db, "--where", "board = 2", "-o", out); code != 0 {
		t.Fatalf("sheet: exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), `<section class="board" data-board="2">`); n != 2 {
		t.Errorf("%d boards 2 on the sheet, want 2 (one from each file)", n)
	}
	if strings.Contains(string(b), `data-board="1"`) {
		t.Error("board 1 is on the sheet, which --where left out")
	}
	code, text, errs := runCLI("show", "--db", db, "--where", "board = 1")
	if code != 0 || strings.Count(text, "Board 1 ") != 2 || strings.Contains(text, "Board 2 ") {
		t.Errorf("show from the archive: exit %d (%s)\n%s", code, errs, text)
	}
}

// TestSheetPDFMissingGlyphs: a character outside the BMP (which panicked
// in the PDF library) or one DejaVu Sans lacks is drawn as U+FFFD, and
// the sheet says so once on stderr, naming each; it exits 0.
func TestSheetPDFMissingGlyphs(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	in := filepath.Join(dir, "x.pbn")
	src := "[Event \"x\"]\n[Board \"1\"]\n[West \"Ann \U0001F0A1 Smith\"]\n[Dealer \"N\"]\n" +
		"[Deal \"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932\"]\n{\U00020000 漢}\n\n" +
		"[Event \"x\"]\n[Board \"2\"]\n[West \"Bo \U0001F0A1\"]\n[Dealer \"E\"]\n"
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("sheet", "--format", "pdf", "-o", filepath.Join(dir, "x.pdf"), in)
	want := "handrec: sheet: DejaVu Sans has no glyph for '\U0001F0A1' U+1F0A1 (2 times), '漢' U+6F22, '\U00020000' U+20000; drawn as \uFFFD (a question mark in a diamond)\n"
	if code != 0 || out != "" || errs != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want 0, nothing, %q", code, out, errs, want)
	}
}

// TestSheetTeachers: --hide and --rotate-to, and their usage errors.
func TestSheetTeachers(t *testing.T) {
	t.Parallel()
	cases := []struct {
		args       []string
		code       int
		has, lacks []string
		err        string
	}{
		{[]string{"sheet", "--format", "txt", "--result", "--rotate-to", "W", "samples/full_play.pbn"}, 0,
			[]string{"4♥XX by West", "6♠ by West"}, []string{"by North", "by East", "by South"}, ""},
		{[]string{"sheet", "--format", "txt", "--result", "--rotate-to", "n", "samples/full_play.pbn"}, 0,
			[]string{"4♥XX by North", "6♠ by North"}, []string{"by West", "by East", "by South"}, ""},
		{[]string{"sheet", "--format", "html", "--hide", "N,E", "samples/full_play.pbn"}, 0,
			[]string{`data-seat="S" data-hand=`, `data-seat="W" data-hand=`}, []string{`data-seat="N" data-hand=`, `data-seat="E" data-hand=`}, ""},
		{[]string{"sheet", "--rotate-to", "X", "samples/full_play.pbn"}, 2, nil, nil, "handrec: sheet: --rotate-to \"X\": give a seat, N, E, S or W\n"},
		{[]string{"sheet", "--hide", "N,Q", "samples/full_play.pbn"}, 2, nil, nil, "handrec: sheet: --hide \"N,Q\": give seats N, E, S, W, as --hide E,W\n"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			code, out, errs := runCLI(c.args...)
			if code != c.code {
				t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errs)
			}
			if c.err != "" && !strings.HasPrefix(errs, c.err) {
				t.Errorf("%v: stderr %q, want %q", c.args, errs, c.err)
			}
			for _, h := range c.has {
				if !strings.Contains(out, h) {
					t.Errorf("%v: no %q in\n%s", c.args, h, out)
				}
			}
			for _, l := range c.lacks {
				if strings.Contains(out, l) {
					t.Errorf("%v: %q in the output", c.args, l)
				}
			}
		})
	}
}

// TestSheetSmallThings: an -o whose extension is no sheet's format is a
// usage error unless --format says; --dd shows no progress when stderr is
// not a terminal; the recorded score is printed with the result.
func TestSheetSmallThings(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	code, _, errs := runCLI("sheet", "-o", filepath.Join(dir, "out.docx"), "samples/full_play.pbn")
	if want := "handrec: sheet: -o " + filepath.Join(dir, "out.docx") + ": .docx is not a sheet's format; name the file .html, .pdf or .txt, or give --format\n"; code != 2 || !strings.HasPrefix(errs, want) {
		t.Errorf("-o out.docx: exit %d, stderr %q, want 2 and %q", code, errs, want)
	}
	if _, err := os.Stat(filepath.Join(dir, "out.docx")); !os.IsNotExist(err) {
		t.Errorf("-o out.docx was written: %v", err)
	}
	if code, _, errs := runCLI("sheet", "--format", "txt", "-o", filepath.Join(dir, "out.docx"), "samples/full_play.pbn"); code != 0 {
		t.Errorf("--format txt -o out.docx: exit %d, %s", code, errs)
	}
	if code, _, errs := runCLI("sheet", "--dd", "--format", "txt", "samples/full_play.pbn"); code != 0 || errs != "" {
		t.Errorf("--dd: exit %d, stderr %q, want nothing on a stderr that is no terminal", code, errs)
	}
	p := filepath.Join(dir, "scored.pbn")
	os.WriteFile(p, []byte(`[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"]
[Declarer "N"]
[Contract "7N"]
[Result "13"]
[Score "NS 1520"]
[ScorePercentage "NS 62.5"]
`), 0o644)
	if _, out, _ := runCLI("sheet", "--format", "html", "--result", p); !strings.Contains(out, "<br>Score NS 1520 (NS 62.5%)</div>") {
		t.Errorf("the HTML sheet has no recorded score:\n%s", out)
	}
}

// TestSheetTitle: the HTML's <title> and every page's running head are
// the event, site and date of the records, or --title.
func TestSheetTitle(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sheet", "--format", "html", "samples/full_play.pbn"}, "<title>Club pairs, generated deals, 2024.01.01</title>"},
		{[]string{"sheet", "--format", "html", "--title", "Tuesday <duplicate>", "samples/full_play.pbn"}, "<title>Tuesday &lt;duplicate&gt;</title>"},
	} {
		_, out, _ := runCLI(c.args...)
		if !strings.Contains(out, c.want) {
			t.Errorf("%v: no %q in\n%.400s", c.args, c.want, out)
		}
		if title := strings.TrimSuffix(strings.TrimPrefix(c.want, "<title>"), "</title>"); !strings.Contains(out, `<div class="head">`+title+"</div>") {
			t.Errorf("%v: the page's head is not %q", c.args, title)
		}
	}
}

// TestSheetOptionFlags: each teacher's and historian's flag reaches the
// sheet, and an unknown code is a usage error.
func TestSheetOptionFlags(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args       []string
		code       int
		has, lacks string
	}{
		{[]string{"--auction"}, 0, `<table class="auction">`, ""},
		{[]string{"--auction", "--no-auction"}, 0, "", `<table class="auction">`},
		{[]string{"--play"}, 0, `<table class="tricks">`, ""},
		{[]string{"--play", "--no-play"}, 0, "", `<table class="tricks">`},
		{[]string{}, 0, `<p class="comment">`, ""},
		{[]string{"--no-commentary"}, 0, "", `<p class="comment">`},
		{[]string{"--answers"}, 0, `<div class="head">Answers: `, ""},
		{[]string{}, 0, "<br>Vul None", ""},
		{[]string{"--code", "bridge1904"}, 0, "", "Vul"},
		{[]string{"--rubber", "--code", "bridge1904"}, 0, `<p class="btitle">Rubber 1 (bridge1904)</p>`, ""},
		{[]string{"--rubber", "--code", "Bridge"}, 0, `<p class="btitle">Rubber 1 (bridge1895)</p>`, ""},
		{[]string{"--code", "whist"}, 2, "", ""},
	} {
		args := append(append([]string{"sheet", "--format", "html"}, c.args...), "samples/notes_commentary.pbn")
		code, out, errs := runCLI(args...)
		if code != c.code || c.has != "" && !strings.Contains(out, c.has) || c.lacks != "" && strings.Contains(out, c.lacks) {
			t.Errorf("%v: exit %d (%q); has %q: %t, lacks %q: %t", c.args, code, errs, c.has, strings.Contains(out, c.has), c.lacks, !strings.Contains(out, c.lacks))
		}
		if c.code == 2 && !strings.HasPrefix(errs, `handrec: sheet: unknown code "whist" (try contract, bridge1895, bridge1904, auction1915, pirate1916)`) {
			t.Errorf("%v: stderr %q", c.args, errs)
		}
	}
}

// TestSheetTextPageBreaks: a form feed stands between the text sheet's two pages, as
// docs/diagrams.md says, not in its escape.
func TestSheetTextPageBreaks(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("sheet", "--format", "txt", "--per-page", "1", "samples/full_play.pbn")
	if code != 0 || strings.Count(out, "\f") != 1 || strings.Contains(out, `\x0c`) {
		t.Errorf("code %d, stderr %q: %d form feeds, escaped %v", code, errs, strings.Count(out, "\f"), strings.Contains(out, `\x0c`))
	}
}
