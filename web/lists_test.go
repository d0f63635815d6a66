package web

import (
	"encoding/json"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// checkHas fails for each fragment the page at path lacks.
func checkHas(t *testing.T, s *Server, path string, frags ...string) {
	t.Helper()
	w := get(t, s, path)
	if w.Code != 200 {
		t.Errorf("%s: %d\n%s", path, w.Code, w.Body.String())
		return
	}
	for _, f := range frags {
		if !strings.Contains(w.Body.String(), f) {
			t.Errorf("%s lacks %s", path, f)
		}
	}
}

// TestScoreColumn: a LIN record (no Score tag) is given the score of its
// contract and result in search results, as a PBN record's Score tag
// writes it; a record of a historic code is given none (its code's score
// is on its board page).
func TestScoreColumn(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{CountWait: time.Minute}) // the count on the page, however busy the machine
		checkHas(t, s, "/search?where="+url.QueryEscape("file LIKE '%bbo_single.lin'"),
			`<td>4HXX</td><td>W</td><td>-1</td><td class="score">NS 200</td></tr>`, `<p class="count">1 record</p>`)
		checkHas(t, s, "/search?where="+url.QueryEscape("file LIKE '%vugraph_match.lin'"),
			`<td>5CX</td><td>N</td><td>-3</td><td class="score">NS -500</td></tr>`, `<td>4S</td><td>W</td><td>&#43;1</td><td class="score">NS -450</td></tr>`)
		checkHas(t, s, "/search?board=1&event=Auction", `<td>2H</td><td>S</td><td>&#43;1</td><td class="score"></td></tr>`)
		checkHas(t, s, "/board/7", `Contract <strong>4HXX</strong> by W, -1 (9 tricks) · score NS 200</p>`)
		checkHas(t, s, "/board/42", `<tr><td></td><td>7 Berg, &#34;Bror&#34;</td><td>2 </td><td>6H</td><td>N</td><td>12</td><td></td><td>1430</td>`)
		var api struct{ Records []recordRow }
		w := get(t, s, "/api/search?board=1&where="+url.QueryEscape("file LIKE '%.lin'"))
		if err := json.Unmarshal(w.Body.Bytes(), &api); err != nil || len(api.Records) != 3 || api.Records[0].Score != "NS 200" || api.Records[2].Score != "NS -100" {
			t.Errorf("api: %v %s", err, w.Body.String())
		}
	})
}

// TestHitCounts: the search page says how many records match, to the
// count's limit.
func TestHitCounts(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{PageSize: 5, CountWait: time.Minute})
		checkHas(t, s, "/search?board=1", `<p class="count">17 records</p>`)
		checkHas(t, s, "/search?board=1&after=46", `<p class="count">17 records</p>`) // every page says the whole count
		checkHas(t, s, "/search?player=Helness%2C+T.", `<p class="count">2 records</p>`)
		checkHas(t, s, "/search?contract=7NT", `<p class="count">0 records</p>`, `No record matches.`)
		var api struct{ Count hitCount }
		w := get(t, s, "/api/search?board=2")
		if err := json.Unmarshal(w.Body.Bytes(), &api); err != nil || api.Count != (hitCount{N: 14}) {
			t.Errorf("api: %v %+v", err, api.Count)
		}
		s.countLimit = 10
		checkHas(t, s, "/search?board=1", `<p class="count">more than 10 records</p>`)
		s.countLimit = 17
		checkHas(t, s, "/search?board=1", `<p class="count">17 records</p>`)
	})
}

