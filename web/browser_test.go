package web

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

var update = flag.Bool("update", false, "write the screenshots' goldens (testdata/*.png)")

// chromium finds Debian's chromium, or skips the test.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("chromium is not installed (apt-get install chromium)")
	return ""
}

// browser starts a headless chromium with an empty profile that reaches
// nothing but the test's server; it stops with the test.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromium(t)),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1100, 900),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-extensions", true),
		chromedp.Flag("disable-default-apps", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.Flag("font-render-hinting", "none"),
	}
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	ctx, cancelTime := context.WithTimeout(ctx, 90*time.Second)
	t.Cleanup(func() { cancelTime(); cancel(); cancelAlloc() })
	return ctx
}

// TestBrowser drives a real browser: the search page, a search, a board,
// the replay to trick 7 with the keyboard; it checks what the page shows
// and compares screenshots with the goldens.
func TestBrowser(t *testing.T) {
	ctx := browser(t)
	s := newTestServer(t, Options{DDTimeout: -1}) // no solving: the pages come at once
	base := startServer(t, s)
	var mu sync.Mutex
	var problems []string
	messages := chromedp.Console(ctx)
	go func() {
		for m, err := range messages {
			if err != nil {
				return
			}
			if m.Type == chromedp.ConsoleError || m.Type == chromedp.ConsoleWarning || m.IsException() {
				mu.Lock()
				problems = append(problems, m.String())
				mu.Unlock()
			}
		}
	}()
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	shot := func() []byte {
		t.Helper()
		b, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		must(err)
		return b
	}
	must(chromedp.Do(ctx,
		chromedp.Navigate(base+"/"),
		chromedp.WaitVisible(`#search`),
		chromedp.SendKeys(`#search input[name="player"]`, "Helness, T."),
		chromedp.Click(`#search button[type="submit"]`),
		chromedp.WaitVisible(`table.records`),
	))
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("table.records tbody tr").length`))
	must(err)
	if rows != 2 {
		t.Errorf("search for Helness, T.: %d rows, want 2 (records 46 and 47)", rows)
	}
	searchPNG := shot()
	must(chromedp.Do(ctx, chromedp.Click(`table.records a[href="/board/46"]`), chromedp.WaitVisible(`#replay[data-ready]`)))
	boardPNG := shot()
	for i := 0; i < 7; i++ {
		must(chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)))
	}
	state, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](`(function () {
  var r = document.getElementById("replay"), out = {hash: location.hash};
  ["N", "E", "S", "W"].forEach(function (s) {
    out["left" + s] = r.querySelector('.left [data-seat="' + s + '"]').textContent;
    out["trick" + s] = r.querySelector('.trick [data-seat="' + s + '"]').textContent;
    out["hand" + s] = Array.from(r.querySelectorAll('.rhand[data-seat="' + s + '"] .cards')).map(function (e) { return e.textContent; }).join(" | ");
  });
  out.where = r.querySelector(".where").textContent;
  out.ns = r.querySelector(".ns").textContent;
  out.ew = r.querySelector(".ew").textContent;
  out.here = r.querySelector(".grid a.here").getAttribute("href");
  return out;
})()`))
	must(err)
	must(chromedp.Do(ctx, chromedp.ScrollIntoView(`#replay`)))
	replayPNG, err := chromedp.Run(ctx, chromedp.Screenshot(`#replay .rtable`, chromedp.NodeVisible))
	must(err)
	want := map[string]string{
		"hash": "#trick=7&card=4", "where": "Trick 7, card 4", "ns": "2", "ew": "5",
		"leftN": "6", "leftE": "6", "leftS": "6", "leftW": "6",
		"trickN": "♥4", "trickE": "♥J", "trickS": "♥8", "trickW": "♣Q",
		"handN": "Q 5 | K 7 2 | A | —", "handE": "3 | 5 | 9 2 | 8 5",
		"handS": "7 4 | A 3 | — | 6 4", "handW": "— | — | J 6 5 | A 3 2",
		"here": "?trick=7&card=4#replay",
	}
	for k, v := range want {
		if state[k] != v {
			t.Errorf("after 7 tricks: %s = %q, want %q", k, state[k], v)
		}
	}
	// The page drawn by the server at that position says the same.
	resp, err := http.Get(base + "/board/46?trick=7&card=4")
	must(err)
	page, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	must(err)
	server := string(page)
	for _, seat := range []string{"N", "E", "S", "W"} {
		if frag := `data-seat="` + seat + `">` + state["trick"+seat] + `</span>`; !strings.Contains(server, frag) {
			t.Errorf("the server's page at trick 7 lacks %s", frag)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(problems) > 0 {
		t.Errorf("the browser reported:\n%s", strings.Join(problems, "\n"))
	}
	compareGolden(t, "search.png", searchPNG)
	compareGolden(t, "board.png", boardPNG)
	compareGolden(t, "replay.png", replayPNG)
}

// TestBrowserHash: a position shared as a URL's fragment opens there.
func TestBrowserHash(t *testing.T) {
	ctx := browser(t)
	s := newTestServer(t, Options{DDTimeout: -1}) // no solving: the pages come at once
	base := startServer(t, s)
	err := chromedp.Do(ctx, chromedp.Navigate(base+"/board/46#trick=5&card=2"), chromedp.WaitVisible(`#replay[data-ready]`))
	if err != nil {
		t.Fatal(err)
	}
	where, err1 := chromedp.Run(ctx, chromedp.Text(`#replay .where`))
	west, err2 := chromedp.Run(ctx, chromedp.Text(`#replay .trick [data-seat="W"]`))
	err3 := chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowLeft))
	hash, err4 := chromedp.Run(ctx, chromedp.Evaluate[string](`location.hash`))
	if err := errors.Join(err1, err2, err3, err4); err != nil {
		t.Fatal(err)
	}
	if where != "Trick 5, card 2" || west != "♦K" {
		t.Errorf("opened at %q with West's %q, want Trick 5, card 2 and ♦K", where, west)
	}
	if hash != "#trick=5&card=1" {
		t.Errorf("after ←: %q, want #trick=5&card=1", hash)
	}
}

