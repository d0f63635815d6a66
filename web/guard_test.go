package web

import (
	"encoding/json"
	"html"
	"net/http/httptest"
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
	s := newTestServer(t, Options{})
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
}
