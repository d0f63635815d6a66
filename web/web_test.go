package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"

	"handrec/ddsolve"
)

// hostile is a PBN file whose names and commentary carry markup and
// script: the pages must show them as text.
const hostile = `[Event "<img src=x onerror=alert(1)>"]
[Site ""]
[Date "2024.01.02"]
[Board "1"]
[West "W</td><script>alert(2)</script>"]
[North "<script>alert(1)</script>"]
[East "E&amp;"]
[South "S\"'"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring ""]
[Declarer "N"]
[Contract "3NT"]
[Result "9"]
{</p><script>alert(3)</script>}
[Auction "N"]
1NT =1= Pass 3NT Pass
Pass Pass
[Note "1:<b>15-17</b>"]
`

// longNames is a record of a long event's name (246 characters) and a
// date whose month and day are not known.
var longNames = `[Event "` + strings.Repeat("The Long Event Name of a Congress ", 7) + `the Last"]
[Site "Somewhere"]
[Date "2024.??.??"]
[Board "3"]
[West "W"]
[North "N"]
[East "E"]
[South "S"]
[Dealer "S"]
[Vulnerable "EW"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Scoring "IMP"]
[Declarer "S"]
[Contract "4H"]
[Result "10"]
`

// oldGame is a record of 1925 that names no scoring code.
const oldGame = `[Event "Club rubber"]
[Date "1925.??.??"]
[Board "1"]
[West "W"]
[North "N"]
[East "E"]
[South "S"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[Declarer "N"]
[Contract "2S"]
[Result "8"]
`

// get answers path from the handler.
func get(t testing.TB, h http.Handler, path string) *httptest.ResponseRecorder {
	t.Helper()
	w := httptest.NewRecorder()
	h.ServeHTTP(w, httptest.NewRequest("GET", path, nil))
	return w
}

// checkHeaders checks the security headers every answer carries.
func checkHeaders(t *testing.T, path string, w *httptest.ResponseRecorder) {
	t.Helper()
	want := map[string]string{
		"Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
			"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
		"X-Frame-Options":        "DENY",
		"X-Content-Type-Options": "nosniff",
		"Referrer-Policy":        "no-referrer",
	}
	for k, v := range want {
		if got := w.Header().Get(k); got != v {
			t.Errorf("%s: %s = %q, want %q", path, k, got, v)
		}
	}
}

// tags are the markup the pages may hold: anything else that looks like
// a tag came from the data unescaped.
var scriptTag = regexp.MustCompile(`(?i)<script[^>]*>`)

// checkNoInlineScript fails when a page holds a script other than the
// server's own file, or an event handler attribute.
func checkNoInlineScript(t *testing.T, path, body string) {
	t.Helper()
	for _, m := range scriptTag.FindAllString(body, -1) {
		if m != `<script src="/static/replay.js" defer>` && m != `<script src="/static/count.js" defer>` {
			t.Errorf("%s: a script element that is not the server's: %s", path, m)
		}
	}
	if strings.Contains(body, "onerror=") && !strings.Contains(body, "&lt;img src=x onerror=alert(1)&gt;") {
		t.Errorf("%s: an event handler attribute", path)
	}
}

