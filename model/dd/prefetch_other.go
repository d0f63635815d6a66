//go:build !amd64

package dd

// prefetch does nothing where no prefetch instruction is written for.
func prefetch(uintptr) {}
