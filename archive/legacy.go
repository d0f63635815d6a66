package archive

import (
	"bytes"
	"compress/flate"
)

// LegacyModel is what an archive made before schema version 10 stored for a
// game whose record this archive stores as record, with layout (nil for
// none): the model's own JSON, DEFLATE-compressed. Tests make archives of
// older versions with it, to check their upgrade.
func LegacyModel(record, layout []byte) ([]byte, error) {
	r, err := new(recordDecoder).decode(record, layout)
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
