package main

import (
	"bufio"
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urfave/cli/v2"
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
			"sources and record_sources (see docs/archive.md). Exit status: 0 ok, 1 the query failed, 2 usage error.",
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
	var out rowWriter
	w := bufio.NewWriterSize(c.App.Writer, 64<<10)
	switch f := c.String("format"); f {
	case "table":
		out = &tableWriter{w: w}
	case "csv":
		out = &csvWriter{w: csv.NewWriter(w)}
	case "json":
		out = &jsonRowWriter{w: w}
	default:
		return usagef("query: --format must be table, csv or json, not %q", f)
	}
	ctx, cancel := commandContext(c)
	defer cancel()
	db, err := openReadOnly(ctx, c)
	if err != nil {
		return err
	}
	defer db.Close()
	started := false
	err = db.Query(ctx, c.Args().First(), nil, func(cols []string, vals []any) error {
		if !started {
			started = true
			if err := out.header(cols); err != nil {
				return err
			}
		}
		return out.row(vals)
	})
	if err != nil {
		if isSQLError(err) {
			return usagef("query: %v", err)
		}
		return err
	}
	if !started {
		// No row: the columns are still worth a header.
		if err := out.header(nil); err != nil {
			return err
		}
	}
	if err := out.close(); err != nil {
		return err
	}
	return w.Flush()
}

// rowWriter prints query results in one format.
type rowWriter interface {
	header(cols []string) error
	row(vals []any) error
	close() error
}

// text is a value as the table and CSV formats print it; NULL is "NULL"
// in a table and empty in CSV.
func text(v any, null string) string {
	switch x := v.(type) {
	case nil:
		return null
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	case string:
		return x
	case []byte:
		if utf8.Valid(x) {
			return string(x)
		}
		return "x'" + hexString(x) + "'"
	case bool:
		return strconv.FormatBool(x)
	}
	return ""
}

func hexString(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 2*len(b))
	for i, c := range b {
		out[2*i], out[2*i+1] = digits[c>>4], digits[c&15]
	}
	return string(out)
}

// tableWriter aligns columns, so it holds the rows until the end.
type tableWriter struct {
	w    io.Writer
	cols []string
	rows [][]string
}

func (t *tableWriter) header(cols []string) error {
	t.cols = append([]string{}, cols...)
	return nil
}

func (t *tableWriter) row(vals []any) error {
	r := make([]string, len(vals))
	for i, v := range vals {
		r[i] = strings.ReplaceAll(text(v, "NULL"), "\n", `\n`)
	}
	t.rows = append(t.rows, r)
	return nil
}

func (t *tableWriter) close() error {
	if len(t.cols) == 0 {
		return nil
	}
	width := make([]int, len(t.cols))
	numeric := make([]bool, len(t.cols))
	for i, c := range t.cols {
		width[i] = utf8.RuneCountInString(c)
		numeric[i] = len(t.rows) > 0
	}
	for _, r := range t.rows {
		for i, v := range r {
			width[i] = max(width[i], utf8.RuneCountInString(v))
			if _, err := strconv.ParseFloat(v, 64); err != nil && v != "NULL" {
				numeric[i] = false
			}
		}
	}
	line := func(cells []string) error {
		var b strings.Builder
		for i, v := range cells {
			if i > 0 {
				b.WriteString("  ")
			}
			pad := strings.Repeat(" ", width[i]-utf8.RuneCountInString(v))
			if numeric[i] {
				b.WriteString(pad + v)
			} else if i < len(cells)-1 {
				b.WriteString(v + pad)
			} else {
				b.WriteString(v)
			}
		}
		b.WriteByte('\n')
		_, err := io.WriteString(t.w, b.String())
		return err
	}
	if err := line(t.cols); err != nil {
		return err
	}
	rule := make([]string, len(t.cols))
	for i := range rule {
		rule[i] = strings.Repeat("-", width[i])
	}
	if err := line(rule); err != nil {
		return err
	}
	for _, r := range t.rows {
		if err := line(r); err != nil {
			return err
		}
	}
	return nil
}

type csvWriter struct{ w *csv.Writer }

func (c *csvWriter) header(cols []string) error {
	if cols == nil {
		return nil
	}
	return c.w.Write(cols)
}

func (c *csvWriter) row(vals []any) error {
	r := make([]string, len(vals))
	for i, v := range vals {
		r[i] = text(v, "")
	}
	return c.w.Write(r)
}

func (c *csvWriter) close() error {
	c.w.Flush()
	return c.w.Error()
}

// jsonRowWriter writes an array of objects, keys in column order.
type jsonRowWriter struct {
	w    io.Writer
	keys [][]byte
	n    int
}

func (j *jsonRowWriter) header(cols []string) error {
	for _, c := range cols {
		k, _ := json.Marshal(c)
		j.keys = append(j.keys, k)
	}
	_, err := io.WriteString(j.w, "[")
	return err
}

func (j *jsonRowWriter) row(vals []any) error {
	var b strings.Builder
	if j.n > 0 {
		b.WriteString(",")
	}
	j.n++
	b.WriteString("\n  {")
	for i, v := range vals {
		if i > 0 {
			b.WriteString(", ")
		}
		b.Write(j.keys[i])
		b.WriteString(": ")
		if x, ok := v.([]byte); ok && utf8.Valid(x) {
			v = string(x)
		}
		enc, err := json.Marshal(v)
		if err != nil {
			return err
		}
		b.Write(enc)
	}
	b.WriteString("}")
	_, err := io.WriteString(j.w, b.String())
	return err
}

func (j *jsonRowWriter) close() error {
	end := "\n]\n"
	if j.n == 0 {
		end = "]\n"
	}
	_, err := io.WriteString(j.w, end)
	return err
}
