package cli

import (
	"fmt"
	"net"
	"os"
	"runtime/debug"

	"github.com/urfave/cli/v2"

	"handrec/web"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "browse the archive in a web browser: search, boards, replay (read-only, local)",
		UsageText: "handrec serve [--db PATH] [--addr 127.0.0.1:8080]\n\n" +
			"Examples:\n   handrec serve --db club.db\n   handrec serve --addr 127.0.0.1:9000",
		Description: "Serves a read-only web viewer of the archive until Ctrl-C: the events and a search form at /, " +
			"/search?where=CONDITION (and board, player, contract, declarer, result, event, date, hcp, vul), " +
			"/board/ID (ID the records view's id) with the diagram, auction, replay, double-dummy table, traveller " +
			"and scores, /event/ID, and the same as JSON under /api/ (see docs/serve.md). It listens on 127.0.0.1 " +
			"unless --addr names another address, and answers no request that another site's page makes. On a PostgreSQL archive " +
			"it connects as a role that is no superuser (see docs/archive.md). Exit status: 130 when stopped by Ctrl-C; 1 the archive could not " +
			"be opened or the address not bound; 2 a usage error.",
		Flags: []cli.Flag{
			dbFlag(),
			&cli.StringFlag{Name: "addr", Value: "127.0.0.1:8080", Usage: "listen on `HOST:PORT`; a port of 0 picks a free one"},
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
	srv, err := web.New(db, web.Options{QueryTimeout: c.Duration("query-timeout"), DDTimeout: ddWait})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", c.String("addr"))
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	addr := ln.Addr().String()
	if !web.Loopback(addr) {
		fmt.Fprintf(c.App.ErrWriter, "handrec: serve: %s is not a loopback address: whoever reaches it can read the archive\n", addr)
	}
	fmt.Fprintf(c.App.ErrWriter, "handrec: serving %s at http://%s/ (Ctrl-C to stop)\n", db.Path(), addr)
	return srv.Serve(ctx, ln)
}
