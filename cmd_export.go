package main

import (
	"github.com/urfave/cli/v2"

	"handrec/export"
	"handrec/model"
)

func exportCommand() *cli.Command {
	return &cli.Command{
		Name:  "export",
		Usage: "write records of the archive out as PBN, LIN or JSON",
		UsageText: "handrec export [--db PATH] [--where CONDITION] --to pbn|lin|json [-o OUT]\n\n" +
			"Examples:\n   handrec export --to pbn --where \"event = 'Spring Foursomes'\" -o spring.pbn\n" +
			"   handrec export --to json --where \"id IN (SELECT record FROM hands WHERE hcp >= 25)\"",
		Description: "Writes the records that CONDITION (SQL over the records view) selects, all without --where, " +
			"in the order they were imported. Each record is rebuilt from the model stored at import, so exporting " +
			"what was imported gives the same records as reading the original files. The header and trailer are " +
			"those of the first record's file. Output goes to stdout without -o.",
		Flags: []cli.Flag{
			dbFlag(),
			whereFlag(),
			&cli.StringFlag{Name: "to", Usage: "target format: pbn, lin or json"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write to `OUT` instead of stdout"},
			&cli.BoolFlag{Name: "utf8", Usage: "write PBN in UTF-8 rather than Latin-1"},
		},
		Action: runExport,
	}
}

func runExport(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("export: unexpected argument %q (records are chosen with --where)", c.Args().First())
	}
	to, err := targetFormat("export", c.String("to"), c.String("output"))
	if err != nil {
		return err
	}
	ctx, cancel := commandContext(c)
	defer cancel()
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	w, err := openSink(c, "export", []string{dbPath(c)})
	if err != nil {
		return err
	}
	defer w.abort()
	rw := newRecordWriter(to, w, c)
	drops := export.Drops{}
	first, oneFile := "", true
	err = db.Records(ctx, c.String("where"), func(r *model.Record) error {
		if first == "" {
			first = r.File
			h, _, _, err := db.SourceHeader(ctx, r.File)
			if err != nil {
				return err
			}
			if err := rw.WriteHeader(h); err != nil {
				return err
			}
		}
		oneFile = oneFile && r.File == first
		return writeCarrying(to, rw, r, drops)
	})
	if err != nil {
		return wrapWhere(c, err)
	}
	if first == "" {
		if err := rw.WriteHeader(model.Header{}); err != nil {
			return err
		}
	}
	if first != "" && oneFile {
		_, ds, cs, err := db.SourceHeader(ctx, first)
		if err != nil {
			return err
		}
		if err := rw.WriteTrailer(ds, cs); err != nil {
			return err
		}
	} else if err := rw.WriteTrailer(nil, nil); err != nil {
		return err
	}
	if err := rw.Close(); err != nil {
		return err
	}
	if err := w.commit(); err != nil {
		return err
	}
	reportDrops(c.App.ErrWriter, to, rw, drops)
	return nil
}
