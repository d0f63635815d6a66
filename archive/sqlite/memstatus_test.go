package sqlite

import "testing"

// SQLite's statistics of its memory are turned off before SQLite is
// initialized: sqlite3_config said SQLITE_OK.
func TestMemstatusOff(t *testing.T) {
	if !memstatusOff {
		t.Error("sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0) failed: SQLite was initialized first")
	}
}