func TestPages(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		for _, c := range []struct {
			path   string
			status int
			has    []string
		}{
			{"/", 200, []string{`<a class="trunc name" href="/event/`, `name="where"`,
				`<tr><td><a class="trunc name" href="/match/1" title="Sample Teams">Sample Teams</a></td><td><span class="trunc segment" title="Final 1 of 2">Final 1 of 2</span></td><td>1–2 (2)</td>` +
					`<td><span class="trunc team" title="Oaks">Oaks</span></td><td class="n">0</td><td><span class="trunc team" title="Elms">Elms</span></td><td class="n">1.5</td><td class="n">4</td></tr>`}},
			{"/search?player=Helness%2c+T.", 200, []string{`<a href="/board/46">46</a>`}},
			{"/search?contract=4s&declarer=w", 200, []string{`<a href="/board/63">63</a>`, `<a href="/board/64">64</a>`}},
			{"/search?where=contract+%3d+%274S%27", 200, []string{`<a href="/board/63">63</a>`, `<a href="/board/64">64</a>`}},
			{"/search?hcp=24-37&board=1", 200, []string{`No record matches.`}},
			{"/search?result=%3d&vul=ns&contract=4S", 200, []string{`<a href="/board/63">63</a>`}},
			{"/board/46", 200, []string{`Helness, T.`, `Contract <strong>4HXX</strong> by W, -5 (5 tricks)`, `<th>West</th>`,
				`href="/board/46/pbn"`, `handviewer.html?lin=`, `samples/full_play.pbn:4:1`, `data-replay=`}},
			{"/board/46?trick=7&card=4", 200, []string{`Trick <span class="t">7</span>, card <span class="c">4</span>`,
				`Tricks: NS <span class="ns">2</span>, EW <span class="ew">5</span>`,
				`N <span data-seat="N">6</span>, E <span data-seat="E">6</span>, S <span data-seat="S">6</span>, W <span data-seat="W">6</span>`,
				`<span class="slot n red" data-seat="N">♥4</span>`, `<span class="slot w" data-seat="W">♣Q</span>`}},
			{"/board/1", 200, []string{`Rubber 1 (auction1915)`, `<td>auction1915</td>`}},
			{"/event/1", 200, []string{`<a href="/board/`}},
			{"/board/7", 200, []string{`<p class="claimnote"><a href="?trick=3&amp;card=1#replay" data-p="9">After trick 3, card 1: Declarer claims 9 tricks in all</a></p>`}},
			{"/board/61?trick=2&card=3", 200, []string{`<p class="cardnote">comment: a @S switch was better</p>`}},
			{"/board/7?trick=3&card=1", 200, []string{`<p class="claim">Declarer claims 9 tricks in all</p>`}},
			{"/board/99999", 404, []string{`no record 99999`}},
			{"/board/abc", 404, []string{`no record, event or match &#34;abc&#34;: an id is a positive number`}},
			{"/board/0", 404, []string{`an id is a positive number`}},
			{"/board/-1", 404, []string{`an id is a positive number`}},
			{"/board/46/exe", 404, []string{`no download &#34;exe&#34;: give pbn, lin or json`}},
			{"/board/46/csv", 404, []string{`no download &#34;csv&#34;: give pbn, lin or json`}},
			{"/board/46/PBN", 404, []string{`no download &#34;PBN&#34;: give pbn, lin or json`}},
			{"/event/99999", 404, []string{`no event 99999`}},
			{"/no/such/page", 404, []string{`no page /no/such/page`}},
			{"/board/46?trick=20&card=1", 400, []string{`trick &#34;20&#34;, card &#34;1&#34;: the play has 13 tricks`}},
			{"/search?board=x", 400, []string{`board &#34;x&#34;: give a board number`}},
			{"/search?hcp=30-20", 400, []string{`HCP &#34;30-20&#34;: give a number from 0 to 37`}},
			{"/search?where=zzz", 400, []string{byEngine{"sqlite": `no such column: zzz`, "postgres": `column &#34;zzz&#34; does not exist`}[eng]}},
			{"/search?where=" + url.QueryEscape("1) OR (1"), 400, []string{`condition &#34;1) OR (1&#34;: a ) closes more than was opened`}},
			{"/search?where=" + url.QueryEscape("1; DROP TABLE game"), 400, []string{`a condition is one expression: no ;`}},
			{"/search?where=" + url.QueryEscape("1)) UNION SELECT * FROM sources --"), 400, []string{`a ) closes more than was opened`}},
			{"/search?where=" + url.QueryEscape("id IN (SELECT 1 FROM pragma_user_version('x'))"), 400, nil},
			{"/search?where=" + url.QueryEscape("load_extension('x') IS NULL"), 400, []string{byEngine{"sqlite": `load_extension is not allowed`,
				"postgres": `function load_extension(unknown) does not exist`}[eng]}},
		} {
			w := get(t, s, c.path)
			body := w.Body.String()
			if w.Code != c.status {
				t.Errorf("%s: status %d, want %d\n%s", c.path, w.Code, c.status, body)
				continue
			}
			checkHeaders(t, c.path, w)
			checkNoInlineScript(t, c.path, body)
			if ct := w.Header().Get("Content-Type"); ct != "text/html; charset=utf-8" {
				t.Errorf("%s: Content-Type %q", c.path, ct)
			}
			for _, h := range c.has {
				if !strings.Contains(body, h) {
					t.Errorf("%s: the page lacks %q", c.path, h)
				}
			}
		}
	})
}

