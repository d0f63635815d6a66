package render_test

import (
	"bytes"
	"strings"
	"testing"

	"handrec/parser"
	"handrec/render"
)

// TestPDFSheetMissingGlyphs: characters DejaVu Sans has no glyph for,
// outside the BMP (an emoji, a CJK Extension B ideograph: the PDF library
// panicked on them) or within it (CJK ideographs), in a player's name,
// the title and the commentary, are drawn as U+FFFD and named once, with
// how often each was met; what the font has (é, the suits) is drawn as
// it is.
func TestPDFSheetMissingGlyphs(t *testing.T) {
	t.Parallel()
	src := "[Event \"x\"]\n[Board \"1\"]\n[West \"Ann \U0001F0A1 Smith\"]\n[Dealer \"N\"]\n" +
		"[Deal \"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932\"]\n" +
		"{漢字 commentary \U00020000 ok ♠ é \U0001F0A1}\n"
	doc, err := parser.ReadAll("glyphs.pbn", strings.NewReader(src))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	s := render.NewPDFSheet(&b, render.SheetOptions{Title: "Club \U0001F0A1 night"})
	if err := s.Add(doc.Records[0]); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	want := "'\U0001F0A1' U+1F0A1 (3 times), '字' U+5B57, '漢' U+6F22, '\U00020000' U+20000"
	if got := s.Replaced(); got != want {
		t.Errorf("Replaced() = %q, want %q", got, want)
	}
	text := pdfText(t, b.Bytes(), "-raw")
	for _, line := range []string{"Club \uFFFD night", "Ann \uFFFD Smith", "\uFFFD\uFFFD commentary \uFFFD ok ♠ é \uFFFD"} {
		if !strings.Contains(text, line) {
			t.Errorf("no %q in the PDF's text:\n%s", line, text)
		}
	}
}

// TestPDFSheetAllGlyphs: a sheet whose characters the font all has
// replaces nothing.
func TestPDFSheetAllGlyphs(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	s := render.NewPDFSheet(&b, render.SheetOptions{})
	for _, r := range sheetRecords(t) {
		if err := s.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if got := s.Replaced(); got != "" {
		t.Errorf("Replaced() = %q, want nothing", got)
	}
}