// maxDiff is the share of pixels that may differ from a golden (by more
// than a small tolerance per channel): fonts and antialiasing vary a
// little between chromium builds, a broken layout moves far more.
const maxDiff = 0.02

// compareGolden compares a screenshot with testdata/name loosely: the
// same size, and at most maxDiff of its pixels different. With -update
// it writes the golden.
func compareGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestBrowser -update to write it)", err)
	}
	diff, err := pixelDiff(want, got)
	if err != nil {
		os.WriteFile(filepath.Join(t.TempDir(), name), got, 0o644)
		t.Errorf("%s: %v", name, err)
		return
	}
	if diff > maxDiff {
		out := filepath.Join(os.TempDir(), "handrec-"+name)
		os.WriteFile(out, got, 0o644)
		t.Errorf("%s: %.2f%% of the pixels differ from the golden (at most %.0f%%); the screenshot is %s", name, 100*diff, 100*maxDiff, out)
	}
}

// pixelDiff is the share of pixels of two PNGs of one size that differ
// by more than 48 in some channel (of 255).
func pixelDiff(a, b []byte) (float64, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 0, err
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 0, err
	}
	ra, rb := ia.Bounds(), ib.Bounds()
	if ra.Size() != rb.Size() {
		return 0, fmt.Errorf("size %v, the golden's %v", rb.Size(), ra.Size())
	}
	differ := 0
	for y := 0; y < ra.Dy(); y++ {
		for x := 0; x < ra.Dx(); x++ {
			if !near(ia, ib, image.Pt(ra.Min.X+x, ra.Min.Y+y), image.Pt(rb.Min.X+x, rb.Min.Y+y)) {
				differ++
			}
		}
	}
	return float64(differ) / float64(ra.Dx()*ra.Dy()), nil
}

func near(a, b image.Image, pa, pb image.Point) bool {
	r1, g1, b1, _ := a.At(pa.X, pa.Y).RGBA()
	r2, g2, b2, _ := b.At(pb.X, pb.Y).RGBA()
	d := func(x, y uint32) bool {
		if x > y {
			x, y = y, x
		}
		return (y-x)>>8 <= 48
	}
	return d(r1, r2) && d(g1, g2) && d(b1, b2)
}
