package archtest

import (
	"go/ast"
	"go/token"
	"strings"
	"testing"
)

// knownGoroutines are the functions outside internal/ordered that start
// a goroutine, each with why it is no parallel map; an entry no goroutine
// needs any more fails the test.
var knownGoroutines = map[string]string{
	"web/serve.go Serve":                      "the HTTP server",
	"ddsolve/service.go Solve":                "a page's deal solved beyond the page's time limit, one at a time",
	"web/events.go get":                       "the events counted beyond the page's time limit",
	"web/count.go hits":                       "a search's hits counted beyond the page's wait (two at a time, the page asks /api/count for them)",
	"pipeline/files.go openFile":              "a FIFO's open, which blocks until a writer comes, left to a cancelled context",
	"pipeline/import_dd.go close":             "the reader closed once the deals being solved are done",
	"internal/cli/signals.go interruptible":   "the watch over the signals",
	"archive/postgres/import.go startWriting": "the one writer of a file's batches to PostgreSQL, so that the server stores a batch while the client prepares the next: a stage of one, in order, no map",
}

// TestOneParallelMap holds that the work spread over the cores goes
// through the one ordered parallel map, internal/ordered (the PBN and
// LIN readers, import, --dd, dd, import --dd): no other function starts a
// goroutine but those listed, each for a reason that is no map.
func TestOneParallelMap(t *testing.T) {
	kl := newKnownList(knownGoroutines)
	eachFunc(t, func(fset *token.FileSet, path string, _ *ast.File, fd *ast.FuncDecl) {
		if strings.HasPrefix(path, "internal/ordered/") {
			return
		}
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if g, ok := n.(*ast.GoStmt); ok {
				kl.see(path+" "+fd.Name.Name, fset.Position(g.Pos()).String()+": a goroutine in "+fd.Name.Name)
			}
			return true
		})
	})
	kl.check(t, "goroutines outside internal/ordered")
}
