package lin_test

import (
	"bytes"
	"fmt"
	"math/rand"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// linVocabulary is every command a LIN reader knows, with values real
// files write and values they should not: FuzzLIN's mutations find odd
// orders of these slowly, random sequences of them quickly.
var linVocabulary = []struct {
	code   string
	weight int
	values []string
}{
	{"qx", 2, []string{"o1", "c1", "o2", "c12", "", "x", "O3"}},
	{"pn", 1, []string{"a,b,c,d", "a,b,c,d,e,f,g,h", "", "a,b", "a,,c", "x,y,z,w,a,b,c,d,e"}},
	{"vg", 1, []string{"E,S,I,1,2,H,0,V,0", "", "E", "E,S,P,3,4,H,1,V,2"}},
	{"rs", 1, []string{"", "3NS=,", "4SN=,3NS-1", "PASS", ",", "x,,y,", "1C"}},
	{"md", 2, []string{"", "1S2,,,", "3", "1SAKQJT98765432HDC,SHAKQJT98765432DC,SHDAKQJT98765432C,", "2S2H3,,,", "4,,,"}},
	{"sv", 1, []string{"o", "n", "e", "b", "", "z"}},
	{"ah", 1, []string{"Board 1", "", "x"}},
	{"mb", 6, []string{"p", "d", "r", "1c", "1N", "7N", "", "1nppp", "x", "1S!", "p!", "ppp", "2H", "P"}},
	{"an", 1, []string{"hi", "", "!S ok"}},
	{"pc", 6, []string{"s2", "SA", "h3", "", "Z9", "dk", "CQ", "ca", "0"}},
	{"mc", 1, []string{"0", "13", "", "14", "x", "7"}},
	{"nt", 1, []string{"hi", "", "a b"}},
	{"pg", 1, []string{"", "x"}},
	{"st", 2, []string{"", "x"}},
	{"rh", 1, []string{"", "x"}},
	{"pw", 1, []string{"a,b"}},
	{"zz", 1, []string{"v", ""}},
}

// randomLIN writes one to ten commands drawn from linVocabulary, codes
// sometimes capitalised, lines sometimes broken, the last '|' sometimes
// left out.
func randomLIN(rng *rand.Rand) []byte {
	total := 0
	for _, v := range linVocabulary {
		total += v.weight
	}
	var b strings.Builder
	k := 1 + rng.Intn(10)
	for j := 0; j < k; j++ {
		n := rng.Intn(total)
		i := 0
		for n >= linVocabulary[i].weight {
			n -= linVocabulary[i].weight
			i++
		}
		c, vals := linVocabulary[i].code, linVocabulary[i].values
		if rng.Intn(6) == 0 {
			c = strings.ToUpper(c[:1]) + c[1:]
		}
		b.WriteString(c + "|" + vals[rng.Intn(len(vals))])
		if j < k-1 || rng.Intn(2) == 0 {
			b.WriteByte('|')
		}
		switch rng.Intn(8) {
		case 0:
			b.WriteByte('\n')
		case 1:
			b.WriteString("\r\n")
		}
	}
	return []byte(b.String())
}

// Random command sequences keep FuzzLIN's property: LIN -> model -> LIN
// -> model gives equal models and the same text twice. The seed is fixed,
// so a failure is the same on every run; -short runs fewer.
func TestLINRandomCommandsStable(t *testing.T) {
	t.Parallel()
	n := 10000
	if testing.Short() {
		n = 2000
	}
	rng := rand.New(rand.NewSource(1))
	srcs := make([][]byte, n)
	for i := range srcs {
		srcs[i] = randomLIN(rng)
	}
	// each input is checked on its own, on every processor; what each
	// gave is reported in the inputs' order
	type outcome struct {
		lin, stable bool
		report      string
	}
	outs := make([]outcome, n)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				src := srcs[i]
				doc, err := parser.ReadAll("f.lin", bytes.NewReader(src), parser.Workers(1))
				if err != nil || doc.Header.Format != model.LIN {
					continue
				}
				outs[i].lin, outs[i].stable = true, true
				w1, w2, diffs, err := linRoundTrip("f.lin", src)
				if err != nil || !bytes.Equal(w1, w2) || len(diffs) > 0 {
					outs[i].stable = false
					outs[i].report = fmt.Sprintf("%q: %v %q\n%q\n%q", src, err, diffs, w1, w2)
				}
			}
		}()
	}
	wg.Wait()
	tried, failed := 0, 0
	for _, o := range outs {
		if !o.lin {
			continue
		}
		tried++
		if !o.stable {
			failed++
			if failed <= 5 {
				t.Error(o.report)
			}
		}
	}
	if tried < n*9/10 {
		t.Errorf("only %d of %d inputs read as LIN", tried, n)
	}
	if failed > 0 {
		t.Errorf("%d of %d not stable", failed, tried)
	}
}
