package sqlite

import (
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mattn/go-sqlite3"
)

// readOnlyDriver is the driver of read-only archives: every connection
// refuses to attach a database (SQLITE_LIMIT_ATTACHED 0, which VACUUM
// INTO needs too) and its authorizer denies ATTACH, DETACH, pragmas that
// set a value or act, every write, transaction statements (BEGIN
// EXCLUSIVE would ask for a write lock) and load_extension. mode=ro alone still lets
// "ATTACH 'x.db'" and "VACUUM INTO 'x.db'" create files, and "PRAGMA
// journal_mode=DELETE" fail with "disk I/O error".
const readOnlyDriver = "sqlite3_handrec_ro"

// A query's memory is bounded, so that a statement such as
// "SELECT randomblob(700000000)" fails with an error, not by taking
// gigabytes: a string or blob it makes may hold MaxQueryValue bytes (the
// archive's longest, a record's JSON of at most 32 MiB of text, fits), and
// SQLite's own allocations MaxQueryMemory (hard_heap_limit; its page cache
// is 64 MiB, and sorts larger than that spill to temporary files). The
// authorizer denies the pragmas that would raise them.
const (
	MaxQueryValue  = 64 << 20
	MaxQueryMemory = 256 << 20
)

func init() {
	sql.Register(readOnlyDriver, &sqlite3.SQLiteDriver{ConnectHook: func(c *sqlite3.SQLiteConn) error {
		c.SetLimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)
		c.SetLimit(sqlite3.SQLITE_LIMIT_LENGTH, MaxQueryValue)
		if _, err := c.Exec("PRAGMA hard_heap_limit = "+strconv.Itoa(MaxQueryMemory), nil); err != nil {
			return err
		}
		c.RegisterAuthorizer(readOnlyAuthorizer(nil))
		return registerScoring(c)
	}})
}

// limitError says which bound a query reached, for SQLite's "string or
// blob too big" and "out of memory"; other errors are returned as they are.
func limitError(err error) error {
	var se sqlite3.Error
	if !errors.As(err, &se) {
		return err
	}
	switch se.Code {
	case sqlite3.ErrTooBig:
		return fmt.Errorf("the query makes a value longer than %d MiB, the most one may hold (%w)", MaxQueryValue>>20, err)
	case sqlite3.ErrNomem:
		return fmt.Errorf("the query needs more than %d MiB of memory, the most one may use (%w)", MaxQueryMemory>>20, err)
	}
	return err
}

// readPragmas are the pragmas a read-only query may run: true for those
// whose argument names a table or index (or limits a check), false for
// those that read a setting and would change it given a value.
var readPragmas = map[string]bool{
	"application_id": false, "user_version": false, "schema_version": false, "data_version": false,
	"page_count": false, "page_size": false, "freelist_count": false, "encoding": false, "journal_mode": false,
	"foreign_keys": false, "collation_list": false, "function_list": false, "module_list": false,
	"pragma_list": false, "database_list": false, "compile_options": false,
	"table_info": true, "table_xinfo": true, "table_list": true, "index_list": true, "index_info": true,
	"index_xinfo": true, "foreign_key_list": true, "foreign_key_check": true, "integrity_check": true,
	"quick_check": true,
}

// readOnlyAuthorizer allows what reads; it puts what it denied in
// *denied, when denied is not nil.
func readOnlyAuthorizer(denied *string) func(op int, a1, a2, db string) int {
	return func(op int, a1, a2, db string) int {
		why := ""
		switch op {
		case sqlite3.SQLITE_ATTACH, sqlite3.SQLITE_DETACH:
			why = "ATTACH and DETACH are not allowed: a query may not open or create other files"
		case sqlite3.SQLITE_FUNCTION:
			if strings.EqualFold(a2, "load_extension") {
				why = "load_extension is not allowed: a query may not load code"
			}
		case sqlite3.SQLITE_TRANSACTION:
			why = strings.ToUpper(a1) + " is not allowed: a query is one statement, in a transaction of its own"
		case sqlite3.SQLITE_SAVEPOINT:
			why = "SAVEPOINT and RELEASE are not allowed: a query is one statement, in a transaction of its own"
		case sqlite3.SQLITE_PRAGMA:
			name := strings.ToLower(a1)
			if named, ok := readPragmas[name]; !ok || a2 != "" && !named {
				why = "PRAGMA " + name
				if a2 != "" {
					why += " = " + a2
				}
				why += " is not allowed: a query may only read the archive's settings"
			}
		case sqlite3.SQLITE_INSERT, sqlite3.SQLITE_UPDATE, sqlite3.SQLITE_DELETE,
			sqlite3.SQLITE_CREATE_TABLE, sqlite3.SQLITE_CREATE_INDEX, sqlite3.SQLITE_CREATE_VIEW,
			sqlite3.SQLITE_CREATE_TRIGGER, sqlite3.SQLITE_DROP_TABLE, sqlite3.SQLITE_DROP_INDEX,
			sqlite3.SQLITE_DROP_VIEW, sqlite3.SQLITE_DROP_TRIGGER, sqlite3.SQLITE_ALTER_TABLE,
			sqlite3.SQLITE_REINDEX, sqlite3.SQLITE_ANALYZE, sqlite3.SQLITE_CREATE_VTABLE,
			sqlite3.SQLITE_DROP_VTABLE, sqlite3.SQLITE_CREATE_TEMP_TABLE, sqlite3.SQLITE_CREATE_TEMP_VIEW,
			sqlite3.SQLITE_CREATE_TEMP_INDEX, sqlite3.SQLITE_CREATE_TEMP_TRIGGER, sqlite3.SQLITE_DROP_TEMP_TABLE,
			sqlite3.SQLITE_DROP_TEMP_VIEW, sqlite3.SQLITE_DROP_TEMP_INDEX, sqlite3.SQLITE_DROP_TEMP_TRIGGER:
			if db == "temp" && (op == sqlite3.SQLITE_INSERT || op == sqlite3.SQLITE_UPDATE || op == sqlite3.SQLITE_DELETE) {
				return sqlite3.SQLITE_OK // sqlite_temp_master bookkeeping
			}
			why = "changing the archive is not allowed: a query only reads"
			switch op {
			case sqlite3.SQLITE_INSERT:
				why = "INSERT INTO " + a1 + " is not allowed: a query only reads the archive"
			case sqlite3.SQLITE_UPDATE:
				why = "UPDATE " + a1 + " is not allowed: a query only reads the archive"
			case sqlite3.SQLITE_DELETE:
				why = "DELETE FROM " + a1 + " is not allowed: a query only reads the archive"
			}
		}
		if why == "" {
			return sqlite3.SQLITE_OK
		}
		if denied != nil && *denied == "" {
			*denied = why
		}
		return sqlite3.SQLITE_DENY
	}
}
