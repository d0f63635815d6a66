//go:build cgo

package sqlite

/*
// sqlite3_config is SQLite's, compiled into the program by
// github.com/mattn/go-sqlite3; SQLITE_CONFIG_MEMSTATUS is 9 in sqlite3.h.
int sqlite3_config(int, ...);

static int handrec_memstatus_off(void) { return sqlite3_config(9, 0); }
*/
import "C"

// memstatusOff says whether SQLite's statistics of its memory are off.
// SQLite keeps them by default (sqlite3_status), taking a mutex for
// every allocation and free to count them; handrec reads none, and an
// import allocates in SQLite for every text it binds. They can only be
// turned off before SQLite is initialized (at the first connection),
// which is why here, at the package's initialization; should SQLite be
// initialized already (SQLITE_MISUSE), they stay on, and nothing else
// changes. The driver's compile flag SQLITE_DEFAULT_MEMSTATUS=0 would do
// the same, but only for a build given CGO_CFLAGS, which go build from a
// fresh clone is not.
var memstatusOff = C.handrec_memstatus_off() == 0
