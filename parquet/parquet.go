// Package parquet writes the archive's main views as Parquet files, for
// the analytic engines (DuckDB, Spark, Trino, Polars, pandas) that read
// them as they are: a file a view, its columns typed (64-bit integers,
// doubles, UTF-8 strings, every one nullable), compressed with zstd.
//
// It reads the views by SQL through a Query the caller gives (the
// archive's read-only query), so it knows neither the archive's tables nor
// its engine: only the views' names and columns, which are the archive's
// public, stable form. Rows stream from the query to the file a row group
// at a time.
package parquet

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	pq "github.com/parquet-go/parquet-go"
)

// Kind is a column's type in the Parquet file.
type Kind int

const (
	Int   Kind = iota // INT64
	Float             // DOUBLE
	Text              // BYTE_ARRAY, logical type STRING
)

// Column is a column of a view.
type Column struct {
	Name string
	Kind Kind
}

// View is a view of the archive written as one file, VIEW.parquet.
type View struct {
	Name    string
	OrderBy string // the view's key, so that a file's rows come in a stable order
	Columns []Column
}

func cols(kind Kind, names ...string) []Column {
	c := make([]Column, len(names))
	for i, n := range names {
		c[i] = Column{n, kind}
	}
	return c
}

func concat(parts ...[]Column) []Column {
	var c []Column
	for _, p := range parts {
		c = append(c, p...)
	}
	return c
}

// Views are the views written, with their columns in the views' order.
var Views = []View{
	{"records", "id", concat(cols(Int, "id"), cols(Text, "event", "site", "date"), cols(Int, "board"),
		cols(Text, "room", "dealer", "vul", "deal", "north", "east", "south", "west", "contract"), cols(Int, "level"),
		cols(Text, "strain"), cols(Int, "doubled"), cols(Text, "declarer"), cols(Int, "tricks"),
		cols(Text, "result", "score", "score_imp", "score_mp", "scoring"), cols(Int, "warnings", "errors"), cols(Text, "file"))},
	{"hands", "record, seat", concat(cols(Int, "record"), cols(Text, "seat", "spades", "hearts", "diamonds", "clubs"),
		cols(Int, "hcp", "s_len", "h_len", "d_len", "c_len"))},
	{"calls", "record, seq", concat(cols(Int, "record", "seq"), cols(Text, "seat", "call"), cols(Int, "level"),
		cols(Text, "strain"), cols(Int, "alert"), cols(Text, "explanation", "note", "nags", "irregular"))},
	{"plays", "record, seq", concat(cols(Int, "record", "seq", "trick"), cols(Text, "seat", "card", "leader", "winner", "note", "nags", "irregular"))},
	{"travellers", "record, row", concat(cols(Int, "record", "row", "rank"), cols(Text, "section"), cols(Int, "table", "round"),
		cols(Text, "pair_ns", "pair_ew", "names_ns", "names_ew", "contract", "declarer"), cols(Int, "result"),
		cols(Text, "lead"), cols(Int, "score_ns", "score_ew"),
		cols(Float, "imp_ns", "imp_ew", "mp_ns", "mp_ew", "percentage_ns", "percentage_ew"), cols(Int, "multiplicity"), cols(Text, "cells"))},
	{"dd", "record, declarer, strain", concat(cols(Int, "record"), cols(Text, "declarer", "strain"), cols(Int, "tricks"))},
}

// Query runs one SELECT and calls row with each row's values: nil, int64,
// float64, string or []byte.
type Query func(ctx context.Context, query string, row func(vals []any) error) error

// File is what Write wrote of a view.
type File struct {
	View  string
	Path  string
	Rows  int64
	Bytes int64
}

// rowGroupRows bounds the rows a row group holds, and with it the memory
// a file takes while it is written.
const rowGroupRows = 256 << 10

// Write writes each view to dir/VIEW.parquet (dir is made if need be).
// The files are written into a temporary folder in dir and moved out of
// it together once every one is complete: an export that fails leaves dir
// as it was (an earlier export's files whole, no new file, no set of some
// views but not others), and removes the dir it made.
// createdBy is the writer each file's footer names, in the form Parquet's
// readers parse: "handrec version V (build B)".
func Write(ctx context.Context, dir, createdBy string, q Query) ([]File, error) {
	_, err := os.Stat(dir)
	made := errors.Is(err, fs.ErrNotExist)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	files, err := writeViews(ctx, dir, createdBy, q)
	if err != nil && made {
		os.Remove(dir)
	}
	return files, err
}

// writeViews writes the views into a temporary folder in dir, then moves
// them into dir.
func writeViews(ctx context.Context, dir, createdBy string, q Query) ([]File, error) {
	tmp, err := os.MkdirTemp(dir, ".handrec-export-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp) // emptied by the moves, once they are made
	var files []File
	for _, v := range Views {
		f, err := writeView(ctx, tmp, createdBy, q, v)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", v.Name, err)
		}
		files = append(files, f)
	}
	for i, f := range files {
		path := filepath.Join(dir, filepath.Base(f.Path))
		if err := os.Rename(f.Path, path); err != nil {
			return nil, err
		}
		files[i].Path = path
	}
	return files, nil
}