// TestCommonOrRare: a player or HCP range is searched as a list of
// records or record by record, with the same results.
func TestCommonOrRare(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{PageSize: 2, CountWait: time.Minute})
		for _, path := range []string{"/search?player=Helness%2C+T.", "/search?hcp=20-22", "/search?hcp=0-37&board=2", "/event/1", "/event/2",
			"/event/1?after=2", "/event/1?before=5"} {
			s.manyRows = manyRows
			rare := get(t, s, path).Body.String()
			s.manyRows = 0
			common := get(t, s, path).Body.String()
			if rare != common || !strings.Contains(rare, `<a href="/board/`) {
				t.Errorf("%s: a list and record by record differ, or find nothing", path)
			}
		}
		ids := regexp.MustCompile(`<td><a href="/board/(\d+)">`)
		for path, want := range map[string]string{"/event/1?after=2": "[3 4]", "/event/1?before=5": "[3 4]", "/event/1?after=4": "[5 6]"} {
			var got []string
			for _, m := range ids.FindAllStringSubmatch(get(t, s, path).Body.String(), -1) {
				got = append(got, m[1])
			}
			if fmt.Sprint(got) != want {
				t.Errorf("%s: records %v, want %s", path, got, want)
			}
		}
	})
}

// TestHostile: names, commentary and notes with markup are shown as
// text, on the board page and in search results.
func TestHostile(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		w := get(t, s, "/search?where="+url.QueryEscape("file LIKE '%hostile.pbn'"))
		body := w.Body.String()
		m := regexp.MustCompile(`<a href="/board/(\d+)">`).FindStringSubmatch(body)
		if w.Code != 200 || m == nil {
			t.Fatalf("search: %d\n%s", w.Code, body)
		}
		for _, path := range []string{"/board/" + m[1], "/search?player=" + url.QueryEscape("<script>alert(1)</script>"), "/"} {
			w := get(t, s, path)
			body := w.Body.String()
			if w.Code != 200 {
				t.Fatalf("%s: %d", path, w.Code)
			}
			checkNoInlineScript(t, path, body)
			if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") || strings.Contains(body, "<b>15-17") {
				t.Errorf("%s: markup of the data reached the page unescaped", path)
			}
		}
		body = get(t, s, "/board/"+m[1]).Body.String()
		for _, want := range []string{`&lt;script&gt;alert(1)&lt;/script&gt;`, `W&lt;/td&gt;&lt;script&gt;alert(2)&lt;/script&gt;`,
			`&lt;/p&gt;&lt;script&gt;alert(3)&lt;/script&gt;`, `&lt;b&gt;15-17&lt;/b&gt;`, `E&amp;amp;`} {
			if !strings.Contains(body, want) {
				t.Errorf("the board page lacks %q", want)
			}
		}
	})
}

