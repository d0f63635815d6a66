package cli

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"handrec/pipeline"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "write records of the archive out as PBN, LIN, JSON, CSV, text diagrams, or Parquet files of its views",
		UsageText: "handrec export [--db PATH] [--where CONDITION] --to pbn|lin|json|csv|txt [--dd] [-o OUT]\n" +
			"   handrec export [--db PATH] --to parquet -o DIR\n\n" +
			"Examples:\n   handrec export --to pbn --where \"event = 'Spring Foursomes'\" -o spring.pbn\n" +
			"   handrec export --to json --where \"id IN (SELECT record FROM hands WHERE hcp >= 25)\"",
		Description: "Writes the records that CONDITION (SQL over the records view) selects, all without --where, " +
			"in the order they were imported. Each record is rebuilt from the model stored at import, so exporting " +
			"what was imported gives the same records as reading the original files. The header and trailer are " +
			"those of the first record's file. Output goes to stdout without -o. " +
			"--to parquet writes the views records, hands, calls, plays, travellers and dd whole, a VIEW.parquet file each " +
			"(typed columns, zstd) in DIR, for DuckDB, Spark, Polars or pandas.",
		Flags: append([]cli.Flag{
			dbFlag(),
			whereFlag(),
			&cli.StringFlag{Name: "to", Usage: "target format: pbn, lin, json, csv, txt or parquet"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of stdout"},
			&cli.BoolFlag{Name: "utf8", Usage: "write PBN in UTF-8 rather than Latin-1"},
			ddFlag(ddWriteUsage),
		}, selectFlags()...),
		Action: runExport,
	}
}

func runExport(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("export: unexpected argument %q (records are chosen with --where)", c.Args().First())
	}
	if c.String("to") == "parquet" {
		return exportParquet(c)
	}
	failed := false
	return convertTo(c, "export", []string{dbPath(c)}, nil, func(w *pipeline.Writer) error {
		if err := exportArchive(c, w); err != nil {
			return err
		}
		if w.Written() == 0 {
			// the file has a header only, which is right, but a user
			// who mistyped a condition would not see why
			why := "no record matches --where"
			if c.String("where") == "" {
				why = "the archive holds none"
			}
			fmt.Fprintf(c.App.ErrWriter, "handrec: export: 0 records (%s)\n", why)
		}
		return nil
	}, &failed)
}
