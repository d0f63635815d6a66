package postgres

import (
	"strings"

	"handrec/archive/driver"
)

// A caller's SQL (a query, a --where condition, the viewer's search) runs
// in a read-only transaction that is rolled back, on a role that may not
// be a superuser (reader.go); what such a role may still do and the
// transaction does not undo, or what reaches beyond the archive, is
// refused by name before the statement is sent, as SQLite's
// load_extension is refused by its authorizer: the names below, wherever
// they stand in the text as a name (not in a string or a comment). The
// functions that run SQL given as a string are among them, since the
// names in that string are not seen here.

// deniedWhy are the reasons a name is refused, by kind.
const (
	whyFiles    = "a query may not read the server's files"
	whySessions = "a query may not see or end the server's other sessions"
	whySettings = "a query may not change the server or read its settings"
	whyRoles    = "a query may not read the server's roles and passwords"
	whyState    = "a query may not take locks or leave state on its connection"
	whyServers  = "a query may not connect to other servers"
	whyDynamic  = "a query may not run SQL given as a string"
)

// deniedNames are the names refused whole; deniedPrefixes those refused
// by how they begin (a family of functions).
var deniedNames = map[string]string{
	"pg_stat_file": whyFiles, "pg_logdir_ls": whyFiles, "pg_current_logfile": whyFiles,

	"pg_terminate_backend": whySessions, "pg_cancel_backend": whySessions,
	"pg_log_backend_memory_contexts": whySessions, "pg_stat_activity": whySessions,
	"pg_stat_get_activity": whySessions,

	"set_config": whySettings, "pg_reload_conf": whySettings, "pg_rotate_logfile": whySettings,
	"pg_promote": whySettings, "pg_switch_wal": whySettings, "pg_create_restore_point": whySettings,
	"pg_backup_start": whySettings, "pg_backup_stop": whySettings, "pg_start_backup": whySettings,
	"pg_stop_backup": whySettings, "pg_drop_replication_slot": whySettings,
	"pg_import_system_collations": whySettings, "pg_file_settings": whySettings,
	"pg_hba_file_rules": whySettings, "pg_ident_file_mappings": whySettings, "pg_config": whySettings,

	"pg_authid": whyRoles, "pg_shadow": whyRoles, "pg_user_mapping": whyRoles, "pg_user_mappings": whyRoles,

	"setseed": whyState,

	"ts_stat": whyDynamic, "ts_rewrite": whyDynamic,
}

var deniedPrefixes = []struct{ prefix, why string }{
	{"pg_read_", whyFiles}, {"pg_ls_", whyFiles}, {"lo_", whyFiles}, {"pg_file_", whyFiles},
	{"pg_stat_get_backend_", whySessions},
	{"pg_stat_reset", whySettings}, {"pg_wal_replay_", whySettings}, {"pg_create_", whySettings},
	{"pg_replication_origin_", whySettings}, {"pg_logical_", whySettings}, {"pg_copy_", whySettings},
	{"pg_advisory_", whyState}, {"pg_try_advisory_", whyState},
	{"dblink", whyServers},
	{"query_to_", whyDynamic}, {"cursor_to_", whyDynamic},
}

// deniedName is why name (folded to lower case) may not be used, or "".
func deniedName(name string) string {
	if why, ok := deniedNames[name]; ok {
		return why
	}
	for _, p := range deniedPrefixes {
		if strings.HasPrefix(name, p.prefix) {
			return p.why
		}
	}
	return ""
}