// TestLongQuery: a query string of 10 MB is refused before anything reads
// it: 414 from the handler, 431 from the server (MaxHeaderBytes).
func TestLongQuery(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		long := "/search?where=" + strings.Repeat("a", 10<<20)
		w := get(t, s, long)
		if w.Code != http.StatusRequestURITooLong || !strings.Contains(w.Body.String(), "the query string is 10485766 bytes long; at most 16384 are read") {
			t.Errorf("handler: %d %s", w.Code, w.Body.String())
		}
		checkHeaders(t, "long", w)
		live, err := New(s.db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		base := startServer(t, live)
		resp, err := http.Get(base + long)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
			t.Errorf("server: %d, want 431", resp.StatusCode)
		}
		req, _ := http.NewRequest("GET", base+"/", nil)
		req.Host = "evil.example:80"
		resp, err = http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusMisdirectedRequest ||
			!strings.Contains(string(body), "this server answers requests for localhost, 127.0.0.1 or [::1] only, not for &#34;evil.example:80&#34;") {
			t.Errorf("a request for another host: %d %s", resp.StatusCode, body)
		}
		for _, host := range []string{"localhost:8080", "127.0.0.1", "[::1]:80", "LOCALHOST"} {
			req.Host = host
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if resp.StatusCode != 200 {
				t.Errorf("Host %s: %d", host, resp.StatusCode)
			}
		}
		w = get(t, s, "/search?where="+strings.Repeat("(", 5000)+strings.Repeat(")", 5000))
		if w.Code != 400 || !strings.Contains(w.Body.String(), "the condition is 10000 bytes long; at most 4096 are read") {
			t.Errorf("long condition: %d %s", w.Code, w.Body.String())
		}
	})
}

// startServer serves s on a free port of 127.0.0.1 until the test ends.
func startServer(t testing.TB, s *Server) string {
	t.Helper()
	ln, err := listenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != context.Canceled {
			t.Errorf("Serve returned %v, want context.Canceled", err)
		}
	})
	return "http://" + ln.Addr().String()
}

// TestSearchPages: keyset pagination goes forward and back through the
// same pages.
func TestSearchPages(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{PageSize: 5})
		ids := func(body string) string {
			var out []string
			for _, m := range regexp.MustCompile(`<td><a href="/board/(\d+)">`).FindAllStringSubmatch(body, -1) {
				out = append(out, m[1])
			}
			return strings.Join(out, " ")
		}
		next := func(body, rel string) string {
			m := regexp.MustCompile(`<a rel="` + rel + `" href="([^"]+)">`).FindStringSubmatch(body)
			if m == nil {
				return ""
			}
			return html.UnescapeString(m[1])
		}
		b1 := get(t, s, "/search?where=id+%3c%3d+12").Body.String()
		if got := ids(b1); got != "1 2 3 4 5" {
			t.Fatalf("page 1: %s", got)
		}
		if next(b1, "prev") != "" {
			t.Errorf("page 1 has a previous page")
		}
		b2 := get(t, s, next(b1, "next")).Body.String()
		if got, want := next(b1, "next"), "/search?after=5&where=id+%3C%3D+12"; got != want {
			t.Errorf("next link %q, want %q", got, want)
		}
		if got := ids(b2); got != "6 7 8 9 10" {
			t.Errorf("page 2: %s", got)
		}
		b3 := get(t, s, next(b2, "next")).Body.String()
		if got := ids(b3); got != "11 12" || next(b3, "next") != "" {
			t.Errorf("page 3: %s, next %q", got, next(b3, "next"))
		}
		back := get(t, s, next(b3, "prev")).Body.String()
		if got := ids(back); got != "6 7 8 9 10" {
			t.Errorf("back to page 2: %s", got)
		}
		if got := ids(get(t, s, next(back, "prev")).Body.String()); got != "1 2 3 4 5" {
			t.Errorf("back to page 1: %s", got)
		}
	})
}

// TestQueryTimeout: a condition that never ends is stopped at the time
// limit, and the page says so (503).
func TestQueryTimeout(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{QueryTimeout: 50e6})
		where := "id IN (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT x FROM c WHERE x < 0)"
		w := get(t, s, "/search?where="+url.QueryEscape(where))
		want := "the archive took too long to answer: the query ran past the limit of 50ms; narrow it"
		if w.Code != http.StatusServiceUnavailable || !strings.Contains(w.Body.String(), want) {
			t.Errorf("status %d\n%s", w.Code, w.Body.String())
		}
	})
}

