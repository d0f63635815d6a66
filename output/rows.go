package output

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// NewRows prints the rows of a query in format: "table" (aligned, control
// characters escaped), "csv" (escaped too when escape is set, for a
// terminal) or "json".
func NewRows(w io.Writer, format string, escape bool) (*Rows, error) {
	switch format {
	case "table":
		return &Rows{f: &tableWriter{w: w}}, nil
	case "csv":
		return &Rows{f: &csvWriter{w: csv.NewWriter(w), escape: escape}}, nil
	case "json":
		return &Rows{f: &jsonRowWriter{w: w}}, nil
	}
	return nil, fmt.Errorf("--format must be table, csv or json, not %q", format)
}

// Rows prints the rows of a query as they come: Row for each (the
// columns head the first), Close at the end.
type Rows struct {
	f       rowFormat
	started bool
}

// Header prints the header of cols, once: a result without a row still
// shows its columns.
func (r *Rows) Header(cols []string) error {
	if r.started {
		return nil
	}
	r.started = true
	return r.f.Header(cols)
}

// Row prints one row; the first is headed by cols.
func (r *Rows) Row(cols []string, vals []any) error {
	if !r.started {
		r.started = true
		if err := r.f.Header(cols); err != nil {
			return err
		}
	}
	return r.f.Row(vals)
}

// Close ends the rows; without a row, the format's empty header.
func (r *Rows) Close() error {
	if !r.started {
		r.started = true
		if err := r.f.Header(nil); err != nil {
			return err
		}
	}
	return r.f.Close()
}

// rowFormat is one format of rows: Header once with the columns (nil
// when there was no row), Row for each row, Close at the end.
type rowFormat interface {
	Header(cols []string) error
	Row(vals []any) error
	Close() error
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

// alignRows is how many rows the table format holds to choose its
// column widths; later rows are printed as they come, in those widths.
const alignRows = 1000

// tableWriter aligns columns on the first alignRows rows, then streams:
// its memory does not grow with the result.
type tableWriter struct {
	w       io.Writer
	cols    []string
	rows    [][]string // held until the widths are chosen
	width   []int
	numeric []bool
}

func (t *tableWriter) Header(cols []string) error {
	t.cols = make([]string, len(cols))
	for i, c := range cols {
		t.cols[i] = Escape(c)
	}
	return nil
}

func (t *tableWriter) Row(vals []any) error {
	r := make([]string, len(vals))
	for i, v := range vals {
		r[i] = Escape(strings.ReplaceAll(text(v, "NULL"), "\n", `\n`))
	}
	if t.width != nil {
		return t.line(r)
	}
	t.rows = append(t.rows, r)
	if len(t.rows) == alignRows {
		return t.flush()
	}
	return nil
}

// flush chooses the widths and prints the header and the rows held.
func (t *tableWriter) flush() error {
	t.width = make([]int, len(t.cols))
	t.numeric = make([]bool, len(t.cols))
	for i, c := range t.cols {
		t.width[i] = utf8.RuneCountInString(c)
		t.numeric[i] = len(t.rows) > 0
	}
	for _, r := range t.rows {
		for i, v := range r {
			t.width[i] = max(t.width[i], utf8.RuneCountInString(v))
			if _, err := strconv.ParseFloat(v, 64); err != nil && v != "NULL" {
				t.numeric[i] = false
			}
		}
	}
	if err := t.line(t.cols); err != nil {
		return err
	}
	rule := make([]string, len(t.cols))
	for i := range rule {
		rule[i] = strings.Repeat("-", t.width[i])
	}
	if err := t.line(rule); err != nil {
		return err
	}
	for _, r := range t.rows {
		if err := t.line(r); err != nil {
			return err
		}
	}
	t.rows = nil
	return nil
}

func (t *tableWriter) line(cells []string) error {
	var b strings.Builder
	for i, v := range cells {
		if i > 0 {
			b.WriteString("  ")
		}
		pad := strings.Repeat(" ", max(0, t.width[i]-utf8.RuneCountInString(v)))
		if t.numeric[i] {
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

func (t *tableWriter) Close() error {
	if len(t.cols) == 0 || t.width != nil {
		return nil
	}
	return t.flush()
}

// csvWriter writes CSV; on a terminal its control characters escaped.
type csvWriter struct {
	w      *csv.Writer
	escape bool
}

func (c *csvWriter) Header(cols []string) error {
	if cols == nil {
		return nil
	}
	return c.w.Write(cols)
}

func (c *csvWriter) Row(vals []any) error {
	r := make([]string, len(vals))
	for i, v := range vals {
		r[i] = text(v, "")
		if c.escape {
			r[i] = Escape(r[i])
		}
	}
	return c.w.Write(r)
}

func (c *csvWriter) Close() error {
	c.w.Flush()
	return c.w.Error()
}

// jsonRowWriter writes an array of objects, keys in column order.
type jsonRowWriter struct {
	w    io.Writer
	keys [][]byte
	n    int
}

func (j *jsonRowWriter) Header(cols []string) error {
	for _, c := range cols {
		k, _ := json.Marshal(c)
		j.keys = append(j.keys, k)
	}
	_, err := io.WriteString(j.w, "[")
	return err
}

func (j *jsonRowWriter) Row(vals []any) error {
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
		b.WriteString(escapeC1(enc))
	}
	b.WriteString("}")
	_, err := io.WriteString(j.w, b.String())
	return err
}

func (j *jsonRowWriter) Close() error {
	end := "\n]\n"
	if j.n == 0 {
		end = "]\n"
	}
	_, err := io.WriteString(j.w, end)
	return err
}
