package cli

import (
	"bufio"

	"github.com/urfave/cli/v2"

	"handrec/output"
)

func queryCommand() *cli.Command {
	return &cli.Command{
		Name:      "query",
		Usage:     "ask the archive a question in SQL",
		ArgsUsage: "SQL",
		UsageText: "handrec query [--db PATH] [--format table|csv|json] SQL\n\n" +
			"Examples:\n   handrec query 'SELECT board, contract, declarer, tricks FROM records LIMIT 5'\n" +
			"   handrec query --format csv \"SELECT record, seat, hcp FROM hands WHERE hcp >= 20 AND (s_len >= 5 OR h_len >= 5)\"",
		Description: "Runs one SQL statement on a read-only connection, so that a query can never change the archive, " +
			"and prints the rows. Query the views records, hands, calls, plays, scores, tags, comments, players, " +
			"sources, record_sources, problems, results, travellers, traveller_scores, standings, match_boards, events, matches, dd and par (see docs/archive.md; docs/scoring.md for traveller_scores, match_boards and the functions imp, vp and ns_score). Exit status: 0 ok; 1 the archive could not be read; 2 a usage error, which every refused statement is: " +
			"SQL that is not one statement, that SQLite rejects (a syntax error, or an error met as it runs: an integer overflow, malformed JSON) " +
			"or that a read-only archive refuses (writes, ATTACH, VACUUM, pragmas that set, transactions, load_extension; on a PostgreSQL server, " +
			"the functions that reach its files, other sessions or settings, and any statement as a superuser: see docs/archive.md).",
		Flags: []cli.Flag{
			dbFlag(),
			&cli.StringFlag{Name: "format", Value: "table", Usage: "table, csv or json"},
		},
		Action: runQuery,
	}
}

func runQuery(c *cli.Context) error {
	if c.NArg() != 1 {
		return usagef("query: give the SQL as one argument, in quotes")
	}
	w := bufio.NewWriterSize(c.App.Writer, 64<<10)
	out, err := output.NewRows(w, c.String("format"), onTerminal(c))
	if err != nil {
		return usagef("query: %v", err)
	}
	ctx := c.Context
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	err = db.QueryColumns(ctx, c.Args().First(), nil, out.Header, out.Row)
	if isSQLMistake(err) {
		return usagef("query: %v", err)
	}
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		return err
	}
	return w.Flush()
}
