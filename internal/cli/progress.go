package cli

import (
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"

	"handrec/output"
)

// progress says on stderr how far a command is. On a terminal it draws a
// bar: import's of the bytes read of all inputs and the file being read,
// dd's and sheet --dd's of the records done with their rate and the time
// left. Elsewhere dd --db writes a line every progressLineEvery and one at
// the end. A line written through above while the bar is drawn clears the
// bar first and draws it again after, so neither is garbled. A nil
// *progress says nothing, so callers need not ask.
type progress struct {
	mu   sync.Mutex
	w    io.Writer                // stderr, raw: the bar's control characters
	bar  *progressbar.ProgressBar // nil off a terminal, and once ended
	last time.Time                // off a terminal: the last line's time
	line string                   // off a terminal: what a line says
}

const progressLineEvery = 10 * time.Second

// newBytesProgress draws the bytes read of total on w when w is a
// terminal, else nothing (nil).
func newBytesProgress(w io.Writer, total int64) *progress {
	if !isTerminal(w) {
		return nil
	}
	return &progress{w: w, bar: bytesBar(w, total)}
}

// newCountProgress counts total records (-1 when not known) of what
// (games, records) to w: a bar on a terminal, else lines (set's).
func newCountProgress(w io.Writer, total int, what string) *progress {
	p := &progress{w: w, last: time.Now()}
	if isTerminal(w) {
		p.bar = countBar(w, total, what)
	}
	return p
}

func bytesBar(w io.Writer, total int64) *progressbar.ProgressBar {
	return progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionShowDescriptionAtLineEnd(),
	)
}

func countBar(w io.Writer, total int, what string) *progressbar.ProgressBar {
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("dd"),
		progressbar.OptionSetWidth(30),
		progressbar.OptionShowCount(),
		progressbar.OptionShowIts(),
		progressbar.OptionSetItsString(what),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(200*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

// file names the file being read.
func (p *progress) file(name string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Describe(output.Escape(filepath.Base(name)))
	}
}

// add counts n more bytes read.
func (p *progress) add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Add(n)
	}
}

// set records that done records are done; line is what a line off a
// terminal says ("" for none).
func (p *progress) set(done int, line string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.line = line
	if p.bar != nil {
		p.bar.Set(done)
		return
	}
	if line != "" && time.Since(p.last) >= progressLineEvery {
		p.last = time.Now()
		fmt.Fprintln(p.w, line)
	}
}

// end clears the bar for good, or writes the last line.
func (p *progress) end() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar != nil {
		p.bar.Clear()
		p.bar.Exit()
		p.bar = nil
		return
	}
	if p.line != "" {
		fmt.Fprintln(p.w, p.line)
		p.line = ""
	}
}

// above is w (stderr, escaped) for lines written while the bar may be
// drawn: each write clears the bar's line first and draws the bar again
// after it. Each write must end its line.
func (p *progress) above(w io.Writer) io.Writer {
	if p == nil {
		return w
	}
	return aboveBar{p, w}
}

type aboveBar struct {
	p *progress
	w io.Writer
}

func (a aboveBar) Write(b []byte) (int, error) {
	a.p.mu.Lock()
	defer a.p.mu.Unlock()
	drawn := ""
	if a.p.bar != nil {
		drawn = a.p.bar.String() // "" until first drawn
	}
	if drawn != "" {
		a.p.bar.Clear()
	}
	n, err := a.w.Write(b)
	if drawn != "" {
		io.WriteString(a.p.w, drawn)
	}
	return n, err
}