func TestDownloadsAndAPI(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{DDTimeout: time.Hour}) // the table is solved, however busy the machine
		for _, c := range []struct{ path, ctype, disp, has string }{
			{"/board/46/pbn", "text/plain; charset=utf-8", `attachment; filename="record-46.pbn"`, `[Contract "4HXX"]`},
			{"/board/46/lin", "text/plain; charset=utf-8", `attachment; filename="record-46.lin"`, `mb|`},
			{"/board/46/json", "application/json; charset=utf-8", `attachment; filename="record-46.json"`, `"contract":"4HXX"`},
		} {
			w := get(t, s, c.path)
			if w.Code != 200 || w.Header().Get("Content-Type") != c.ctype || w.Header().Get("Content-Disposition") != c.disp ||
				!strings.Contains(w.Body.String(), c.has) {
				t.Errorf("%s: %d %q %q\n%s", c.path, w.Code, w.Header().Get("Content-Type"), w.Header().Get("Content-Disposition"), w.Body.String())
			}
			checkHeaders(t, c.path, w)
		}
		var board struct {
			ID       int64           `json:"id"`
			Document json.RawMessage `json:"document"`
			Prev     int64           `json:"prev"`
			Next     int64           `json:"next"`
			Extra    struct {
				Sources []place    `json:"sources"`
				DD      *ddView    `json:"dd"`
				Scores  []scoreRow `json:"scores"`
			} `json:"extra"`
		}
		w := get(t, s, "/api/board/46")
		if err := json.Unmarshal(w.Body.Bytes(), &board); err != nil {
			t.Fatalf("%v\n%s", err, w.Body.String())
		}
		if board.ID != 46 || board.Prev != 45 || board.Next != 47 || len(board.Extra.Sources) != 1 ||
			board.Extra.Sources[0].File != "../samples/full_play.pbn" || board.Extra.Sources[0].Line != 4 ||
			board.Extra.DD == nil || board.Extra.DD.From != "solved" || len(board.Extra.Scores) != 5 {
			t.Errorf("api board: %s", w.Body.String())
		}
		var search struct {
			Records []recordRow `json:"records"`
			Next    string      `json:"next"`
		}
		w = get(t, s, "/api/search?contract=4S&event=Sample")
		if err := json.Unmarshal(w.Body.Bytes(), &search); err != nil || len(search.Records) != 2 || search.Records[0].ID != 63 {
			t.Errorf("api search: %v %s", err, w.Body.String())
		}
		for path, want := range map[string]string{
			"/api/board/99999": `{"error":"no record 99999","status":404}`,
			"/api/search?where=zzz": byEngine{"sqlite": `{"error":"no such column: zzz","status":400}`,
				"postgres": `{"error":"column \"zzz\" does not exist","status":400}`}[eng],
			"/api/search?where=1%29": `{"error":"condition \"1)\": a ) closes more than was opened","status":400}`,
		} {
			w := get(t, s, path)
			var compact bytes.Buffer
			json.Compact(&compact, w.Body.Bytes())
			if got := compact.String(); got != want {
				t.Errorf("%s: %s, want %s", path, got, want)
			}
		}
		if w := get(t, s, "/api/matches"); w.Code != 200 || !strings.Contains(w.Body.String(), `"home": "Oaks",`) || !strings.Contains(w.Body.String(), `"visit_carry": "1.5",`) {
			t.Errorf("api matches: %d %s", w.Code, w.Body.String())
		}
		if w := get(t, s, "/api/events"); w.Code != 200 || !strings.Contains(w.Body.String(), `"events": [`) {
			t.Errorf("api events: %d %s", w.Code, w.Body.String())
		}
		if w := get(t, s, "/api/event/1"); w.Code != 200 || !strings.Contains(w.Body.String(), `"records": [`) {
			t.Errorf("api event: %d %s", w.Code, w.Body.String())
		}
	})
}

