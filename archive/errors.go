package archive

import "handrec/archive/driver"

// The archive's errors, and the types and values of its API that its
// engines share (package driver defines them, for both sides).

// ErrorCode says what kind of failure an archive error is, so that the
// command branches with errors.As, never on a message's text.
type ErrorCode = driver.ErrorCode

// The error codes (driver.ErrorCode).
const (
	EInvalid     = driver.EInvalid
	EDenied      = driver.EDenied
	EInterrupted = driver.EInterrupted
	EConflict    = driver.EConflict
)

// Error is an archive failure with its code.
type Error = driver.Error

// Code is the ErrorCode of err, or "" for an error that has none.
func Code(err error) ErrorCode { return driver.Code(err) }

// ErrNoArchive is returned by OpenReadOnly when there is no archive.
var ErrNoArchive = driver.ErrNoArchive

// OldSchemaError is a read-only open's refusal of an archive an older
// handrec made: reading it would upgrade it, which changes the file.
type OldSchemaError = driver.OldSchemaError

// ApplicationID marks a SQLite file as a handrec archive (PRAGMA
// application_id), and a PostgreSQL archive's version table.
const ApplicationID = driver.ApplicationID

// FileStats sums up the import of one file.
type FileStats = driver.FileStats

// DDRow is a game's double-dummy table and par, for the dd and par views
// (the ddtable table).
type DDRow = driver.DDRow
