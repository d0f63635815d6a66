package cli

import (
	"context"
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/parquet"
)

// exportParquet writes the archive's main views as Parquet files into the
// directory -o names: the views whole, since each is a table of its own
// that an analytic engine joins and filters itself.
func exportParquet(c *cli.Context) error {
	dir := c.String("output")
	if dir == "" {
		return usagef("export: --to parquet writes a file a view into a directory: give -o DIR")
	}
	for _, f := range []string{"where", "dd", "utf8", "boards", "rotate", "renumber", "dedupe"} {
		if c.IsSet(f) {
			return usagef("export: --to parquet writes the archive's views whole: --%s has no meaning there", f)
		}
	}
	ctx := c.Context
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	files, err := parquet.Write(ctx, dir, createdBy(), func(ctx context.Context, query string, row func([]any) error) error {
		return db.Query(ctx, query, nil, func(_ []string, vals []any) error { return row(vals) })
	})
	if err != nil {
		return fmt.Errorf("export: %w", err)
	}
	for _, f := range files {
		fmt.Fprintf(c.App.ErrWriter, "handrec: export: %s: %s, %d bytes\n", f.Path, counted(int(f.Rows), "row", "rows"), f.Bytes)
	}
	return nil
}
