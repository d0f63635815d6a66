package diagram

import (
	"strings"
	"testing"
)

// keyValue looks a line's start up in headKeys a length at a time, up to
// maxHeadKey, and takes the first that reads: that is each key tried in
// turn only while every key fits in maxHeadKey and none is another's
// start followed by a blank or a colon (then two keys could read one
// line, and the order would choose).
func TestHeadKeysLookUp(t *testing.T) {
	for k := range headKeys {
		if len(k) > maxHeadKey {
			t.Errorf("key %q is longer than maxHeadKey (%d)", k, maxHeadKey)
		}
		for j := range headKeys {
			if strings.HasPrefix(j, k+" ") || strings.HasPrefix(j, k+":") {
				t.Errorf("key %q starts key %q", k, j)
			}
		}
	}
	for _, c := range []struct{ in, key, value string }{
		{"Vulnerability: N-S", "Vulnerable", "N-S"},
		{"vul Both", "Vulnerable", "Both"},
		{"Dealer: E", "Dealer", "E"},
		{"Dealer North", "Dealer", "North"},
		{"Opening lead: ♠9", "Lead", "♠9"},
		{"Passed out.", "PassedOut", ""},
		{"Dealers are people", "", ""},
		{"Deal 3", "Deal", "3"},
		{"Declarer is West", "", ""},
	} {
		k, v, _ := keyValue(c.in, false)
		if k != c.key || v != c.value {
			t.Errorf("keyValue(%q) = %q, %q; want %q, %q", c.in, k, v, c.key, c.value)
		}
	}
}
