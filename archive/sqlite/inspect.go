package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"

	"handrec/archive/driver"
)

// sqliteMagic opens every SQLite database file.
const sqliteMagic = "SQLite format 3\x00"

// fileState is what a file holds, as inspect found it.
type fileState struct {
	empty          bool // a file of no bytes
	version, appID int  // PRAGMA user_version and application_id
	tables         int  // entries of sqlite_schema (1 for "some" when read from the header)
}

// isArchive reports whether the file is a handrec archive (of any version).
func (s fileState) isArchive() bool { return s.appID == driver.ApplicationID }

// blank reports whether the file holds nothing yet: no bytes, or a SQLite
// database without a table. Open makes an archive of it.
func (s fileState) blank() bool {
	return s.empty || s.appID == 0 && s.version == 0 && s.tables == 0
}

// NotArchiveError says that a file is not a handrec archive, and what it is.
type NotArchiveError struct {
	Path string
	What string // "an empty file", "not a SQLite database", ...
}

func (e *NotArchiveError) Error() string {
	return e.Path + " is not a handrec archive: " + e.What
}

// notArchive is the error for a file that holds something else.
func notArchive(path string, s fileState) error {
	switch {
	case s.empty:
		return &NotArchiveError{path, "an empty file"}
	case s.appID != 0 && s.appID != driver.ApplicationID:
		return &NotArchiveError{path, fmt.Sprintf("a SQLite database of another application (application id %d)", s.appID)}
	case s.tables == 0:
		return &NotArchiveError{path, "an empty SQLite database"}
	}
	return &NotArchiveError{path, "a SQLite database with other tables"}
}

// inspect reads what the file at path holds without changing it. A
// missing file is ErrNoArchive. The header's bytes say it (magic, schema
// cookie, user_version, application_id) unless a write-ahead log beside
// the file may hold a newer header: then a read-only connection asks
// (no journal mode set, nothing written). Opening a database in WAL mode,
// even read-only, makes its -wal and -shm files, which a database that is
// not an archive should not get.
func inspect(ctx context.Context, path string) (fileState, error) {
	var s fileState
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return s, fmt.Errorf("%w at %s", driver.ErrNoArchive, path)
	case err != nil:
		return s, err
	case fi.IsDir():
		return s, &NotArchiveError{path, "a directory"}
	case !fi.Mode().IsRegular():
		return s, &NotArchiveError{path, "not a regular file"}
	case fi.Size() == 0:
		s.empty = true
		return s, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return s, err
	}
	hdr := make([]byte, 100)
	n, err := io.ReadFull(f, hdr)
	f.Close()
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) {
		return s, err
	}
	if n < len(hdr) || !bytes.Equal(hdr[:len(sqliteMagic)], []byte(sqliteMagic)) {
		return s, &NotArchiveError{path, "not a SQLite database"}
	}
	if wal, err := os.Stat(path + "-wal"); err == nil && wal.Size() > 0 {
		return inspectSQL(ctx, path)
	}
	s.version = int(binary.BigEndian.Uint32(hdr[60:]))
	s.appID = int(int32(binary.BigEndian.Uint32(hdr[68:])))
	if binary.BigEndian.Uint32(hdr[40:]) != 0 { // the schema cookie: a table was made
		s.tables = 1
	}
	return s, nil
}

// inspectSQL is inspect on a read-only connection.
func inspectSQL(ctx context.Context, path string) (fileState, error) {
	var s fileState
	db, err := sql.Open(readOnlyDriver, dsn(path, true))
	if err != nil {
		return s, err
	}
	defer db.Close()
	err = db.QueryRowContext(ctx, "PRAGMA user_version").Scan(&s.version)
	if err == nil {
		err = db.QueryRowContext(ctx, "PRAGMA application_id").Scan(&s.appID)
	}
	if err == nil {
		err = db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&s.tables)
	}
	if err != nil {
		return s, &NotArchiveError{path, "not a SQLite database that can be read (" + err.Error() + ")"}
	}
	return s, nil
}
