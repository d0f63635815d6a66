package diagram_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"handrec/output"
	"handrec/parser"
	"handrec/render"
)

// corpusDir holds the real PBN and LIN files of many programs: the shared
// corpus beside the project, where the project's tests find it.
const corpusDir = "../../../shared/corpus"

// showCorpusFails are the corpus files whose show text does not read back
// to the same text, by cause (the list is exact: a file that comes to
// round-trip is taken off it, one that stops fails the test):
var showCorpusFails = []string{
	// pbnj's test files: commentary that is a jumble of holdings ("S H 6
	// 3 D A K Q ..."), deals of no hands, a PBN copy of another's tags
	"pbn/ContractBridge-pbnj/src/test/resources/correct_10.pbn",
	"pbn/ContractBridge-pbnj/src/test/resources/correct_20.pbn",
	"pbn/ContractBridge-pbnj/src/test/resources/errors_10.pbn",
	"pbn/ContractBridge-pbnj/src/test/resources/errors_20.pbn",
	// an event that stops: show prints no line where the event goes, and
	// a heading stands for the deals after it
	"pbn/dominicprice-endplay/tests/pbn/example3.pbn",
	// "AC", a call PBN's reader keeps as written and the diagram's rejects
	"pbn/lorserker-ben/Challenges/CTC_mayjun20.pbn",
	"pbn/lorserker-ben/Challenges/pav_first120.pbn",
}

// showText is what handrec show prints of the records of a document.
func showText(name string, src []byte) ([]byte, bool) {
	doc, err := parser.ReadAll(name, bytes.NewReader(src))
	if err != nil {
		return nil, false
	}
	seq := render.TextSeq{Opt: render.TextOptions{}}
	var b bytes.Buffer
	for _, r := range doc.Records {
		b.WriteString(output.Escape(seq.Next(r)))
	}
	return b.Bytes(), true
}

// TestShowTextOfTheCorpus: show -> read -> show is byte-identical on show's
// text of every corpus file but those showCorpusFails names. It skips
// where the corpus is not beside the project.
func TestShowTextOfTheCorpus(t *testing.T) {
	if _, err := os.Stat(corpusDir); err != nil {
		t.Skip("no corpus at " + corpusDir)
	}
	if testing.Short() {
		t.Skip("the corpus takes seconds")
	}
	var files []string
	filepath.WalkDir(corpusDir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if ext := strings.ToLower(filepath.Ext(p)); ext == ".pbn" || ext == ".lin" {
				files = append(files, p)
			}
		}
		return nil
	})
	var mu sync.Mutex
	var fails []string
	work := make(chan string)
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range work {
				src, err := os.ReadFile(p)
				if err != nil {
					continue
				}
				first, ok := showText(p, src)
				if !ok {
					continue
				}
				again, _ := showText(p+".txt", first)
				if !bytes.Equal(first, again) {
					rel, _ := filepath.Rel(corpusDir, p)
					mu.Lock()
					fails = append(fails, filepath.ToSlash(rel))
					mu.Unlock()
				}
			}
		}()
	}
	for _, p := range files {
		work <- p
	}
	close(work)
	wg.Wait()
	slices.Sort(fails)
	if !slices.Equal(fails, showCorpusFails) {
		t.Errorf("%d corpus files do not read back to show's text:\n%s\nwant:\n%s", len(fails), strings.Join(fails, "\n"), strings.Join(showCorpusFails, "\n"))
	}
	t.Logf("%d corpus files, %d read back otherwise", len(files), len(fails))
}
