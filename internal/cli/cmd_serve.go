package cli

import (
	"fmt"
	"net"
	"os"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/web"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "browse the archive in a web browser: search, boards, replay (read-only, local)",
		UsageText: "handrec serve [--db PATH|URL] [--addr 127.0.0.1:8080] [--public HOST]...\n\n" +
			"Examples:\n   handrec serve --db club.db\n   handrec serve --addr 127.0.0.1:9000\n" +
			"   handrec serve --addr 0.0.0.0:8080 --public bridge.example.org",
		Description: "Serves a read-only web viewer of the archive until Ctrl-C: the events and a search form at /, " +
			"/search?where=CONDITION (and board, player, contract, declarer, result, event, date, hcp, vul), " +
			"/board/ID (ID the records view's id) with the diagram, auction, replay, double-dummy table, traveller " +
			"and scores, /event/ID, /match/ID (a team match scored as session scores it), and the same as JSON under " +
			"/api/ (see docs/serve.md). It listens on 127.0.0.1 unless --addr names another address, which must come " +
			"with --public and the names clients reach it by: it answers requests for this machine's names and those " +
			"only, and none that another site's page makes. On a PostgreSQL archive it connects as a role that is no " +
			"superuser (see docs/archive.md). Exit status: 130 when stopped by Ctrl-C; 1 the archive could not " +
			"be opened or the address not bound; 2 a usage error.",
		Flags: []cli.Flag{
			dbFlag(),
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT`; a port of 0 picks a free one"},
			&cli.StringSliceFlag{Name: "public", Usage: "serve on an address other than a loopback one, answering requests for `HOST`, " +
				"a name or address clients reach this machine by (repeat it for each)"},
			&cli.DurationFlag{Name: "query-timeout", Value: web.DefaultQueryTimeout, Usage: "the time limit of each page's queries"},
			&cli.DurationFlag{Name: "dd-timeout", Value: web.DefaultDDTimeout, Usage: "how long a page waits for a double-dummy table the archive lacks; 0 solves none"},
		},
		Action: runServe,
	}
}

// serveGC gives the server Go's default GC headroom: its live heap is
// small (a page's record and rows), but every page makes garbage: over
// 9,000 pages of a million-record archive its peak RSS was 165 MB at
// handrec's GOGC=400 and 124 MB at 100 (most of the rest is SQLite's page
// cache). GOGC in the environment takes precedence.
func serveGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(100)
	}
}

func runServe(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("serve: unexpected argument %q (the archive is given with --db)", c.Args().First())
	}
	hosts, err := publicHosts(c)
	if err != nil {
		return err
	}
	serveGC()
	ctx := c.Context
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.CheckReader(ctx); err != nil {
		return usagef("serve: %v", err)
	}
	ddWait := c.Duration("dd-timeout")
	if ddWait <= 0 {
		ddWait = -1 // web.Options: solve nothing on demand
	}
	srv, err := web.New(db, web.Options{QueryTimeout: c.Duration("query-timeout"), DDTimeout: ddWait, Hosts: hosts})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	addr := ln.Addr().String()
	if !web.Loopback(addr) {
		if len(hosts) == 0 { // a name that resolved to another address
			ln.Close()
			return usagef("serve: %s is not a loopback address: %s", addr, publicHint(c.String("addr")))
		}
		fmt.Fprintf(c.App.ErrWriter, "handrec: serve: %s is not a loopback address: whoever reaches it can read the archive (requests for %s are answered)\n",
			addr, strings.Join(hosts, ", "))
	}
	fmt.Fprintf(c.App.ErrWriter, "handrec: serving %s at http://%s/ (Ctrl-C to stop)\n", db.Path(), addr)
	return srv.Serve(ctx, ln)
}

// publicHosts are the names serve answers requests for besides this
// machine's: --public's, and the address --addr names when it is one
// address (not 0.0.0.0 or ::). An address that is not a loopback one
// needs --public: whoever reaches it reads the archive.
func publicHosts(c *cli.Context) ([]string, error) {
	addr := c.String("addr")
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, usagef("serve: --addr %q: give HOST:PORT, such as 127.0.0.1:8080", addr)
	}
	public := c.StringSlice("public")
	if len(public) == 0 {
		if !web.Loopback(addr) {
			return nil, usagef("serve: %s is not a loopback address: %s", addr, publicHint(addr))
		}
		return nil, nil
	}
	var hosts []string
	for _, h := range public {
		if h == "" || strings.ContainsAny(h, "/@ ") {
			return nil, usagef("serve: --public %q: give a host name or address, such as bridge.example.org", h)
		}
		hosts = append(hosts, h)
	}
	if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() && !ip.IsLoopback() {
		hosts = append(hosts, host)
	}
	return hosts, nil
}

// publicHint says what serving on addr, not a loopback address, asks.
func publicHint(addr string) string {
	return "whoever reaches it can read the archive; to serve there, give --public HOST with each name clients reach " +
		"this machine by (handrec serve --addr " + addr + " --public bridge.example.org)"
}
