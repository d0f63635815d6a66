package archive

// SetPGMatchHook makes addMatch call f inside its window (between not
// finding a match and adding it); the function it gives puts back none.
func SetPGMatchHook(f func()) func() {
	pgMatchHook = f
	return func() { pgMatchHook = nil }
}

// SetPGWrittenHook makes the import's writing goroutine call f after each
// batch it has written; the function it gives puts back none.
func SetPGWrittenHook(f func()) func() {
	pgWrittenHook = f
	return func() { pgWrittenHook = nil }
}
