package model

import "testing"

// A message's place names what is known of it: never ":0:0:" for a record
// that does not say where it was read.
func TestAt(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name         string
		file         string
		pos          Pos
		at, prefix   string
		problemError string
	}{
		{"file and position", "a.pbn", Pos{3, 7}, "a.pbn:3:7", "a.pbn:3:7: ", "a.pbn:3:7: bad"},
		{"file only", "a.pbn", Pos{}, "a.pbn", "a.pbn: ", "a.pbn: bad"},
		{"position only", "", Pos{3, 7}, "3:7", "3:7: ", "3:7: bad"},
		{"neither", "", Pos{}, "", "", "bad"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := At(c.file, c.pos); got != c.at {
				t.Errorf("At(%q, %v) = %q, want %q", c.file, c.pos, got, c.at)
			}
			if got := Prefix(c.file, c.pos); got != c.prefix {
				t.Errorf("Prefix(%q, %v) = %q, want %q", c.file, c.pos, got, c.prefix)
			}
			p := Problem{File: c.file, Pos: c.pos, Severity: SevError, Message: "bad"}
			if got := p.Error(); got != c.problemError {
				t.Errorf("%#v.Error() = %q, want %q", p, got, c.problemError)
			}
		})
	}
	w := Problem{Severity: SevWarning, Message: "odd"}
	if got := w.Error(); got != "warning: odd" {
		t.Errorf("warning without a place: %q", got)
	}
}
