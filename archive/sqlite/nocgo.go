//go:build !cgo

package sqlite

// The archive is SQLite through github.com/mattn/go-sqlite3, which is C:
// handrec cannot be built without cgo. This name is undefined on purpose,
// so that such a build stops with a line that says what to do, beside
// go-sqlite3's own errors (undefined: sqlite3.SQLITE_UPDATE, ...).
var _ = handrec_needs_cgo__build_with_CGO_ENABLED_1_and_a_C_compiler_gcc
