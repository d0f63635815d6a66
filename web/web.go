// Package web is handrec's local viewer of an archive: pages built on the
// server with html/template over the archive's public views (records,
// hands, calls, travellers, scores, ...), a small script served from the
// binary for the replay, and the same data as JSON under /api/. It only
// reads: the archive is opened read-only, and every query runs with a
// time limit.
package web

import (
	"embed"
	"errors"
	"html/template"
	"io/fs"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"handrec/archive"
	"handrec/ddsolve"
)

//go:embed templates/*.html
var templateFS embed.FS

//go:embed static
var staticFS embed.FS

// Options tune a Server.
type Options struct {
	// QueryTimeout bounds each page's queries; 0 for DefaultQueryTimeout.
	QueryTimeout time.Duration
	// DDTimeout bounds the double-dummy solving of a board the archive
	// has no table for; 0 for DefaultDDTimeout, less than 0 to solve
	// nothing on demand.
	DDTimeout time.Duration
	// PageSize is the rows of a page of search results; 0 for 50.
	PageSize int
	// Hosts are the names (or addresses) besides this machine's that a
	// request served by Serve may name in its Host: those clients reach
	// the server by on an address that is not a loopback one.
	Hosts []string
	// ListSize is the rows of a page of the home page's lists of events
	// and matches; 0 for 50.
	ListSize int
	// CountWait is how long a search page waits for the count of its
	// hits before it leaves it to its script; 0 for DefaultCountWait.
	CountWait time.Duration
}

// Defaults of Options.
const (
	DefaultQueryTimeout = 5 * time.Second
	DefaultDDTimeout    = 10 * time.Second
	defaultPageSize     = 50
	// MaxQuery is the longest query string a request may carry (414
	// beyond), MaxWhere the longest advanced condition (400 beyond).
	MaxQuery = 16 << 10
	MaxWhere = 4 << 10
)

// Server serves the pages of one archive.
type Server struct {
	db    *archive.DB
	opt   Options
	pages map[string]*template.Template
	mux   *http.ServeMux
	dd    ddService
	evs   eventCache
	// manyRows: a player or HCP range of more records is searched
	// record by record (searchForm.condition).
	manyRows int
	// checkHosts refuses a request whose Host is neither this
	// machine's nor one of opt.Hosts (Serve sets it).
	checkHosts bool
	// countLimit is how far a search's hits are counted (maxCount).
	countLimit int
	counts     readCounts
}

// New returns the server of db, which the caller opened (read-only) and
// closes after the server has stopped.
func New(db *archive.DB, opt Options) (*Server, error) {
	if opt.QueryTimeout <= 0 {
		opt.QueryTimeout = DefaultQueryTimeout
	}
	if opt.DDTimeout == 0 {
		opt.DDTimeout = DefaultDDTimeout
	}
	if opt.PageSize <= 0 {
		opt.PageSize = defaultPageSize
	}
	if opt.ListSize <= 0 {
		opt.ListSize = defaultPageSize
	}
	if opt.CountWait <= 0 {
		opt.CountWait = DefaultCountWait
	}
	pages, err := parsePages()
	if err != nil {
		return nil, err
	}
	s := &Server{db: db, opt: opt, pages: pages, mux: http.NewServeMux(), dd: ddsolve.NewService(ddsolve.ServiceOptions{}), manyRows: manyRows,
		countLimit: maxCount}
	s.routes()
	return s, nil
}

// parsePages parses each page template with the layout.
func parsePages() (map[string]*template.Template, error) {
	names, err := fs.Glob(templateFS, "templates/*.html")
	if err != nil {
		return nil, err
	}
	pages := map[string]*template.Template{}
	for _, n := range names {
		base := strings.TrimSuffix(strings.TrimPrefix(n, "templates/"), ".html")
		if base == "layout" {
			continue
		}
		t, err := template.New("layout.html").Funcs(funcs).ParseFS(templateFS, "templates/layout.html", n)
		if err != nil {
			return nil, err
		}
		pages[base] = t
	}
	return pages, nil
}

func (s *Server) routes() {
	s.mux.HandleFunc("GET /{$}", s.page(s.home))
	s.mux.HandleFunc("GET /search", s.page(s.search))
	s.mux.HandleFunc("GET /board/{id}", s.page(s.board))
	s.mux.HandleFunc("GET /board/{id}/{format}", s.download)
	s.mux.HandleFunc("GET /event/{id}", s.page(s.event))
	s.mux.HandleFunc("GET /match/{id}", s.page(s.match))
	s.mux.HandleFunc("GET /api/events", s.api(s.apiEvents))
	s.mux.HandleFunc("GET /api/matches", s.api(s.apiMatches))
	s.mux.HandleFunc("GET /api/search", s.api(s.apiSearch))
	s.mux.HandleFunc("GET /api/count", s.api(s.apiCount))
	s.mux.HandleFunc("GET /api/board/{id}", s.api(s.apiBoard))
	s.mux.HandleFunc("GET /api/event/{id}", s.api(s.apiEvent))
	s.mux.HandleFunc("GET /api/match/{id}", s.api(s.apiMatch))
	static, _ := fs.Sub(staticFS, "static")
	s.mux.Handle("GET /static/", http.StripPrefix("/static/", staticServer(http.FS(static))))
	s.mux.HandleFunc("GET /favicon.ico", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "public, max-age=86400")
		w.WriteHeader(http.StatusNoContent) // no icon, and no 404 for the browser to report
	})
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, notFound("no page %s", r.URL.Path))
	})
}

