// Package testhooks holds the places where archive's tests reach into an
// engine's work, which the engines read: tests set them, and nothing else
// does.
// Being internal to archive, it is seen by archive's packages and tests
// alone.
package testhooks

var (
	// PGBatch, when not 0, is how many records the PostgreSQL engine
	// sends to the server together (1024 otherwise).
	PGBatch int
	// PGWritten, when set, is called by the PostgreSQL engine's writing
	// goroutine after each batch it has written.
	PGWritten func()
	// PGMatch, when set, is called by the PostgreSQL engine between not
	// finding a match and adding it: the window its advisory lock keeps
	// a second importer out of.
	PGMatch func()
)