// SelectSQL is the query that reads a view's columns.
func (v View) SelectSQL() string {
	names := make([]string, len(v.Columns))
	for i, c := range v.Columns {
		names[i] = `"` + c.Name + `"`
	}
	return "SELECT " + strings.Join(names, ", ") + " FROM " + v.Name + " ORDER BY " + v.OrderBy
}

// Schema is the view's Parquet schema, its columns in the view's order.
func (v View) Schema() *pq.Schema {
	g := orderedGroup{Group: pq.Group{}}
	for _, c := range v.Columns {
		var n pq.Node
		switch c.Kind {
		case Int:
			n = pq.Int(64)
		case Float:
			n = pq.Leaf(pq.DoubleType)
		default:
			n = pq.String()
		}
		g.Group[c.Name] = pq.Optional(n)
		g.order = append(g.order, c.Name)
	}
	return pq.NewSchema(v.Name, g)
}

// writeView writes view v to dir/VIEW.parquet.
func writeView(ctx context.Context, dir, createdBy string, q Query, v View) (File, error) {
	path := filepath.Join(dir, v.Name+".parquet")
	out, err := os.Create(path)
	if err != nil {
		return File{}, err
	}
	defer out.Close()
	// (pq.CreatedBy writes no space before "(build": the config's field
	// takes the text whole)
	w := pq.NewWriter(out, v.Schema(), pq.Compression(&pq.Zstd), pq.MaxRowsPerRowGroup(rowGroupRows),
		&pq.WriterConfig{CreatedBy: createdBy})
	f := File{View: v.Name, Path: path}
	buf := make([]pq.Row, 0, 1024)
	flush := func() error {
		if _, err := w.WriteRows(buf); err != nil {
			return err
		}
		buf = buf[:0]
		return nil
	}
	err = q(ctx, v.SelectSQL(), func(vals []any) error {
		row, err := v.row(vals)
		if err != nil {
			return fmt.Errorf("row %d: %w", f.Rows+1, err)
		}
		f.Rows++
		if buf = append(buf, row); len(buf) == cap(buf) {
			return flush()
		}
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = w.Close()
	}
	if err == nil {
		err = out.Close()
	}
	if err != nil {
		return File{}, err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return File{}, err
	}
	f.Bytes = fi.Size()
	return f, nil
}

// row turns a row of the query into a Parquet row of the view's schema.
func (v View) row(vals []any) (pq.Row, error) {
	if len(vals) != len(v.Columns) {
		return nil, fmt.Errorf("%d values for %d columns", len(vals), len(v.Columns))
	}
	row := make(pq.Row, len(vals))
	for i, c := range v.Columns {
		val, err := value(c.Kind, vals[i])
		if err != nil {
			return nil, fmt.Errorf("column %s: %w", c.Name, err)
		}
		row[i] = val
	}
	for i := range row {
		def := 1
		if row[i].IsNull() {
			def = 0
		}
		row[i] = row[i].Level(0, def, i)
	}
	return row, nil
}

// value converts one value of the query to the column's kind. A value of
// another kind that converts exactly (an integral double, digits in a
// string) is taken; any other is an error, never a value made up.
func value(k Kind, v any) (pq.Value, error) {
	if v == nil {
		return pq.NullValue(), nil
	}
	switch k {
	case Int:
		switch x := v.(type) {
		case int64:
			return pq.Int64Value(x), nil
		case float64:
			if x == math.Trunc(x) && math.Abs(x) < 1<<63 {
				return pq.Int64Value(int64(x)), nil
			}
		case string:
			if n, err := strconv.ParseInt(x, 10, 64); err == nil {
				return pq.Int64Value(n), nil
			}
		}
		return pq.Value{}, fmt.Errorf("%v (%T) is not an integer", v, v)
	case Float:
		switch x := v.(type) {
		case float64:
			return pq.DoubleValue(x), nil
		case int64:
			return pq.DoubleValue(float64(x)), nil
		case string:
			if f, err := strconv.ParseFloat(x, 64); err == nil {
				return pq.DoubleValue(f), nil
			}
		}
		return pq.Value{}, fmt.Errorf("%v (%T) is not a number", v, v)
	}
	switch x := v.(type) {
	case string:
		return pq.ByteArrayValue([]byte(x)), nil
	case []byte:
		return pq.ByteArrayValue(x), nil
	case int64:
		return pq.ByteArrayValue(strconv.AppendInt(nil, x, 10)), nil
	case float64:
		return pq.ByteArrayValue(strconv.AppendFloat(nil, x, 'g', -1, 64)), nil
	}
	return pq.Value{}, fmt.Errorf("%v (%T) is not text", v, v)
}

// orderedGroup is a group whose fields come in the view's order, where
// parquet-go's Group gives them in the order of their names.
type orderedGroup struct {
	pq.Group
	order []string
}

func (g orderedGroup) Fields() []pq.Field {
	byName := map[string]pq.Field{}
	for _, f := range g.Group.Fields() {
		byName[f.Name()] = f
	}
	fields := make([]pq.Field, len(g.order))
	for i, n := range g.order {
		fields[i] = byName[n]
	}
	return fields
}