// contentSecurity lets a page load only the server's own style sheet
// and script, run no inline script, and be framed by no one.
const contentSecurity = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; " +
	"connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

// ServeHTTP sets the security headers of every answer, and refuses a
// request for another host (checkHosts), a request from another site's
// page (crossSite) and a query string longer than MaxQuery.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", contentSecurity)
	h.Set("X-Frame-Options", "DENY")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	h.Set("Vary", "Origin, Sec-Fetch-Site")
	if s.checkHosts && !s.allowedHost(r.Host) {
		// A page of another site whose name it made resolve to the
		// server's address (DNS rebinding) would read the archive as its
		// own.
		s.fail(w, r, &httpError{Code: http.StatusMisdirectedRequest,
			Msg: "this server answers requests for " + s.hostList() + " only, not for " + strconv.Quote(r.Host)})
		return
	}
	if why := crossSite(r); why != "" {
		s.fail(w, r, &httpError{Code: http.StatusForbidden,
			Msg: "this server answers its own pages only, and this request came from another site's (" + why +
				"): open the address from the viewer's pages, or type it in the address bar"})
		return
	}
	if len(r.URL.RawQuery) > MaxQuery {
		s.fail(w, r, &httpError{Code: http.StatusRequestURITooLong,
			Msg: "the query string is " + strconv.Itoa(len(r.URL.RawQuery)) + " bytes long; at most " + strconv.Itoa(MaxQuery) + " are read"})
		return
	}
	s.mux.ServeHTTP(w, r)
}

// hostList names the hosts the server answers requests for.
func (s *Server) hostList() string {
	names := append([]string{"localhost", "127.0.0.1", "[::1]"}, s.opt.Hosts...)
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// staticServer serves the embedded files, which change only with the
// binary.
func staticServer(fsys http.FileSystem) http.Handler {
	files := http.FileServer(fsys)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "" || strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Cache-Control", "public, max-age=3600")
		files.ServeHTTP(w, r)
	})
}

// httpError is a failure the visitor is told about, with its status.
type httpError struct {
	Code int
	Msg  string
	// RetryAfter, when set, is the seconds the visitor is asked to wait
	// before asking again (503: the double-dummy solver is busy).
	RetryAfter int
}

func (e *httpError) Error() string { return e.Msg }

func notFound(format string, a ...any) error {
	return &httpError{Code: http.StatusNotFound, Msg: sprintf(format, a...)}
}

func badRequest(format string, a ...any) error {
	return &httpError{Code: http.StatusBadRequest, Msg: sprintf(format, a...)}
}

// statusOf is the status and message of an error a handler returned: a
// condition the archive refused is the visitor's (400), a query that ran
// out of time 503, anything else 500.
func statusOf(err error) (int, string) {
	var he *httpError
	if errors.As(err, &he) {
		return he.Code, he.Msg
	}
	switch archive.Code(err) {
	case archive.EInvalid, archive.EDenied:
		return http.StatusBadRequest, err.Error()
	}
	if errors.Is(err, errTimeout) {
		return http.StatusServiceUnavailable, err.Error()
	}
	return http.StatusInternalServerError, "the archive could not be read: " + err.Error()
}

// pageFunc builds a page: the template's name and its data.
type pageFunc func(r *http.Request) (name string, data any, err error)

// page renders what fn builds, in one read of the archive, or the error
// page.
func (s *Server) page(fn pageFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r, cancel := s.limited(r)
		defer cancel()
		var name string
		var data any
		err := s.inRead(r, func(r *http.Request) (err error) {
			name, data, err = fn(r)
			return err
		})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		s.render(w, http.StatusOK, name, data)
	}
}

// bufPool holds the buffers pages are rendered into, so that a template
// error is never half a page.
var bufPool = sync.Pool{New: func() any { return new(strings.Builder) }}

func (s *Server) render(w http.ResponseWriter, code int, name string, data any) {
	b := bufPool.Get().(*strings.Builder)
	b.Reset()
	defer bufPool.Put(b)
	if err := s.pages[name].Execute(b, data); err != nil {
		http.Error(w, "the page could not be made: "+err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(code)
	w.Write([]byte(b.String()))
}

// errorPage is the data of the error page.
type errorPage struct {
	Title  string
	Status int
	Msg    string
	Search *searchForm
}

// fail answers with err's status: a page, or JSON under /api/.
func (s *Server) fail(w http.ResponseWriter, r *http.Request, err error) {
	code, msg := statusOf(err)
	if he := (*httpError)(nil); errors.As(err, &he) && he.RetryAfter > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(he.RetryAfter))
	}
	if strings.HasPrefix(r.URL.Path, "/api/") {
		writeJSON(w, code, map[string]any{"error": msg, "status": code})
		return
	}
	s.render(w, code, "error", errorPage{Title: http.StatusText(code), Status: code, Msg: msg, Search: &searchForm{}})
}

// funcs are the templates' functions beyond text/template's own.
var funcs = template.FuncMap{"date": dateText, "count": countText}
