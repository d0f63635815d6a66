package cli

import (
	"encoding/csv"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// bigTraveller writes a board whose traveller has n tables, pairs 1 to n
// North-South against n+1 to 2n, each a score of its own: its standings
// are two fields of n pairs, longer than a page.
func bigTraveller(t *testing.T, n int) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("[Event \"Big club\"]\n[Board \"1\"]\n[Dealer \"N\"]\n[Vulnerable \"None\"]\n[Scoring \"MP\"]\n")
	b.WriteString("[ScoreTable \"PairId_NS;PairId_EW;Names_NS;Contract;Declarer;Result;Score_NS\"]\n")
	for i := 1; i <= n; i++ {
		// 1NT by N making 7 to 13 tricks, or going down: scores spread
		tricks := 1 + i%13
		fmt.Fprintf(&b, "%d %d \"Player %d-a; Player %d-b\" 1NT N %d -\n", i, n+i, i, i, tricks)
	}
	p := filepath.Join(t.TempDir(), "big.pbn")
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// printHTML prints an HTML file with headless Chromium to PDF and gives
// its text, a line a line as pdftotext -layout reads it; skips without
// Chromium or pdftotext.
func printHTML(t *testing.T, html string) string {
	t.Helper()
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if _, err := exec.LookPath("pdftotext"); chromium == "" || err != nil {
		t.Skip("chromium or pdftotext is not installed")
	}
	dir := filepath.Dir(html)
	out := filepath.Join(dir, strings.TrimSuffix(filepath.Base(html), ".html")+".pdf")
	cmd := exec.Command(chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-pdf-header-footer",
		"--user-data-dir="+filepath.Join(dir, "profile"), "--print-to-pdf="+out, "file://"+html)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("chromium: %v\n%s", err, b)
	}
	text, err := exec.Command("pdftotext", "-layout", out, "-").Output()
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

// The results page printed from the HTML sheet with
// Chromium loses no row and splits none, on A4 and on Letter: every line
// of the standings `session --format csv` computes stands whole in the
// printed PDF, in order, once; the columns' head is repeated on every
// page a table runs over. Inputs: a traveller of 150 tables (two fields
// of 150 pairs, each over two pages), and Wronie's 86 pairs when the
// corpus is there.
func TestSheetResultsPrinted(t *testing.T) {
	t.Parallel()
	inputs := [][]string{{bigTraveller(t, 150)}}
	if _, err := os.Stat(wronieDir); err == nil {
		inputs = append(inputs, []string{wronieDir})
	}
	dir := t.TempDir()
	for _, in := range inputs {
		want := standingsCSVRows(t, in...)
		for _, paper := range []string{"a4", "letter"} {
			html := filepath.Join(dir, fmt.Sprintf("r%d_%s.html", len(want), paper))
			args := append([]string{"sheet", "--session", "--paper", paper, "-o", html}, in...)
			if code, _, errs := runCLI(args...); code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errs)
			}
			text := printHTML(t, html)
			pages := strings.Split(text, "\f")
			results := strings.Join(pages[resultsPage(pages):], "\n")
			inOrder(t, paper+" "+in[0], results, want)
			// and every row of every traveller stands whole, once (a
			// table's board prints its record's file before it)
			boards := lineWords(strings.Join(pages[:resultsPage(pages)], "\n"))
			rows := travellerCSVRows(t, in...)
			for _, w := range rows {
				if n := strings.Count(boards, "\n"+w+"\n") + strings.Count(boards, " "+w+"\n"); n != 1 {
					t.Errorf("%s %s: traveller row %q printed %d times", paper, in[0], w, n)
				}
			}
			// every page that holds a row of the standings has the head
			// above it
			head := regexp.MustCompile(`(?m)^\s*Rank\s+Pair\s+Names\s+Boards`)
			n := 0
			for _, page := range pages[resultsPage(pages):] {
				first := -1
				for _, w := range want {
					if i := strings.Index(lineWords(page), "\n"+w+"\n"); i >= 0 && (first < 0 || i < first) {
						first = i
					}
				}
				if first < 0 {
					continue
				}
				n++
				if h := head.FindStringIndex(lineWords(page)); h == nil || h[0] > first {
					t.Errorf("%s %s: a page of the standings without their head above its first row:\n%s", paper, in[0], page)
				}
			}
			t.Logf("%s %s: %d standings rows whole, once, in order, over %d pages, each with the head; %d traveller rows whole, once", paper, in[0], len(want), n, len(rows))
		}
	}
}

// standingsCSVRows are the standings rows `session --format csv`
// computes for args, each as the words a sheet prints for it (the field
// left out: a sheet says it in the table's title).
func standingsCSVRows(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errs := runCLI(append([]string{"session", "--format", "csv"}, args...)...)
	if code != 0 {
		t.Fatalf("session %v: exit %d: %s", args, code, errs)
	}
	var rows []string
	for _, part := range strings.Split(out, "\n\n") {
		recs, err := csv.NewReader(strings.NewReader(part)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		if len(recs) == 0 || recs[0][0] != "rank" && recs[0][0] != "field" {
			continue
		}
		for _, rec := range recs[1:] {
			if recs[0][0] == "field" {
				rec = rec[1:]
			}
			rows = append(rows, strings.Join(strings.Fields(strings.Join(rec, " ")), " "))
		}
	}
	return rows
}

// travellerCSVRows are the travellers' rows `session --format csv`
// computes for args, each as the words a sheet prints for it: its cells
// from its pairs to its last computed column.
func travellerCSVRows(t *testing.T, args ...string) []string {
	t.Helper()
	code, out, errs := runCLI(append([]string{"session", "--format", "csv"}, args...)...)
	if code != 0 {
		t.Fatalf("session %v: exit %d: %s", args, code, errs)
	}
	recs, err := csv.NewReader(strings.NewReader(strings.Split(out, "\n\n")[0])).ReadAll()
	if err != nil || len(recs) == 0 || recs[0][0] != "file" {
		t.Fatalf("session %v: no travellers: %v", args, err)
	}
	var rows []string
	for _, rec := range recs[1:] {
		rows = append(rows, strings.Join(strings.Fields(strings.Join(rec[3:len(rec)-1], " ")), " "))
	}
	return rows
}

// resultsPage is the first page of the results.
func resultsPage(pages []string) int {
	for i, p := range pages {
		if strings.Contains(p, "Results") && strings.Contains(p, "method:") {
			return i
		}
	}
	return 0
}

// lineWords is text with each line's words a blank apart, between
// newlines.
func lineWords(text string) string {
	var b strings.Builder
	b.WriteString("\n")
	for _, l := range strings.Split(text, "\n") {
		b.WriteString(strings.Join(strings.Fields(l), " ") + "\n")
	}
	return b.String()
}
