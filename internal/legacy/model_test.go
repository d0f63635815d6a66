package legacy

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"handrec/layout"
	"handrec/model"
)

// A model stored before the facts lived once (each fact a field and a tag
// as well, the event a tag only) reads as a new one: the facts' tags leave the tags, their
// positions, comments and unreadable text go to the facts' notes, their
// order to the PBN layout where the PBN writer needs it (the room before
// a tag).
func TestDecodeModelWithFactTags(t *testing.T) {
	t.Parallel()
	old := model.NewRecord()
	old.Board, old.Dealer = 3, model.South
	note := []model.Comment{{Text: "third board"}}
	old.Tags = []model.Tag{
		{Name: "Event", Value: "Club", ValuePos: model.Pos{Line: 1, Col: 9}},
		{Name: "Board", Value: "3", ValuePos: model.Pos{Line: 2, Col: 9}, Comments: note},
		{Name: "Dealer", Value: "S", ValuePos: model.Pos{Line: 3, Col: 10}},
		{Name: "Vulnerable", Value: "Some", ValuePos: model.Pos{Line: 4, Col: 14}},
		{Name: "Room", Value: "Open"},
		{Name: "Annotator", Value: "Ann"},
	}
	js, err := json.Marshal(old)
	if err != nil {
		t.Fatal(err)
	}
	var blob bytes.Buffer
	zw, _ := flate.NewWriter(&blob, flate.BestSpeed)
	zw.Write(js)
	zw.Close()
	r, err := new(ModelDecoder).Decode(blob.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Tags) != 1 || r.Event == nil || r.Event.Name != "Club" || r.Room != model.OpenRoom {
		t.Errorf("tags %+v, event %+v: a model stored before the event was a fact reads with it", r.Tags, r.Event)
	}
	b, d, v := r.Facts[model.FactBoard], r.Facts[model.FactDealer], r.Facts[model.FactVul]
	if b.Pos != (model.Pos{Line: 2, Col: 9}) || len(b.Comments) != 1 || b.Text != nil {
		t.Errorf("board note %+v", b)
	}
	if d.Text != nil || v.Text == nil || *v.Text != "Some" {
		t.Errorf("dealer note %+v, vulnerable note %+v", d, v)
	}
	if o := strings.Join(layout.TagOrder(r), " "); o != "Event Board Dealer Vulnerable Room Annotator" {
		t.Errorf("tag order %q", o)
	}
	if val, _ := r.FactValue(model.FactVul); val != "Some" || r.Board != 3 || r.Dealer != model.South {
		t.Errorf("vulnerable %q board %d dealer %v", val, r.Board, r.Dealer)
	}
}

// A model stored when each fact's note held its place among the tags
// ("at") gives the order to the PBN layout where the PBN writer needs it:
// the room before a tag, not the room after the tags.
func TestDecodeModelWithFactPlaces(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name   string
		roomAt int
		order  string
	}{{"the room before a tag", 2, "Board Room Annotator"}, {"the room after the tags", 3, ""}} {
		t.Run(c.name, func(t *testing.T) {
			js := `{"tags":[{"name":"Annotator","value":"Ann"}],"board":3,"room":"Open",` +
				`"facts":[{"at":1},{},{},{},{},{},{},{"at":` + strconv.Itoa(c.roomAt) + `}]}`
			var blob bytes.Buffer
			zw, _ := flate.NewWriter(&blob, flate.BestSpeed)
			zw.Write([]byte(js))
			zw.Close()
			r, err := new(ModelDecoder).Decode(blob.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if o := strings.Join(layout.TagOrder(r), " "); o != c.order || r.Room != model.OpenRoom || len(r.Tags) != 1 {
				t.Errorf("room at %d: order %q, room %v, tags %+v; want order %q", c.roomAt, o, r.Room, r.Tags, c.order)
			}
		})
	}
}
