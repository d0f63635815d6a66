// Package testhooks holds the places where archive's tests reach into an
// engine's work, which the engines read: tests set them, and nothing else
// does (but PGHands13, which the PostgreSQL engine gives at its init).
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
	// PGHands13 is the hands view of PostgreSQL archives of schema
	// versions 13 to 19, for tests that take an archive back to one of
	// those versions.
	PGHands13 string
)
