package diagram_test

import (
	"strings"
	"testing"

	"handrec/parser/diagram"
)

// A line that says nothing as an event's name ("#", "?", "...") over
// show's corner is commentary, not the event: show prints no such name,
// so that the line was lost at the next printing (FuzzDiagram).
func TestPlaceholderIsNoEvent(t *testing.T) {
	t.Parallel()
	for _, line := range []string{"#", "?", "...", "Teams"} {
		src := line + "\n\nDeal 1   North\n\n\n\n\nWest     ┌───────┐  East\n         │   N   │\n         │ W   E │\n         │   S   │\n         └───────┘\n         South\n"
		doc := readAllFrom(diagram.NewReader("d.txt", strings.NewReader(src)))
		if len(doc.Records) != 1 {
			t.Fatalf("%q: %d records", line, len(doc.Records))
		}
		r := doc.Records[0]
		event, leading := "", ""
		if r.Event != nil {
			event = r.Event.Name
		}
		for _, c := range r.Leading {
			leading += c.Text
		}
		want := [2]string{"", line} // commentary
		if line == "Teams" {
			want = [2]string{"Teams", ""} // an event's name
		}
		if got := [2]string{event, leading}; got != want {
			t.Errorf("%q: event and commentary %q, want %q", line, got, want)
		}
	}
}
