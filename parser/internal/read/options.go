package read

import "runtime"

// Option configures a reader.
type Option func(*Options)

// Options are what a reader's options set.
type Options struct {
	// Workers is how many records are parsed at once: GOMAXPROCS unless
	// set, and at least one.
	Workers int
}

// Workers sets how many games are parsed at once (default: GOMAXPROCS).
// One parses on the caller's goroutine.
func Workers(n int) Option { return func(o *Options) { o.Workers = n } }

// Apply is the options that opts set over the defaults.
func Apply(opts []Option) Options {
	o := Options{Workers: runtime.GOMAXPROCS(0)}
	for _, f := range opts {
		f(&o)
	}
	if o.Workers < 1 {
		o.Workers = 1
	}
	return o
}
