package archive

import (
	"bytes"
	"compress/flate"
	"fmt"
)

// RowColumns selects, from a game g whose tables are those of schema
// ("" for the first that has them), the values of its row that
// LegacyModel reads a stored record with.
func RowColumns(schema string) string { return rowColumnsIn(schema) }

// LegacyModel is what an archive made before schema version 10 stored for a
// game whose record this archive stores as record, with layout (nil for
// none) and the values of its game's row, as RowColumns selects them: the
// model's own JSON, DEFLATE-compressed. Tests make archives of older
// versions with it, to check their upgrade.
func LegacyModel(record, layout []byte, row []any) ([]byte, error) {
	var rf rowFacts
	if len(row) != len(rf) {
		return nil, fmt.Errorf("%d values of the row, want %d", len(row), len(rf))
	}
	copy(rf[:], row)
	r, err := new(recordDecoder).decode(record, layout, &rf)
	if err != nil {
		return nil, err
	}
	js, err := r.MarshalJSON()
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	zw, err := flate.NewWriter(&b, flate.BestSpeed)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(js); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
