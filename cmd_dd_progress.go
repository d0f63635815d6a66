package main

import (
	"fmt"
	"io"
	"time"

	"github.com/schollz/progressbar/v3"
)

// ddProgress says how far a run of dd is: on a terminal a bar of the
// records done with their rate and the time left; elsewhere a line every
// ddProgressEvery and one at the end. A nil *ddProgress says nothing.
type ddProgress struct {
	w     io.Writer
	bar   *progressbar.ProgressBar
	total int
	last  time.Time
	line  string
}

const ddProgressEvery = 10 * time.Second

// newDDProgress counts total records (-1 when not known) of what (games,
// records) to w.
func newDDProgress(w io.Writer, total int, what string) *ddProgress {
	p := &ddProgress{w: w, total: total, last: time.Now()}
	if isTerminal(w) {
		p.bar = progressbar.NewOptions(total,
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
	return p
}

// set records that done records are done; line is what a line says.
func (p *ddProgress) set(done int, line string) {
	if p == nil {
		return
	}
	p.line = line
	if p.bar != nil {
		p.bar.Set(done)
		return
	}
	if time.Since(p.last) >= ddProgressEvery {
		p.last = time.Now()
		fmt.Fprintln(p.w, line)
	}
}

// end clears the bar, or writes the last line.
func (p *ddProgress) end() {
	if p == nil {
		return
	}
	if p.bar != nil {
		p.bar.Finish()
		return
	}
	if p.line != "" {
		fmt.Fprintln(p.w, p.line)
	}
}