// TestDDTimeout: a table the solver has not finished by the limit is
// said to be coming; the solve goes on and a later page has it.
func TestDDTimeout(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{DDTimeout: 1})
		body := get(t, s, "/board/46").Body.String()
		if !strings.Contains(body, "the double-dummy table is being solved (it took longer than 1ns); reload the page to see it") {
			t.Errorf("first visit: no note that the table is being solved")
		}
		s.dd.(*ddsolve.Service).Wait(46) // the solve goes on after the page, and ends
		body = get(t, s, "/board/46").Body.String()
		if !strings.Contains(body, "Solved now: the archive has no table for this record.") {
			t.Errorf("second visit: no table")
		}
		if want := `<p class="par">Par: NS -100: NS 5♥X-1, NS 5♠X-1</p>`; !strings.Contains(body, want) {
			t.Errorf("second visit: no %s", want)
		}
		off, err := New(s.db, Options{DDTimeout: -1})
		if err != nil {
			t.Fatal(err)
		}
		body = get(t, off, "/board/46").Body.String()
		if !strings.Contains(body, "the archive has no double-dummy table for this record (handrec dd --db solves and stores them)") {
			t.Errorf("with solving off: no note")
		}
	})
}

func TestStatic(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		for path, ctype := range map[string]string{"/static/replay.js": "text/javascript; charset=utf-8", "/static/count.js": "text/javascript; charset=utf-8",
			"/static/style.css": "text/css; charset=utf-8"} {
			w := get(t, s, path)
			if w.Code != 200 || w.Header().Get("Content-Type") != ctype {
				t.Errorf("%s: %d %q", path, w.Code, w.Header().Get("Content-Type"))
			}
			checkHeaders(t, path, w)
		}
		for _, path := range []string{"/static/", "/static/nothing.js", "/static/templates/board.html"} {
			if w := get(t, s, path); w.Code != 404 {
				t.Errorf("%s: %d, want 404", path, w.Code)
			}
		}
		if w := get(t, s, "/static/../web.go"); w.Code == 200 {
			t.Errorf("/static/../web.go: %d", w.Code)
		}
	})
}

func listenLoopback() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }

// TestEventsCounting: while the events are being counted past the page's
// time limit, the home page says so and keeps its search form, and an
// event's page is a 503 that says so.
func TestEventsCounting(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		// time enough for a busy machine to begin a page's transaction and
		// read its matches (500 ms was not, on PostgreSQL at load 17)
		s := newTestServer(t, eng, Options{QueryTimeout: 2 * time.Second})
		s.evs.running = make(chan struct{}) // a count that does not end
		w := get(t, s, "/")
		want := "the events are being counted (the events view counts every game of the archive); reload the page in a moment"
		if body := w.Body.String(); w.Code != 200 || !strings.Contains(body, `<p class="note">`+want+`</p>`) || !strings.Contains(body, `id="search"`) {
			t.Errorf("home: %d\n%s", w.Code, body)
		}
		if w := get(t, s, "/event/1"); w.Code != 503 || !strings.Contains(w.Body.String(), want) {
			t.Errorf("event: %d\n%s", w.Code, regexp.MustCompile(`(?s)<p class="error">.*?</p>`).FindString(w.Body.String()))
		}
		s.evs.running = nil
		if _, _, err := s.evs.get(context.Background(), s); err != nil { // counts, however long it takes
			t.Fatal(err)
		}
		if w := get(t, s, "/"); w.Code != 200 || !strings.Contains(w.Body.String(), `href="/event/1"`) {
			t.Errorf("home once counted: %d", w.Code)
		}
	})
}

// TestParText: the par view's row is written as show, sheet and dd write
// par: the score by the side of the par contracts, then the contracts.
func TestParText(t *testing.T) {
	for _, c := range []struct {
		score     any
		contracts string
		want      string
	}{
		{int64(620), "NS 4H=; NS 4S=", "NS 620: NS 4♥=, NS 4♠="},
		{int64(-450), "EW 4H+1", "EW 450: EW 4♥+1"},
		{int64(-100), "NS 5HX-1", "NS -100: NS 5♥X-1"},
		{nil, "", ""},
	} {
		if got := parText(c.score, c.contracts); got != c.want {
			t.Errorf("parText(%v, %q) = %q, want %q", c.score, c.contracts, got, c.want)
		}
	}
}
