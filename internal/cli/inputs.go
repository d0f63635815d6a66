package cli

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/output"
	"handrec/pipeline"
)

// expandInputs is pipeline.ExpandInputs with what a directory walk left
// out (a FIFO or a device with a record's name) noted on stderr.
func expandInputs(c *cli.Context, args []string) ([]string, error) {
	return pipeline.ExpandInputs(args, func(path string) {
		fmt.Fprintf(c.App.ErrWriter, "%s: skipped: not a regular file\n", output.Escape(path))
	})
}
