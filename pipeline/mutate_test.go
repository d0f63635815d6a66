package pipeline

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// TestMutantsConvert: a damaged file converted keeps its faults but adds
// none and changes no fact. Mutants of the samples and of a slice of the
// corpus (a fixed seed: byte flips, deletions, duplicated and deleted
// lines and LIN commands, truncations) are converted to PBN, directly and
// through JSON, and read back: the kinds of problem of what is read back
// (problemKind) are among the mutant's, and its facts (board, dealer,
// vulnerability, deal, auction, contract, declarer, result, play, claim,
// and the text of a fact that could not be read) are the mutant's. A
// mutant the target cannot carry passes only when the conversion lists
// what it dropped (Writer.Dropped) and the drop accounts for the change
// (excuses). MUTANTS_ALL=1 lists every failing mutant, not the first 12;
// MUTANTS_SEED=n mutates with another seed (a local check that the rules
// hold beyond the committed one); MUTANTS_OPEN=text logs the faults of the
// open rules whose text holds it.
func TestMutantsConvert(t *testing.T) {
	t.Parallel()
	srcs := mutationSources(t)
	seed := uint64(12)
	if s := os.Getenv("MUTANTS_SEED"); s != "" {
		seed, _ = strconv.ParseUint(s, 10, 64) // a local run of other mutants
	}
	rng := rand.New(rand.NewPCG(22, seed))
	var mutants, unread, carried, dropped, failed int
	for _, s := range srcs {
		for i := 0; i < s.n; i++ {
			m, how := mutate(rng, s.data, s.lin)
			name := fmt.Sprintf("%s#%d", filepath.Base(s.path), i+1)
			doc, err := parser.ReadAll(s.path, bytes.NewReader(m), parser.Workers(1))
			if err != nil || len(doc.Records) == 0 {
				unread++ // not a hand record any more: nothing to convert
				continue
			}
			mutants++
			faults, drops := convertFaults(t, s.path, doc)
			if o := os.Getenv("MUTANTS_OPEN"); o != "" {
				for _, f := range faults {
					if strings.Contains(openRuleOf(f), o) {
						t.Logf("open: %s (%s): %s", name, how, f)
					}
				}
			}
			faults = withoutKnown(faults)
			n := len(faults)
			faults = unexcused(faults, drops)
			switch {
			case n == 0:
				carried++
			case len(faults) == 0:
				dropped++
			default:
				if failed++; failed <= 12 || os.Getenv("MUTANTS_ALL") != "" {
					t.Errorf("%s (%s):\n  %s", name, how, strings.Join(faults, "\n  "))
				}
			}
		}
	}
	if failed > 12 {
		t.Errorf("and %d more mutants", failed-12)
	}
	if mutants < 200 {
		t.Errorf("only %d mutants read, want at least 200", mutants)
	}
	for _, o := range openRules {
		t.Logf("open rule (%d faults): %s", openCounts[o.rule], o.rule)
	}
	t.Logf("%d sources, %d mutants read (%d not a hand record): %d carried, %d with drops listed, %d failed",
		len(srcs), mutants, unread, carried, dropped, failed)
}

// corpusDir is where the corpus is, when it is there.
var corpusDir = "../../shared/corpus"

// mutationSource is a file to mutate n times.
type mutationSource struct {
	path string
	data []byte
	lin  bool
	n    int
}

// mutationSources are the samples, 30 mutants each, and when the corpus
// is there every 40th of its files under 40 KB in name order, 8 each.
func mutationSources(t *testing.T) []mutationSource {
	var out []mutationSource
	add := func(paths []string, n int) {
		for _, p := range paths {
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, mutationSource{p, b, strings.EqualFold(filepath.Ext(p), ".lin"), n})
		}
	}
	samples, _ := filepath.Glob("../samples/*.[pl][bi]n")
	if len(samples) < 5 {
		t.Fatalf("only %d samples", len(samples))
	}
	add(samples, 30)
	var corpus []string
	filepath.Walk(corpusDir, func(p string, info os.FileInfo, err error) error {
		ext := strings.ToLower(filepath.Ext(p))
		if err == nil && !info.IsDir() && info.Size() < 40<<10 && (ext == ".pbn" || ext == ".lin") {
			corpus = append(corpus, p)
		}
		return nil
	})
	sort.Strings(corpus)
	var slice []string
	for i := 0; i < len(corpus); i += 40 {
		slice = append(slice, corpus[i])
	}
	if len(corpus) == 0 {
		t.Log("corpus absent: the samples' mutants alone")
	}
	add(slice, 8)
	return out
}