// TestCountLater: a count not made within CountWait is left to the page's
// script, which asks /api/count; a count still under way there is a 503
// that says so.
func TestCountLater(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		// the time limit is how long /api/count waits for a count under
		// way, and the count's own: 300 ms was too short for PostgreSQL's
		// at load 14
		s := newTestServer(t, eng, Options{CountWait: time.Millisecond, QueryTimeout: 2 * time.Second})
		c := &s.counts.hits
		c.running, c.sem = map[string]chan struct{}{}, make(chan struct{}, countsAtOnce)
		for range countsAtOnce {
			c.sem <- struct{}{} // every count waits its turn
		}
		checkHas(t, s, "/search?board=2&declarer=S", `<p class="count" data-count="/api/count?board=2&amp;declarer=S">Counting the records…</p>`)
		w := get(t, s, "/api/count?board=2&declarer=S")
		if w.Code != 503 || !strings.Contains(w.Body.String(), "the records are still being counted; ask again in a moment") {
			t.Errorf("a count under way: %d %s", w.Code, w.Body.String())
		}
		for range countsAtOnce {
			<-c.sem
		}
		w = get(t, s, "/api/count?board=2&declarer=S")
		var got struct {
			Records int64
			More    bool
			Text    string
		}
		if err := json.Unmarshal(w.Body.Bytes(), &got); err != nil || w.Code != 200 || got.Records != 2 || got.More || got.Text != "2 records" {
			t.Errorf("the count: %d %s", w.Code, w.Body.String())
		}
		checkHas(t, s, "/search?board=2&declarer=S", `<p class="count">2 records</p>`) // kept
	})
}

// TestHomeLists: the home page's events and matches come a page at a
// time, with a filter on their names.
func TestHomeLists(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{ListSize: 4})
		checkHas(t, s, "/", `<nav class="pager"><span class="range">1–4 of 12</span> <a rel="next" href="/?events=2#events">next →</a></nav>`,
			`<a class="trunc name" href="/event/1" title="Auction Bridge rubber">`, `<nav class="pager"><span class="range">1–1 of 1</span></nav>`)
		checkHas(t, s, "/?events=3",
			`<nav class="pager"><span class="range">9–12 of 12</span> <a rel="prev" href="/?events=2#events">← previous</a></nav>`,
			`title="Club rubber">Club rubber</a>`)
		checkHas(t, s, "/?q=RUBBER", `<span class="range">1–3 of 3</span>`, `title="Auction Bridge rubber"`, `title="Pirate Bridge rubber"`, `title="Club rubber"`,
			`<span class="range">none</span>`, `No match's event, segment or team holds “RUBBER”.`)
		checkHas(t, s, "/?q=elms&events=2", `No event's name or site holds “elms”.`, `<span class="range">1–1 of 1</span>`, `href="/match/1"`)
		checkHas(t, s, "/?q=e&events=2&matches=1", `<span class="range">5–8 of 11</span> <a rel="prev" href="/?q=e#events">← previous</a> <a rel="next" href="/?events=3&amp;q=e#events">next →</a>`)
		var api struct {
			Events []eventRow
			Total  int
			Next   string
		}
		w := get(t, s, "/api/events?q=rubber")
		if err := json.Unmarshal(w.Body.Bytes(), &api); err != nil || api.Total != 3 || len(api.Events) != 3 || api.Next != "" {
			t.Errorf("api events: %v %s", err, w.Body.String())
		}
		w = get(t, s, "/api/events")
		if err := json.Unmarshal(w.Body.Bytes(), &api); err != nil || api.Total != 12 || len(api.Events) != 4 || api.Next != "/api/events?events=2" {
			t.Errorf("api events: %v %s", err, w.Body.String())
		}
	})
}

// TestNamesAndDates: a long name is cut in the lists, whole in its title;
// a date shows what is known of it.
func TestNamesAndDates(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		long := strings.Repeat("The Long Event Name of a Congress ", 7) + "the Last"
		checkHas(t, s, "/search?where="+url.QueryEscape("file LIKE '%long.pbn'"),
			`<td><span class="trunc name" title="`+long+`">`+long+`</span></td><td>2024</td>`)
		home := get(t, s, "/").Body.String()
		m := regexp.MustCompile(`<a class="trunc name" href="(/event/\d+)" title="` + long + `">` + long + `</a></td><td><span class="trunc site" title="Somewhere">Somewhere</span></td><td class="n">1</td><td class="n">1</td><td>2024</td></tr>`).FindStringSubmatch(home)
		if m == nil {
			t.Fatalf("the home page lacks the long event's row")
		}
		checkHas(t, s, "/board/66", `<p class="facts"><span>`+long+`</span> · <span>Somewhere</span> · <span>2024</span></p>`)
		checkHas(t, s, "/board/67", `<p class="facts"><span>Club rubber</span> · <span>1925</span></p>`)
		checkHas(t, s, m[1], `<p class="facts">Somewhere · 1 games, 1 boards · 2024</p>`)
		for in, want := range map[string]string{"2024.??.??": "2024", "2024.05.??": "2024.05", "2024.05.01": "2024.05.01", "????.??.??": "", "": "", "?": ""} {
			if got := dateText(in); got != want {
				t.Errorf("dateText(%q) = %q, want %q", in, got, want)
			}
		}
	})
}