// guard refuses a caller's SQL that names what deniedName refuses
// (EDenied, saying what and why), or that PostgreSQL would read otherwise
// than this scan does (a string or comment not closed, a name spelled
// with Unicode escapes), so that no name passes unseen.
func guard(sql string) error {
	for i := 0; i < len(sql); {
		c := sql[i]
		switch {
		case c == '-' && strings.HasPrefix(sql[i:], "--"):
			j := strings.IndexByte(sql[i:], '\n')
			if j < 0 {
				return nil
			}
			i += j + 1
		case c == '/' && strings.HasPrefix(sql[i:], "/*"):
			end, ok := pgCommentEnd(sql, i)
			if !ok {
				return driver.Denied("a /* comment is not closed")
			}
			i = end
		case c == '\'':
			end, ok := pgStringEnd(sql, i+1, false)
			if !ok {
				return driver.Denied("a ' is not closed")
			}
			i = end
		case (c == 'e' || c == 'E') && i+1 < len(sql) && sql[i+1] == '\'':
			end, ok := pgStringEnd(sql, i+2, true)
			if !ok {
				return driver.Denied("a ' is not closed")
			}
			i = end
		case (c == 'u' || c == 'U') && strings.HasPrefix(sql[i+1:], "&\""):
			return driver.Denied(`a name written with Unicode escapes (U&"...") is not allowed: write it as it is`)
		case c == '"':
			name, end, ok := quotedName(sql, i)
			if !ok {
				return driver.Denied(`a " is not closed`)
			}
			if err := checkName(strings.ToLower(name)); err != nil {
				return err
			}
			i = end
		case c == '$':
			end, ok := pgDollarEnd(sql, i)
			if !ok {
				return driver.Denied("a $ quote is not closed")
			}
			i = end
		case isIdentStart(c):
			j := i + 1
			for j < len(sql) && (isIdentStart(sql[j]) || sql[j] >= '0' && sql[j] <= '9' || sql[j] == '$') {
				j++
			}
			if err := checkName(strings.ToLower(sql[i:j])); err != nil {
				return err
			}
			i = j
		case c >= '0' && c <= '9':
			// a number, and what follows it that PostgreSQL 15 reads as
			// its own token (123abc is 123 and abc): digits, a point and
			// an exponent only
			for i < len(sql) && (sql[i] >= '0' && sql[i] <= '9' || sql[i] == '.') {
				i++
			}
		default:
			i++
		}
	}
	return nil
}

// quotedName is the name quoted at i ("...", a doubled quote a quote in
// it) and the index after it; not ok when it is not closed.
func quotedName(s string, i int) (name string, end int, ok bool) {
	var b strings.Builder
	for j := i + 1; j < len(s); j++ {
		if s[j] != '"' {
			b.WriteByte(s[j])
			continue
		}
		if j+1 < len(s) && s[j+1] == '"' {
			b.WriteByte('"')
			j++
			continue
		}
		return b.String(), j + 1, true
	}
	return "", len(s), false
}

// checkName refuses name when deniedName does.
func checkName(name string) error {
	if why := deniedName(name); why != "" {
		return driver.Denied(name + " is not allowed: " + why)
	}
	return nil
}

func isIdentStart(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c >= 0x80
}

// pgCommentEnd is the index after the /* comment that opens at i, which
// PostgreSQL nests.
func pgCommentEnd(s string, i int) (int, bool) {
	depth := 0
	for i < len(s) {
		switch {
		case strings.HasPrefix(s[i:], "/*"):
			depth++
			i += 2
		case strings.HasPrefix(s[i:], "*/"):
			depth--
			i += 2
			if depth == 0 {
				return i, true
			}
		default:
			i++
		}
	}
	return i, false
}

// pgStringEnd is the index after the string whose text begins at i: a
// doubled quote is a quote in it, and so, in an escape string (E'...'),
// is \'; a backslash there escapes the character after it. (Read sets
// standard_conforming_strings for the statement, so that '...' is never
// an escape string.) Strings continued on another line ('a'\n'b') are
// strings each.
func pgStringEnd(s string, i int, escapes bool) (int, bool) {
	for i < len(s) {
		switch {
		case escapes && s[i] == '\\':
			i += 2
		case s[i] == '\'' && i+1 < len(s) && s[i+1] == '\'':
			i += 2
		case s[i] == '\'':
			return i + 1, true
		default:
			i++
		}
	}
	return i, false
}

// pgDollarEnd is the index after what the $ at i opens: a dollar-quoted
// string ($$...$$, $tag$...$tag$), or a parameter ($1), or a lone $.
func pgDollarEnd(s string, i int) (int, bool) {
	j := i + 1
	if j < len(s) && s[j] >= '0' && s[j] <= '9' {
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		return j, true
	}
	for j < len(s) && (isIdentStart(s[j]) || j > i+1 && s[j] >= '0' && s[j] <= '9') {
		j++
	}
	if j >= len(s) || s[j] != '$' {
		return i + 1, true // not a quote: PostgreSQL says what it is
	}
	tag := s[i : j+1]
	end := strings.Index(s[j+1:], tag)
	if end < 0 {
		return len(s), false
	}
	return j + 1 + end + len(tag), true
}
