package web

import (
	"context"
	"encoding/json"
	"html"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// errorOf is the message of an error page or of the API's error.
func errorOf(t *testing.T, path string, w *httptest.ResponseRecorder) string {
	t.Helper()
	if strings.HasPrefix(path, "/api/") {
		var e struct {
			Error  string `json:"error"`
			Status int    `json:"status"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &e); err != nil || e.Status != w.Code {
			t.Fatalf("%s: %d %s", path, w.Code, w.Body.String())
		}
		return e.Error
	}
	body := w.Body.String()
	i, j := strings.Index(body, `<p class="error">`), strings.Index(body, "</p>")
	if i < 0 || j < i {
		t.Fatalf("%s: no message on the error page:\n%s", path, body)
	}
	return html.UnescapeString(body[i+len(`<p class="error">`) : j])
}

// TestCrossSite: a request that another site's page makes (a link, a
// form, an image, a script, a page on another port of this machine), as
// the browser marks it (Sec-Fetch-Site, Origin), is refused on every
// route before it reaches the archive; one from the viewer's own pages,
// or typed in the address bar, is answered.
func TestCrossSite(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		const own = "this server answers its own pages only, and this request came from another site's ("
		const end = "): open the address from the viewer's pages, or type it in the address bar"
		for _, c := range []struct {
			path, header, value string
			code                int
			msg                 string
		}{
			{"/search?where=1%3D1", "Origin", "https://evil.example", 403, own + "Origin: https://evil.example" + end},
			{"/api/search?where=1%3D1", "Origin", "https://evil.example", 403, own + "Origin: https://evil.example" + end},
			{"/board/1", "Sec-Fetch-Site", "cross-site", 403, own + "Sec-Fetch-Site: cross-site" + end},
			{"/static/style.css", "Sec-Fetch-Site", "cross-site", 403, ""},
			{"/api/events", "Sec-Fetch-Site", "same-site", 403, own + "Sec-Fetch-Site: same-site" + end},
			{"/", "Origin", "null", 403, own + "Origin: null" + end},
			{"/", "Origin", "http://example.com:8080", 403, own + "Origin: http://example.com:8080" + end},
			{"/search?where=1%3D1", "Origin", "http://example.com", 200, ""},
			{"/search?where=1%3D1", "Sec-Fetch-Site", "same-origin", 200, ""},
			{"/board/1", "Sec-Fetch-Site", "none", 200, ""},
		} {
			t.Run(c.path+" "+c.header+" "+c.value, func(t *testing.T) {
				req := httptest.NewRequest("GET", c.path, nil) // Host example.com
				req.Header.Set(c.header, c.value)
				w := httptest.NewRecorder()
				s.ServeHTTP(w, req)
				if w.Code != c.code {
					t.Fatalf("%d, want %d: %s", w.Code, c.code, w.Body.String())
				}
				checkHeaders(t, c.path, w)
				if c.msg != "" {
					if got := errorOf(t, c.path, w); got != c.msg {
						t.Errorf("message %q, want %q", got, c.msg)
					}
				}
			})
		}
	})
}

// TestSearchParameters: a page's key that is not a record's id, both
// keys at once, and a result no contract can have are the visitor's
// mistakes (400, with what to give), not a search for something else.
func TestSearchParameters(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		for _, c := range []struct{ query, msg string }{
			{"after=abc", `after="abc": give a record's id, a number from 1`},
			{"before=0", `before="0": give a record's id, a number from 1`},
			{"after=-5", `after="-5": give a record's id, a number from 1`},
			{"after=", `after="": give a record's id, a number from 1`},
			{"after=1&after=2", `after is given 2 times: give it once`},
			{"after=3&before=9", `after=3 and before=9: a page is the records after an id or before one, not both`},
			{"result=%2B99", `result "+99": give declarer's tricks (0 to 13) or =, +1 to +6, -1 to -13`},
			{"result=-14", `result "-14": give declarer's tricks (0 to 13) or =, +1 to +6, -1 to -13`},
			{"result=14", `result "14": give declarer's tricks (0 to 13) or =, +1 to +6, -1 to -13`},
			{"result=%2B0", `result "+0": give declarer's tricks (0 to 13) or =, +1 to +6, -1 to -13`},
		} {
			for _, base := range []string{"/search?", "/api/search?"} {
				w := get(t, s, base+c.query)
				if w.Code != 400 {
					t.Errorf("%s%s: %d, want 400", base, c.query, w.Code)
					continue
				}
				if got := errorOf(t, base+c.query, w); got != c.msg {
					t.Errorf("%s%s: %q, want %q", base, c.query, got, c.msg)
				}
			}
		}
		for _, q := range []string{"after=1", "before=30", "result=%2B6", "result=-13", "result=13", "result=0", "result=%3D"} {
			if w := get(t, s, "/api/search?"+q); w.Code != 200 {
				t.Errorf("%s: %d %s", q, w.Code, w.Body.String())
			}
		}
	})
}

