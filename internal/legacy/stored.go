package legacy

import (
	"encoding/json"

	"handrec/model"
)

// LINHeader is a LIN source's stored header (the archive's source.header)
// with its trailer comments (the commands of a file without a board) in
// the form the LIN reader gives now (FromLINTrailer); changed is false,
// and the header given back, when it held none of the older form or is
// not JSON that can be read so.
func LINHeader(js string) (header string, changed bool, err error) {
	var m map[string]json.RawMessage
	var cs []model.Comment
	var kinds []struct {
		Kind string `json:"kind"`
	}
	if json.Unmarshal([]byte(js), &m) != nil || json.Unmarshal(m["trailer_comments"], &cs) != nil ||
		json.Unmarshal(m["trailer_comments"], &kinds) != nil {
		return js, false, nil
	}
	ks := make([]string, len(kinds))
	for i, k := range kinds {
		ks[i] = k.Kind
	}
	if !FromLINTrailer(cs, ks) {
		return js, false, nil
	}
	b, err := json.Marshal(cs)
	if err != nil {
		return "", false, err
	}
	m["trailer_comments"] = b
	out, err := json.Marshal(m)
	if err != nil {
		return "", false, err
	}
	return string(out), true, nil
}

// Tag is a tag as an archive stored it before schema version 15: its
// name, its value, and whether it heads a section (a table's header).
type Tag struct {
	Name, Value string
	Section     bool
}

// Tags reads a game's tags in their first stored form, [[name, value,
// section], ...].
func Tags(js string) ([]Tag, error) {
	var old [][3]any
	if err := json.Unmarshal([]byte(js), &old); err != nil {
		return nil, err
	}
	var tags []Tag
	for _, t := range old {
		name, _ := t[0].(string)
		value, _ := t[1].(string)
		section, _ := t[2].(float64)
		tags = append(tags, Tag{name, value, section == 1})
	}
	return tags, nil
}
