package driver

import "errors"

// ErrorCode says what kind of failure an archive error is, so that the
// command branches with errors.As, never on a message's text.
type ErrorCode string

const (
	// EInvalid: SQL the caller gave (a query, a --where condition) is
	// wrong. The command line was wrong: a usage error.
	EInvalid ErrorCode = "invalid"
	// EDenied: the SQL would attach, detach or vacuum a file, or set a
	// pragma, which a read-only archive does not allow.
	EDenied ErrorCode = "denied"
	// EInterrupted: the context was cancelled; what was being written
	// was rolled back.
	EInterrupted ErrorCode = "interrupted"
	// EConflict: a PostgreSQL server ended a file's import for a
	// conflict with another importer (a deadlock over games both store);
	// nothing of the file was written, and importing it again succeeds.
	EConflict ErrorCode = "conflict"
)

// Error is an archive failure with its code.
type Error struct {
	Code ErrorCode
	Msg  string
	Err  error // the cause, if any
}

func (e *Error) Error() string {
	if e.Err != nil && e.Msg == "" {
		return e.Err.Error()
	}
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}

func (e *Error) Unwrap() error { return e.Err }

// Code is the ErrorCode of err, or "" for an error that has none.
func Code(err error) ErrorCode {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}

// Denied is the error of a statement an archive does not allow (EDenied),
// saying why.
func Denied(why string) error { return &Error{Code: EDenied, Msg: why} }
