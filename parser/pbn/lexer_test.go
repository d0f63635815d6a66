package pbn

import (
	"os"
	"strconv"
	"testing"
)

// plainTagCases are tags plainTagEnd takes and tags it leaves to the byte
// loop, each with the end scanTag gives.
var plainTagCases = []string{
	`[Event "x"]`,
	`[Event ""]`,
	`[Event "x"]  [Site "y"]`,
	`[Event "a"] b"]`,
	`[Event "a\"b"]`,
	`[Event "a"b"]`,
	`[Event "a" ]`,
	`[Event "a"`,
	`[Event "a]`,
	`[Event`,
	`[`,
	"[Event\n\"a\"]",
	"[Event \"a\nb\"]",
	"[Event \"a\"\r\n]",
	`[Ev]ent "a"]`,
	`[Event "a\\"]`,
	`[Note "1:a [b] c"]`,
	`["x"]`,
}

// TestPlainTagEnd: wherever plainTagEnd reads a tag, scanTag's byte loop
// ends it in the same place; on the cases, every corpus and sample PBN
// file, and every '[' in them.
func TestPlainTagEnd(t *testing.T) {
	t.Parallel()
	fast := 0
	check := func(where, src string) {
		for i := 0; i < len(src); i++ {
			if src[i] != '[' {
				continue
			}
			e := plainTagEnd(src, i)
			if e < 0 {
				continue
			}
			fast++
			l := pbnLex{src: src, i: i}
			l.scanTagBytes()
			if l.i != e {
				t.Errorf("%s at %d: plainTagEnd %d, scanTag %d (%q)", where, i, e, l.i, src[i:min(len(src), i+60)])
			}
		}
	}
	for _, c := range plainTagCases {
		check("case", c)
	}
	if fast != 7 {
		t.Errorf("plainTagEnd took %d of the cases' tags, want 7", fast)
	}
	for _, p := range pbnTestFiles() {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		check(p, string(b))
	}
	// with the cases, the samples give 442 plain tags and the corpus, when
	// present, 178,114 in all
	want := 7 + 100
	if _, err := os.Stat("../../../shared/corpus/pbn"); err == nil {
		want = 7 + 150000
	}
	if fast < want {
		t.Errorf("plainTagEnd took %d tags of the cases, samples and corpus, want at least %d", fast, want)
	}
	t.Logf("%d plain tags", fast)
}

// FuzzPlainTagEnd: on any text, plainTagEnd ends a tag where scanTag's
// byte loop does, or leaves it to the loop.
func FuzzPlainTagEnd(f *testing.F) {
	for _, c := range plainTagCases {
		f.Add(c)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) == 0 || src[0] != '[' {
			src = "[" + src
		}
		if e := plainTagEnd(src, 0); e >= 0 {
			l := pbnLex{src: src}
			l.scanTagBytes()
			if l.i != e {
				t.Fatalf("plainTagEnd %d, scanTag %d", e, l.i)
			}
		}
	})
}

// TestTagLine: what opens like a tag pair, `[Name "`, at a line's start.
func TestTagLine(t *testing.T) {
	t.Parallel()
	for s, want := range map[string]bool{
		`[Event "x"]`: true, `[Event  "`: true, "[X\t\"": true, `[Board_2 ""]`: true,
		`[Event"x"]`: false, ` [Event "x"]`: false, `[1 "x"]`: false, `[Event x`: false,
		`[Event `: false, `[ "x"]`: false, `[`: false, ``: false, `{[Event "x"]`: false,
	} {
		t.Run(strconv.Quote(s), func(t *testing.T) {
			if got := tagLine(s); got != want {
				t.Errorf("tagLine(%q) = %v, want %v", s, got, want)
			}
			if got := tagLine([]byte(s)); got != want {
				t.Errorf("tagLine([]byte(%q)) = %v, want %v", s, got, want)
			}
		})
	}
}
