package jsonrec

import (
	"encoding/json"
	"testing"
)

// encoding/json escapes C0 but not C1 controls; EscapeC1 escapes them
// and leaves the other characters, "\u00a0" and "é" (0xC3 0xA9) among
// them, as they are; the result reads back as the same string.
func TestEscapeC1(t *testing.T) {
	t.Parallel()
	in := "a\u009b31m\u0080\u009f\x1b\u00a0é\u0085ξ"
	b, _ := json.Marshal(in)
	got := string(EscapeC1(b))
	want := `"a\u009b31m\u0080\u009f\u001b` + "\u00a0é" + `\u0085` + "ξ\""
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	var back string
	if err := json.Unmarshal([]byte(got), &back); err != nil || back != in {
		t.Errorf("read back %q, %v", back, err)
	}
	plain := []byte(`"plain é"`)
	if r := EscapeC1(plain); &r[0] != &plain[0] {
		t.Error("a text without C1 controls is copied")
	}
}