// TestScoreCodes: the board page lists the scores under the codes that
// apply to the record, the others behind a toggle: the code its Scoring
// tag names; else the historic codes for a record dated before 1930;
// else contract.
func TestScoreCodes(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{DDTimeout: -1})
		row := func(code, ns, ew string) string {
			return `<tr><td>` + code + `</td><td class="n">` + ns + `</td><td class="n">` + ew + `</td><td class="n"></td><td class="n"></td><td class="n"></td><td class="n"></td></tr>`
		}
		const toggle = `<details class="othercodes"><summary>Under the other codes (`
		// 2024, Scoring "IMP": contract
		checkHas(t, s, "/board/46", `<tbody>`+row("contract", "2200", "0")+`</tbody></table>`+"\n"+toggle+`4)</summary>`)
		// Scoring "auction1915"
		checkHas(t, s, "/board/1", `<tbody>`+row("auction1915", "40", "0")+`</tbody></table>`+"\n"+toggle+`4)</summary>`,
			row("contract", "140", "0")+`<tr><td>pirate1916</td>`)
		// 1925, no Scoring tag: the historic codes
		checkHas(t, s, "/board/67", `<tbody>`+row("auction1915", "90", "0")+row("bridge1895", "20", "0")+row("bridge1904", "20", "0"),
			toggle+`1)</summary>`+"\n"+`<table><thead><tr><th>Code</th><th>NS</th><th>EW</th><th>N</th><th>E</th><th>S</th><th>W</th></tr></thead>`+"\n"+`<tbody>`+row("contract", "110", "0")+`</tbody>`)
		var api struct{ Extra struct{ Scores []scoreRow } }
		w := get(t, s, "/api/board/67?dd=0")
		if err := json.Unmarshal(w.Body.Bytes(), &api); err != nil || len(api.Extra.Scores) != 5 {
			t.Fatalf("api: %v %s", err, w.Body.String())
		}
		var applies []string
		for _, sc := range api.Extra.Scores {
			if sc.Applies {
				applies = append(applies, sc.Code)
			}
		}
		if got := strings.Join(applies, " "); got != "auction1915 bridge1895 bridge1904 pirate1916" {
			t.Errorf("api: the codes that apply: %s", got)
		}
	})
}

// TestOneRead: a board page reads the archive once, in four statements
// (the record with its places, the records before and after, the same
// deal elsewhere, the double-dummy table; a fifth for a traveller's
// rows, or for the records of a rubber's file), where it made a dozen
// reads;
// a search page once, in one (the page: whether a player's records are
// few or many, and the count of hits, are kept); every page and answer
// of the API once.
func TestOneRead(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{DDTimeout: -1})
		for _, c := range []struct {
			path              string
			reads, statements int64
		}{
			{"/board/46", 1, 4},
			{"/board/46?trick=7&card=4", 1, 4},
			{"/board/42", 1, 5}, // and its traveller's rows
			{"/board/1", 1, 5},  // and its file's records, for its rubber's score block
			{"/api/board/46?dd=0", 1, 3},
			{"/search?player=Helness%2C+T.", 1, 1}, // whether the name's records are many, and their count, are kept
			{"/search?contract=4S", 1, 1},
			{"/match/1", 1, 2},
			{"/event/1", 1, 1},
			{"/board/46/pbn", 1, 1},
		} {
			get(t, s, c.path) // the events listed and the counts kept
			r0, s0 := s.counts.reads.Load(), s.counts.statements.Load()
			if w := get(t, s, c.path); w.Code != 200 {
				t.Fatalf("%s: %d", c.path, w.Code)
			}
			if r, st := s.counts.reads.Load()-r0, s.counts.statements.Load()-s0; r != c.reads || st != c.statements {
				t.Errorf("%s: %d reads, %d statements; want %d, %d", c.path, r, st, c.reads, c.statements)
			}
		}
	})
}