// mutate damages b once, in one of the ways files get damaged, and says
// how.
func mutate(rng *rand.Rand, b []byte, lin bool) ([]byte, string) {
	m := append([]byte(nil), b...)
	switch k := rng.IntN(7); k {
	case 0: // a byte flipped
		i := rng.IntN(len(m))
		bit := byte(1) << rng.IntN(8)
		m[i] ^= bit
		return m, fmt.Sprintf("byte %d ^= %#x", i, bit)
	case 1: // a byte replaced by one that means something in PBN or LIN
		const meaningful = "|\"[]{};%^*+-=$!?\r\n \t0123456789SHDCNTXPAKQJnsewp"
		i := rng.IntN(len(m))
		c := meaningful[rng.IntN(len(meaningful))]
		m[i] = c
		return m, fmt.Sprintf("byte %d = %q", i, c)
	case 2: // a span deleted
		i := rng.IntN(len(m))
		j := min(len(m), i+1+rng.IntN(24))
		return append(m[:i], m[j:]...), fmt.Sprintf("bytes %d-%d deleted", i, j)
	case 3: // truncated
		i := rng.IntN(len(m))
		return m[:i], fmt.Sprintf("truncated at %d", i)
	case 4, 5: // a line or a LIN command duplicated or deleted
		spans := lineSpans(m)
		what := "line"
		if lin && rng.IntN(2) == 0 {
			spans, what = commandSpans(m), "command"
		}
		if len(spans) == 0 {
			return m, "unchanged"
		}
		sp := spans[rng.IntN(len(spans))]
		if k == 4 {
			out := append(append(append([]byte(nil), m[:sp[1]]...), m[sp[0]:sp[1]]...), m[sp[1]:]...)
			return out, fmt.Sprintf("%s at %d duplicated: %q", what, sp[0], short(m[sp[0]:sp[1]]))
		}
		return append(m[:sp[0]], m[sp[1]:]...), fmt.Sprintf("%s at %d deleted: %q", what, sp[0], short(m[sp[0]:sp[1]]))
	default: // two bytes swapped
		i, j := rng.IntN(len(m)), rng.IntN(len(m))
		m[i], m[j] = m[j], m[i]
		return m, fmt.Sprintf("bytes %d and %d swapped", i, j)
	}
}

func short(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}

// lineSpans are the lines of b, each with its line break.
func lineSpans(b []byte) [][2]int {
	var out [][2]int
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 {
			j = len(b) - i - 1
		}
		out = append(out, [2]int{i, i + j + 1})
		i += j + 1
	}
	return out
}

// commandSpans are LIN's commands, "key|value|", as pairs of bars
// counted from the start of each line.
func commandSpans(b []byte) [][2]int {
	var out [][2]int
	for _, l := range lineSpans(b) {
		start, bars := l[0], 0
		for i := l[0]; i < l[1]; i++ {
			if b[i] != '|' {
				continue
			}
			if bars++; bars%2 == 0 {
				out = append(out, [2]int{start, i + 1})
				start = i + 1
			}
		}
	}
	return out
}

