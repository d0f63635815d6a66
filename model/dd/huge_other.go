//go:build !linux

package dd

// adviseHuge does nothing where huge pages are not asked for by madvise.
func adviseHuge([]bucket) {}
