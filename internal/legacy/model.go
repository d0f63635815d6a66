package legacy

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"fmt"
	"io"

	"handrec/layout"
	"handrec/model"
)

// ModelDecoder inflates the models an archive stored before it stored
// records (schema version 10), for the upgrade, reusing its buffers.
type ModelDecoder struct {
	zr  io.ReadCloser
	buf bytes.Buffer
}

// Decode is the record a stored model holds. A model stored before the
// facts lived once (each fact a field and a tag too) has its facts' tags
// lifted out (layout.LiftFacts): the archive reads it as it reads a new one.
func (d *ModelDecoder) Decode(blob []byte) (*model.Record, error) {
	if d.zr == nil {
		d.zr = flate.NewReader(bytes.NewReader(blob))
	} else if err := d.zr.(flate.Resetter).Reset(bytes.NewReader(blob), nil); err != nil {
		return nil, err
	}
	d.buf.Reset()
	if _, err := d.buf.ReadFrom(d.zr); err != nil {
		return nil, fmt.Errorf("inflate model: %w", err)
	}
	// its comments' kinds, which the layouts hold now, in flight until
	// the upgrade settles them (layout.SettleKinds)
	js, err := ModelComments(d.buf.Bytes())
	if err != nil {
		return nil, fmt.Errorf("decode model: %w", err)
	}
	rec := &model.Record{}
	if err := json.Unmarshal(js, rec); err != nil {
		return nil, fmt.Errorf("decode model: %w", err)
	}
	layout.LiftFacts(rec)
	if bytes.Contains(d.buf.Bytes(), []byte(`"at":`)) {
		// a model stored when each fact's note held its place among the
		// tags: the order they give is PBN's layout now
		var old struct {
			Facts []struct {
				At int `json:"at"`
			} `json:"facts"`
		}
		if err := json.Unmarshal(d.buf.Bytes(), &old); err != nil {
			return nil, fmt.Errorf("decode model: %w", err)
		}
		var at [model.NumFacts]int
		for f := range min(len(old.Facts), len(at)) {
			at[f] = old.Facts[f].At
		}
		layout.AdoptPlaces(rec, &at)
	}
	layout.TypeTables(rec) // a model stored before tables were data
	return rec, nil
}

// StoredModel is what an archive made before schema version 10 stored for
// record r: the model's own JSON, DEFLATE-compressed. Tests make archives
// of older versions with it, to check their upgrade (ModelDecoder reads it).
func StoredModel(r *model.Record) ([]byte, error) {
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

// ModelComments rewrites the model's own JSON of a record (handrec 1's,
// an archive's before schema version 10) so that its comments of a kind
// read as layout.OldComment gives them: each member "leading" or "comments"
// holds comments ({"text", "kind", "pos"}). JSON without such a kind is
// returned as it is.
func ModelComments(js []byte) ([]byte, error) {
	if !bytes.Contains(js, []byte(`"kind":"semicolon"`)) && !bytes.Contains(js, []byte(`"kind":"line"`)) &&
		!bytes.Contains(js, []byte(`"kind":"text"`)) && !bytes.Contains(js, []byte(`"kind":"lin`)) {
		return js, nil
	}
	var v any
	if err := json.Unmarshal(js, &v); err != nil {
		return nil, err
	}
	oldModelComments(v)
	return json.Marshal(v)
}

func oldModelComments(v any) {
	switch v := v.(type) {
	case []any:
		for _, e := range v {
			oldModelComments(e)
		}
	case map[string]any:
		for k, e := range v {
			if cs, ok := e.([]any); ok && (k == "leading" || k == "comments") {
				for i, c := range cs {
					cs[i] = oldModelComment(c)
				}
				continue
			}
			oldModelComments(e)
		}
	}
}

func oldModelComment(c any) any {
	m, ok := c.(map[string]any)
	if !ok {
		return c
	}
	text, _ := m["text"].(string)
	kind, _ := m["kind"].(string)
	oc := layout.OldComment(text, kind)
	if oc.Pos.Line >= 0 {
		return c
	}
	return map[string]any{"text": oc.Text, "pos": map[string]any{"line": oc.Pos.Line, "col": oc.Pos.Col}}
}

// Semicolons are the indexes of the comments written ";" among comments
// of the given kinds, as JSON written before the layouts held it gave
// them: those of kind "semicolon" (handrec 1: "line").
func Semicolons(kinds []string) []int {
	var out []int
	for i, k := range kinds {
		if layout.OldSemicolon(k) {
			out = append(out, i)
		}
	}
	return out
}

// SettleJSON gives a record read from JSON 2 that an older handrec wrote
// today's form: the marks in flight of LIN's kinds into its LIN layout
// (SettleMarks), and, when its comments had kinds, its repeated fact tags
// and those kinds into its layouts.
func SettleJSON(r *model.Record) {
	// JSON written before the LIN layout held LIN's marks
	SettleMarks(r)
	if layout.OldKinds(r) {
		// JSON written before the layouts held how a comment was written
		layout.LiftRepeats(r)
		layout.SettleKinds(r)
	}
}
