package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// shutdownGrace is how long the requests in flight have to finish once
// the server is asked to stop; the process's own grace (2 s after
// Ctrl-C) is longer.
const shutdownGrace = time.Second

// Serve answers requests on ln until ctx is cancelled, then stops
// taking connections, lets the requests in flight finish (shutdownGrace
// at most) and returns ctx's error. A request line and headers of more
// than MaxQuery+4 KiB are refused (431), and a client has 10 s to send
// them.
//
// It answers only requests that name this machine in their Host
// (localhost, a loopback address, with any port) or one of
// Options.Hosts: a page of another site cannot read the archive by making
// its own name resolve to the server's address (DNS rebinding). On an
// address that is not a loopback one, the names clients reach it by must
// be given (Options.Hosts): Serve refuses to listen there without them.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if !Loopback(ln.Addr().String()) && len(s.opt.Hosts) == 0 {
		return errors.New("web: " + ln.Addr().String() + " is not a loopback address: Options.Hosts must name the hosts clients reach it by")
	}
	s.checkHosts = true
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       60 * time.Second,
		MaxHeaderBytes:    MaxQuery + 4<<10,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil {
		srv.Close()
	}
	if err := <-errc; err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return ctx.Err()
}

// Loopback reports whether addr (host:port) names only this machine.
func Loopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	return loopbackHost(host)
}

// hostName is host (a Host header, an address) without its port and
// brackets.
func hostName(host string) string {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	return strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
}

// loopbackHost reports whether host, with or without a port, names this
// machine.
func loopbackHost(host string) bool {
	host = hostName(host)
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// allowedHost reports whether a request for host (its Host header) is
// answered: this machine's names, and those of Options.Hosts.
func (s *Server) allowedHost(host string) bool {
	if loopbackHost(host) {
		return true
	}
	name := hostName(host)
	for _, h := range s.opt.Hosts {
		if strings.EqualFold(hostName(h), name) {
			return true
		}
	}
	return false
}

// crossSite says why r came from a page that is not the server's own
// (its Sec-Fetch-Site, or its Origin), or "" when it did not: a link,
// a form, an image or a script of another site, another port of this
// machine among them, would otherwise run a search with the visitor's
// access, a condition of its choosing included. A request without either
// header (typed in the address bar, or not from a browser) is answered.
func crossSite(r *http.Request) string {
	switch site := r.Header.Get("Sec-Fetch-Site"); site {
	case "cross-site", "same-site":
		return "Sec-Fetch-Site: " + site
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		return ""
	}
	u, err := url.Parse(origin)
	if err != nil || u.Scheme != "http" && u.Scheme != "https" || !strings.EqualFold(u.Host, r.Host) {
		return "Origin: " + origin
	}
	return ""
}
