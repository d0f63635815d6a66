package main

import (
	"io"
	"path/filepath"
	"time"

	"github.com/schollz/progressbar/v3"

	"handrec/output"
)

// progressBar draws the bytes read of all inputs on a terminal (stderr);
// a nil *progressBar draws nothing, so callers need not ask.
type progressBar struct{ bar *progressbar.ProgressBar }

func newProgressBar(w io.Writer, total int64) *progressBar {
	if !isTerminal(w) {
		return nil
	}
	return &progressBar{progressbar.NewOptions64(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionShowBytes(true),
		progressbar.OptionSetWidth(30),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionShowDescriptionAtLineEnd(),
	)}
}

// file names the file being read.
func (p *progressBar) file(name string) {
	if p != nil {
		p.bar.Describe(output.Escape(filepath.Base(name)))
	}
}

func (p *progressBar) add(n int) {
	if p != nil {
		p.bar.Add(n)
	}
}

// clear erases the bar before other output.
func (p *progressBar) clear() {
	if p != nil {
		p.bar.Clear()
	}
}
