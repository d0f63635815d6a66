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
		chromedp.WindowSize(1280, 900),
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

// TestBrowser drives a real browser at 1280 by 900: the home page, a
// search, a board, the replay to trick 7 with the keyboard, the match page;
// it checks what the pages show, that no character of theirs is drawn as
// a missing glyph, and compares screenshots of the home, search, board
// (mid-replay) and match pages with the goldens.
func TestBrowser(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		ctx := browser(t)
		// no solving, the pages come at once; the count comes after the
		// search's page, asked by its script
		s := newTestServer(t, eng, Options{DDTimeout: -1, CountWait: time.Nanosecond})
		base := startServer(t, s)
		problems := consoleProblems(ctx)
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
		must(chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(base+"/"), chromedp.WaitVisible(`#search`)))
		checkGlyphs(t, ctx, "/")
		checkFits(t, ctx, "/")
		homePNG := shot()
		must(chromedp.Do(ctx,
			chromedp.SendKeys(`#search input[name="player"]`, "Helness, T."),
			chromedp.Click(`#search button[type="submit"]`),
			chromedp.WaitVisible(`table.records`),
			chromedp.WaitVisible(`p.count:not([data-count])`),
		))
		if count, err := chromedp.Run(ctx, chromedp.Text(`p.count`)); err != nil || count != "2 records" {
			t.Errorf("the count of the search's hits: %q %v", count, err)
		}
		rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("table.records tbody tr").length`))
		must(err)
		if rows != 2 {
			t.Errorf("search for Helness, T.: %d rows, want 2 (records 46 and 47)", rows)
		}
		checkGlyphs(t, ctx, "search")
		checkFits(t, ctx, "search")
		searchPNG := shot()
		must(chromedp.Do(ctx, chromedp.Click(`table.records a[href="/board/46"]`), chromedp.WaitVisible(`#replay[data-ready]`)))
		for i := 0; i < 7; i++ {
			must(chromedp.Do(ctx, chromedp.KeyEvent(kb.ArrowDown)))
		}
		checkReplayAt7(t, ctx, base)
		checkGlyphs(t, ctx, "/board/46")
		checkFits(t, ctx, "/board/46")
		_, err = chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector("section.deal").scrollIntoView(), true`))
		must(err)
		boardPNG := shot()
		must(chromedp.Do(ctx, chromedp.Navigate(base+"/match/1"), chromedp.WaitVisible(`table.match`)))
		checkGlyphs(t, ctx, "/match/1")
		checkFits(t, ctx, "/match/1")
		matchPNG := shot()
		if p := problems(); len(p) > 0 {
			t.Errorf("the browser reported:\n%s", strings.Join(p, "\n"))
		}
		compareGolden(t, "home.png", homePNG)
		compareGolden(t, "search.png", searchPNG)
		compareGolden(t, "board.png", boardPNG)
		compareGolden(t, "match.png", matchPNG)
	})
}

// checkReplayAt7 checks what the replay shows after seven tricks, and
// that the page the server draws at that position shows the same.
func checkReplayAt7(t *testing.T, ctx context.Context, base string) {
	t.Helper()
	state, err := chromedp.Run(ctx, chromedp.Evaluate[map[string]string](replayState))
	if err != nil {
		t.Fatal(err)
	}
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
	resp, err := http.Get(base + "/board/46?trick=7&card=4")
	if err != nil {
		t.Fatal(err)
	}
	page, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	if err != nil {
		t.Fatal(err)
	}
	for _, seat := range []string{"N", "E", "S", "W"} {
		if frag := `data-seat="` + seat + `">` + state["trick"+seat] + `</span>`; !strings.Contains(string(page), frag) {
			t.Errorf("the server's page at trick 7 lacks %s", frag)
		}
	}
}

// replayState is what the replay shows: each hand's cards left, the
// trick on the table, where the play is, the tricks won.
const replayState = `(function () {
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
})()`

// consoleProblems gathers the errors and warnings of the browser's
// console (a CSP violation among them); the function gives those so far.
func consoleProblems(ctx context.Context) func() []string {
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
	return func() []string {
		mu.Lock()
		defer mu.Unlock()
		return append([]string(nil), problems...)
	}
}

// missingGlyphs lists the characters of the page's text that its fonts
// draw as a missing glyph: each is drawn, in its element's font, on a
// canvas, and compared with the drawing of U+0378 (a code point no font
// has: the font's .notdef box) and with nothing drawn at all. The page's
// buttons are drawn (SVG), never a character.
const missingGlyphs = `(function () {
  var c = document.createElement("canvas"), size = 48;
  c.width = c.height = size;
  var g = c.getContext("2d", {willReadFrequently: true});
  function draw(font, ch) {
    g.clearRect(0, 0, size, size);
    g.font = font;
    g.fillStyle = "#000";
    g.textBaseline = "top";
    g.fillText(ch, 4, 4);
    return Array.prototype.join.call(g.getImageData(0, 0, size, size).data, "");
  }
  var blank = draw("32px sans-serif", ""), seen = {}, out = [];
  var w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (var n = w.nextNode(); n; n = w.nextNode()) {
    var st = getComputedStyle(n.parentElement);
    if (st.display === "none" || st.visibility === "hidden") { continue; }
    var font = st.fontStyle + " " + st.fontWeight + " 32px " + st.fontFamily, notdef = draw(font, "͸");
    Array.from(n.textContent).forEach(function (ch) {
      if (/\s/.test(ch) || seen[font + ch]) { return; }
      seen[font + ch] = true;
      var d = draw(font, ch);
      if (d === notdef || d === blank) {
        out.push("U+" + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0") + " " + ch + " in " + st.fontFamily);
      }
    });
  }
  return out;
})()`

// checkGlyphs fails when the page shows a character its fonts lack; that
// it tells one, the four buttons' old characters (⏮ ⏪ ⏩ ⏭, in no font
// Debian installs by default) added to the page show.
func checkGlyphs(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	missing, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](missingGlyphs))
	if err != nil {
		t.Fatal(err)
	}
	if len(missing) > 0 {
		t.Errorf("%s: characters drawn as a missing glyph:\n%s", page, strings.Join(missing, "\n"))
	}
	if page != "/" {
		return
	}
	missing, err = chromedp.Run(ctx, chromedp.Evaluate[[]string](`(function () {
  var p = document.createElement("p");
  p.id = "tofu";
  p.textContent = "⏮ ⏪ ◀ ▶ ⏩ ⏭";
  document.body.appendChild(p);
  var out = `+missingGlyphs+`;
  p.remove();
  return out;
})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(missing, ", "); !strings.HasPrefix(got, "U+23EE ⏮") || len(missing) != 4 {
		t.Errorf("the check of missing glyphs finds %q in ⏮ ⏪ ◀ ▶ ⏩ ⏭, want the four of U+23EE, U+23EA, U+23E9, U+23ED", got)
	}
}

// checkFits fails when the page is wider than the window (1280 pixels):
// a long name is cut, not a column pushed off the screen.
func checkFits(t *testing.T, ctx context.Context, page string) {
	t.Helper()
	w, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollWidth`))
	if err != nil {
		t.Fatal(err)
	}
	if w > 1280 {
		t.Errorf("%s: %d pixels wide, wider than the window's 1280", page, w)
	}
}

// TestBrowserHash: a position shared as a URL's fragment opens there.
func TestBrowserHash(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		ctx := browser(t)
		s := newTestServer(t, eng, Options{DDTimeout: -1}) // no solving: the pages come at once
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
	})
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