// convertFaults converts doc to PBN, directly and through JSON, reads
// each back, and lists what the conversion added or changed, with what
// the writers said they dropped.
func convertFaults(t *testing.T, path string, doc *model.Document) (faults, drops []string) {
	kinds := problemKinds(doc)
	direct, d1 := convertDoc(t, doc, "pbn")
	viaJSON, d2 := convertDoc(t, doc, "json")
	jdoc := readBack(t, path+".json", viaJSON)
	viaJSON, d3 := convertDoc(t, jdoc, "pbn")
	drops = append(append(d1, d2...), d3...)
	for _, c := range []struct {
		how string
		out []byte
	}{{"pbn", direct}, {"json -> pbn", viaJSON}} {
		back := readBack(t, path+".pbn", c.out)
		for k := range problemKinds(back) {
			if !kinds[k] {
				faults = append(faults, fmt.Sprintf("%s: new problem %q", c.how, k))
			}
		}
		for _, d := range factDiffs(doc, back) {
			faults = append(faults, c.how+": "+d)
		}
	}
	return faults, drops
}

// convertDoc writes doc in format as convert does (PBN in Latin-1), and
// gives what the writer said it dropped.
func convertDoc(t *testing.T, doc *model.Document, format string) ([]byte, []string) {
	var b bytes.Buffer
	f, _ := model.ParseFormat(format)
	w := NewWriter(&b, f, false)
	if err := w.Header(doc.Header); err != nil {
		t.Fatal(err)
	}
	for _, r := range doc.Records {
		if err := w.Write(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(doc.Trailer); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), w.Dropped()
}

func readBack(t *testing.T, name string, b []byte) *model.Document {
	doc, err := parser.ReadAll(name, bytes.NewReader(b), parser.Workers(1))
	if err != nil {
		return &model.Document{Records: []*model.Record{{Problems: []model.Problem{{Message: "unreadable: " + err.Error()}}}}}
	}
	return doc
}

// problemKinds are the kinds of problem of a document's records.
func problemKinds(doc *model.Document) map[string]bool {
	kinds := map[string]bool{}
	for _, r := range doc.Records {
		for _, p := range r.Problems {
			kinds[problemKind(p)] = true
		}
	}
	return kinds
}

// problemKind is a problem's kind (model.Problem.KindOf): its message
// with its values (quoted text, numbers, cards, bids, seats, suits) and
// position left out.
func problemKind(p model.Problem) string {
	m := p.Message
	if strings.HasPrefix(m, "and ") && strings.HasSuffix(m, "not listed") {
		return "" // the count of problems left out
	}
	return p.KindOf()
}

// factDiffs lists the facts of b that are not a's, record by record.
func factDiffs(a, b *model.Document) []string {
	if len(a.Records) != len(b.Records) {
		return []string{fmt.Sprintf("%d records read back, not %d", len(b.Records), len(a.Records))}
	}
	var out []string
	for i, ra := range a.Records {
		fa, fb := facts(ra), facts(b.Records[i])
		for k := range max(len(fa), len(fb)) {
			x, y := at(fa, k), at(fb, k)
			if x != y {
				out = append(out, fmt.Sprintf("record %d: %s, read back %s", i+1, x, y))
				break
			}
		}
	}
	return out
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "(nothing)"
}

// facts lists what a record says of the game: its facts' fields and the
// text of those that could not be read (an absent fact is "?", as PBN
// writes it), the auction's calls and the play's cards with their marks,
// and the claim. The commentary, the notes and the "*" that ends a section
// are the format's, not facts.
func facts(r *model.Record) []string {
	out := []string{fmt.Sprintf("board %d dealer %v vul %v deal %s contract %v declarer %v swap %v result %+v",
		r.Board, r.Dealer, r.Vul, r.Deal.PBN(model.North), r.Contract, r.Declarer, r.DeclarerSwap, r.Result)}
	for _, f := range model.AllFacts {
		if v, ok := r.FactValue(f); ok && v != "?" {
			out = append(out, fmt.Sprintf("%s %q", f, v))
		}
	}
	if a := r.Auction; a != nil && (len(a.Calls) > 0 || a.First.Valid()) {
		out = append(out, fmt.Sprintf("auction from %v", a.First))
		for _, c := range a.Calls {
			out = append(out, fmt.Sprintf("call %s kind %d insufficient %v alert %v", c.String(), c.Kind, c.Insufficient, c.Alert))
		}
	}
	if p := r.Play; p != nil && (len(p.Tricks) > 0 || p.First.Valid() || p.Claim >= 0) {
		out = append(out, fmt.Sprintf("play from %v claim %d", p.First, p.Claim))
		for i, tr := range p.Tricks {
			for s, c := range tr {
				if c.Kind != model.NoCard {
					out = append(out, fmt.Sprintf("trick %d %v: %s kind %d revoke %v lead out of turn %v", i+1, model.Seat(s), c.String(), c.Kind, c.Revoke, c.LeadOutOfTurn))
				}
			}
		}
	}
	return out
}

// excuses are the writers' notes of what a target cannot carry
// (Writer.Dropped, without its count), each with the change to a fact or
// the new problem it accounts for; where the change has two groups, the
// fact before and after, the drop turns the one into the other (as is,
// unless the excuse says how).
var excuses = []struct {
	drop   *regexp.Regexp
	change *regexp.Regexp
	how    func(before string) string
}{
	// a PBN string does not cross a line: a line break in a value is
	// written as a space, CR LF one space (the values are quoted: "\n")
	{regexp.MustCompile(`^line break in tag \S+ \(written as a space\)$`),
		regexp.MustCompile(`^(?:json -> )?pbn: record \d+: (\S+ ".*"), read back (\S+ ".*")$`),
		strings.NewReplacer(`\r\n`, " ", `\n`, " ").Replace},
	// PBN marks an alert by a note: an explained call is an alerted one
	{regexp.MustCompile(`^alert flag \(an explained call that was not alerted is alerted in PBN\)$`),
		regexp.MustCompile(`^(?:json -> )?pbn: record \d+: (call .* alert )false, read back (call .* alert )true$`), nil},
	// PBN allows no control character in a value (2.2): written as given,
	// and the reader warns
	{regexp.MustCompile(`^control character in tag \S+ \(PBN allows none; written as given\)$`),
		regexp.MustCompile(`^(?:json -> )?pbn: new problem "warning: tag \S+: control character inside the value \(PBN N\.N allows none\)"$`), nil},
	{regexp.MustCompile(`^tab in tag \S+ \(PBN allows none; written as given\)$`),
		regexp.MustCompile(`^(?:json -> )?pbn: new problem "warning: tag \S+: tab inside the value"$`), nil},
}

// unexcused leaves out of faults the changes a drop the conversion
// listed accounts for.
func unexcused(faults, drops []string) []string {
	var out []string
next:
	for _, f := range faults {
		for _, e := range excuses {
			m := e.change.FindStringSubmatch(f)
			if m == nil {
				continue
			}
			if len(m) == 3 {
				if before := m[1]; e.how != nil && e.how(before) != m[2] || e.how == nil && before != m[2] {
					continue
				}
			}
			for _, d := range drops {
				if _, what, ok := strings.Cut(d, "× "); ok && e.drop.MatchString(what) {
					continue next
				}
			}
		}
		out = append(out, f)
	}
	return out
}

// openRules are the faults this test found that are not fixed yet, each
// with the rule it breaks: a fault that matches one is counted (and
// logged), not failed. Remove an entry once its rule is fixed; none is
// open (seeds 12, 7, 99, 3 and 2026 find no fault).
var openRules = []struct {
	rule string
	re   *regexp.Regexp
}{}

// openCounts counts the faults of each open rule (logged at the end).
var openCounts = map[string]int{}

// withoutKnown leaves out the faults of the open rules, and counts them.
func withoutKnown(faults []string) []string {
	var out []string
next:
	for _, f := range faults {
		for _, o := range openRules {
			if o.re.MatchString(f) {
				openCounts[o.rule]++
				continue next
			}
		}
		out = append(out, f)
	}
	return out
}

// openRuleOf is the open rule fault f breaks, or "".
func openRuleOf(f string) string {
	for _, o := range openRules {
		if o.re.MatchString(f) {
			return o.rule
		}
	}
	return ""
}