// TestPageParameters: the page parameters of the event page (after,
// before) and of the home page's lists (events, matches, and the filter
// q), on the pages and their API, are read as a search's are: one that
// cannot be read is the visitor's error (400), with what to give instead,
// where they were ignored and the first page shown.
func TestPageParameters(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		long := strings.Repeat("x", 201)
		for _, c := range []struct {
			bases      []string
			query, msg string
		}{
			{[]string{"/event/1?", "/api/event/1?"}, "after=abc", `after="abc": give a record's id, a number from 1`},
			{[]string{"/event/1?", "/api/event/1?"}, "before=-1", `before="-1": give a record's id, a number from 1`},
			{[]string{"/event/1?", "/api/event/1?"}, "after=", `after="": give a record's id, a number from 1`},
			{[]string{"/event/1?", "/api/event/1?"}, "before=1&before=2", `before is given 2 times: give it once`},
			{[]string{"/event/1?", "/api/event/1?"}, "after=2&before=9", `after=2 and before=9: a page is the records after an id or before one, not both`},
			{[]string{"/?", "/api/events?"}, "events=abc", `events="abc": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/events?"}, "events=0", `events="0": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/events?"}, "events=02", `events="02": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/events?"}, "events=%2B2", `events="+2": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/events?"}, "events=1048576", `events="1048576": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/matches?"}, "matches=-1", `matches="-1": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/matches?"}, "matches=", `matches="": give a page's number, from 1 to 1048575`},
			{[]string{"/?", "/api/matches?"}, "matches=1&matches=2", `matches is given 2 times: give it once`},
			{[]string{"/?", "/api/events?", "/api/matches?"}, "q=" + long, `q is 201 bytes long: a filter is at most 200`},
			{[]string{"/?", "/api/events?", "/api/matches?"}, "q=a&q=b", `q is given 2 times: give it once`},
		} {
			for _, base := range c.bases {
				w := get(t, s, base+c.query)
				if w.Code != 400 {
					t.Errorf("%s%s: %d, want 400", base, c.query, w.Code)
					continue
				}
				if got := errorOf(t, base+c.query, w); got != c.msg {
					t.Errorf("%s%s: %q, want %q", base, c.query, got, c.msg)
				}
			}
		}
		for _, path := range []string{"/event/1?after=1", "/api/event/1?before=30", "/?events=2&matches=1&q=rubber",
			"/api/events?events=1048575", "/api/matches?matches=3", "/?q=" + long[:200]} {
			if w := get(t, s, path); w.Code != 200 {
				t.Errorf("%s: %d %s", path, w.Code, w.Body.String())
			}
		}
	})
}

// TestPublicHosts: on an address that is not a loopback one, Serve
// refuses to listen without the names clients reach it by, and with them
// answers requests for those names and this machine's, and none other.
func TestPublicHosts(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{})
		ln, err := net.Listen("tcp", "0.0.0.0:0")
		if err != nil {
			t.Skip(err)
		}
		err = s.Serve(context.Background(), ln)
		ln.Close()
		if want := "web: " + ln.Addr().String() + " is not a loopback address: Options.Hosts must name the hosts clients reach it by"; err == nil || err.Error() != want {
			t.Errorf("Serve without hosts: %v, want %q", err, want)
		}

		pub, err := New(s.db, Options{Hosts: []string{"bridge.example.org", "192.0.2.7"}})
		if err != nil {
			t.Fatal(err)
		}
		ln, err = net.Listen("tcp", "0.0.0.0:0")
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() { done <- pub.Serve(ctx, ln) }()
		defer func() { cancel(); <-done }()
		base := "http://127.0.0.1:" + strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
		for _, c := range []struct {
			host string
			code int
		}{
			{"bridge.example.org", 200}, {"BRIDGE.example.org:8080", 200}, {"192.0.2.7:80", 200}, {"localhost", 200},
			{"evil.example", 421}, {"bridge.example.org.evil.example", 421}, {"0.0.0.0", 421},
		} {
			req, _ := http.NewRequest("GET", base+"/", nil)
			req.Host = c.host
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			if resp.StatusCode != c.code {
				t.Errorf("Host %s: %d, want %d", c.host, resp.StatusCode, c.code)
			}
			want := "this server answers requests for localhost, 127.0.0.1, [::1], bridge.example.org or 192.0.2.7 only, not for &#34;" + c.host + "&#34;"
			if c.code == 421 && !strings.Contains(string(body), want) {
				t.Errorf("Host %s: %s", c.host, body)
			}
		}
	})
}

// TestPositive: ids and pages are digits from 1, no sign, space or
// leading zero, 18 digits at most.
func TestPositive(t *testing.T) {
	for _, c := range []struct {
		s  string
		n  int64
		ok bool
	}{
		{"1", 1, true}, {"46", 46, true}, {"999999999999999999", 999999999999999999, true},
		{"", 0, false}, {"0", 0, false}, {"02", 0, false}, {"+2", 0, false}, {"-2", 0, false}, {" 2", 0, false},
		{"2 ", 0, false}, {"1e3", 0, false}, {"0x10", 0, false}, {"1000000000000000000", 0, false},
	} {
		if n, ok := positive(c.s); n != c.n || ok != c.ok {
			t.Errorf("positive(%q) = %d, %v; want %d, %v", c.s, n, ok, c.n, c.ok)
		}
	}
}
