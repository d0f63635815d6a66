package cli

import (
	"encoding/json"
	"reflect"
	"testing"
)

// TestBookDiagramsSample: samples/book_diagrams.txt, the deals of the
// samples' historic rubbers as books print them in four layouts, reads
// without an error (one warning: the hand a deal leaves out, derived) and
// scores exactly as the PBN rubbers do under their codes: every deal's
// items and notes, every rubber's totals, bonuses and settlement.
func TestBookDiagramsSample(t *testing.T) {
	t.Parallel()
	code, out, errs := runCLI("check", "samples/book_diagrams.txt")
	wantOut := "samples/book_diagrams.txt:57:8: warning: East's hand is not given: derived as the rest of the pack (32.87643.T72.JT2)\n"
	if code != 0 || out != wantOut || errs != "1 file, 23 boards, 0 errors, 1 warning\n" {
		t.Errorf("check: exit %d, stdout %q, stderr %q", code, out, errs)
	}
	scores := func(args ...string) map[string]any {
		t.Helper()
		code, out, errs := runCLI(append([]string{"score", "--rubber", "--format", "json"}, args...)...)
		if code != 0 {
			t.Fatalf("score %v: exit %d: %s", args, code, errs)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatal(err)
		}
		for _, d := range v["deals"].([]any) {
			delete(d.(map[string]any), "file") // the file and its ordinal in it differ
			delete(d.(map[string]any), "index")
		}
		return v
	}
	pbn := scores("samples/auction1915_rubber.pbn", "samples/bridge1899_rubber.pbn", "samples/hoyle1904_rubber.pbn", "samples/pirate1916_rubber.pbn")
	txt := scores("samples/book_diagrams.txt")
	if n := len(txt["deals"].([]any)); n != 23 || len(txt["rubbers"].([]any)) != 4 {
		t.Errorf("%d deals, %d rubbers; want 23, 4", n, len(txt["rubbers"].([]any)))
	}
	if !reflect.DeepEqual(pbn, txt) {
		a, _ := json.MarshalIndent(pbn, "", " ")
		b, _ := json.MarshalIndent(txt, "", " ")
		t.Errorf("the book diagrams score otherwise than the PBN rubbers:\n%s\n---\n%s", a, b)
	}
}
