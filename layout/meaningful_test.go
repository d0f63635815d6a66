package layout

import "testing"

// A value says something unless it is empty, PBN's "?" or "#", or
// question marks and dots alone.
func TestMeaningful(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{"": false, " ": false, "?": false, "#": false, "??": false, "...": false, "?.?": false,
		"A": true, "#1": true, "Teams": true, " Spring Foursomes ": true, "1.": true} {
		if got := Meaningful(s); got != want {
			t.Errorf("Meaningful(%q) = %v, want %v", s, got, want)
		}
	}
}
