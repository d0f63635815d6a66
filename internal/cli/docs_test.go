package cli

import (
	"flag"
	"io"
	"os"
	"strings"
	"testing"
)

var updateDocs = flag.Bool("update", false, "rewrite docs/commands.md and handrec.1 from the CLI's definition")

// The command reference (docs/commands.md) and the man page (handrec.1)
// are made from the CLI's own definition, so they cannot drift from
// handrec --help: this test fails when either is stale. To remake them:
//
//	go test ./internal/cli -run TestCommandDocs -update
func TestCommandDocs(t *testing.T) {
	t.Parallel()
	app := newApp(strings.NewReader(""), io.Discard, io.Discard)
	for _, c := range app.Commands {
		// urfave/cli's generators print a command's usage line, not its
		// description: the reference gives both
		if c.Description != "" {
			c.Usage += "\n\n" + c.Description
		}
	}
	md, err := app.ToMarkdown()
	if err != nil {
		t.Fatal(err)
	}
	man, err := app.ToManWithSection(1)
	if err != nil {
		t.Fatal(err)
	}
	md = "<!-- Made by `go test ./internal/cli -run TestCommandDocs -update` from the CLI's definition: do not edit. -->\n\n" + md
	for _, d := range []struct{ path, text string }{{"docs/commands.md", md}, {"handrec.1", man}} {
		if *updateDocs {
			if err := os.WriteFile(d.path, []byte(d.text), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		b, err := os.ReadFile(d.path)
		if err != nil {
			t.Fatalf("%v (make it: go test ./internal/cli -run TestCommandDocs -update)", err)
		}
		if string(b) != d.text {
			t.Errorf("%s is stale: the CLI's help changed; remake it with go test ./internal/cli -run TestCommandDocs -update", d.path)
		}
	}
}
