package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// ddFile writes a hand record for the dd tests: a deal in which each hand
// holds one whole suit (the suit's owner makes all 13 tricks in it; at no
// trump the opening leader does), then a two-card ending whose
// DoubleDummyTricks is wrong in three places.
func ddFile(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "dd.pbn")
	src := `[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"]

[Board "2"]
[Dealer "E"]
[Vulnerable "NS"]
[Deal "N:AK... QJ... 32... .AK.."]
[DoubleDummyTricks "22022000000000200200"]
`
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDDText(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	code, out, errs := runCLI("dd", p)
	want := p + ` board 1 (#1)
      C  D  H  S NT
  N   0 13  0 13  0
  E  13  0 13  0  0
  S   0 13  0 13  0
  W  13  0 13  0  0
  par NS 1510: NS 7S=
` + p + ` board 2 (#2)
      C  D  H  S NT
  N   2  2  0  2  2
  E   0  0  2  0  0
  S   0  0  0  2  0
  W   0  0  2  0  0
`
	if code != 0 || out != want || errs != "" {
		t.Errorf("code %d, stderr %q, stdout:\n%s\nwant:\n%s", code, errs, out, want)
	}
}

func TestDDJSON(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	code, out, _ := runCLI("dd", "--format", "json", "--jobs", "2", p)
	pj := `"file":"` + p + `"`
	want := `{"deals":[{` + pj + `,"board":1,"index":1,"tricks":{"E":{"C":13,"D":0,"H":13,"NT":0,"S":0},` +
		`"N":{"C":0,"D":13,"H":0,"NT":0,"S":13},"S":{"C":0,"D":13,"H":0,"NT":0,"S":13},` +
		`"W":{"C":13,"D":0,"H":13,"NT":0,"S":0}},"par":{"score":1510,"contracts":["7S-NS"]}},` +
		`{` + pj + `,"board":2,"index":2,"tricks":{"E":{"C":0,"D":0,"H":2,"NT":0,"S":0},` +
		`"N":{"C":2,"D":2,"H":0,"NT":2,"S":2},"S":{"C":0,"D":0,"H":0,"NT":0,"S":2},` +
		`"W":{"C":0,"D":0,"H":2,"NT":0,"S":0}}}]}` + "\n"
	if code != 0 || out != want {
		t.Errorf("code %d, got\n%s\nwant\n%s", code, out, want)
	}
}

func TestDDVerify(t *testing.T) {
	t.Parallel()
	p := ddFile(t)
	code, _, errs := runCLI("dd", "--verify", p)
	want := p + ":10:35: board 2: E makes 0 tricks in C, DoubleDummyTricks says 2\n" +
		p + ":10:33: board 2: E makes 2 tricks in H, DoubleDummyTricks says 0\n" +
		p + ":10:27: board 2: S makes 2 tricks in S, DoubleDummyTricks says 0\n"
	if code != exitInput || errs != want {
		t.Errorf("code %d, stderr\n%s\nwant\n%s", code, errs, want)
	}
}

func TestDDUsage(t *testing.T) {
	t.Parallel()
	for _, args := range [][]string{{"dd"}, {"dd", "--format", "xml", "x.pbn"}, {"dd", "--jobs", "0", "x.pbn"}} {
		if code, _, _ := runCLI(args...); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}
