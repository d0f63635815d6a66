package cli

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/output"
)

// summary ends a command that reads many files (check, import) with its
// counts, on stderr: stdout carries only data (check's problems, nothing for
// import), so a pipe or a redirect gets none of it, as with any diagnostic.
func summary(c *cli.Context, format string, a ...any) {
	fmt.Fprintln(c.App.ErrWriter, output.Escape(fmt.Sprintf(format, a...)))
}
