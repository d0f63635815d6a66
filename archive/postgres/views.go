package postgres

import (
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"
)

// The views of schema versions 13 to 20 read the JSON the game row holds
// (its deal as an array of hands, its tags, calls, scores and play) with
// SQLite's json_each, json_type, GLOB and its ->> on text and with paths
// ('$[1]', '$.l'). The mechanical rules of schema.go do not carry
// these over: PostgreSQL's ->> takes a key or an index, not a path, a
// text is not JSON, json_array_elements has no type column, and a
// subquery in FROM needs a name. These views are written a second time,
// in PostgreSQL's SQL, giving the same rows and columns; a test
// (TestPostgresCLI) counts every view on both engines and compares the
// export of the same archive, byte for byte. The other statements of
// these migrations (their tables, columns and the problems and matches
// views) are translated by the rules. Where a view's text is the same in
// both SQLs, it is taken from the SQLite view (pgTagColumns).
// Each is a file beside the migrations' translation, views/NNNN_name.sql:
// the view name of migration NNNN, after the comments that open it
// (viewText). They cannot be written once, for both engines, in the
// migrations: they are released (never edited), and SQLite's JSON
// functions and PostgreSQL's share no syntax for what these views do.
var pgViews = readViews(viewFiles)

//go:embed views/*.sql
var viewFiles embed.FS

var viewName = regexp.MustCompile(`^views/([0-9]{4})_(\w+)\.sql$`)

// readViews reads the views' files, by migration and name.
func readViews(fsys fs.FS) map[int]map[string]string {
	names, err := fs.Glob(fsys, "views/*.sql")
	if err != nil {
		panic("archive/postgres: " + err.Error())
	}
	views := map[int]map[string]string{}
	for _, name := range names {
		m := viewName.FindStringSubmatch(name)
		b, err := fs.ReadFile(fsys, name)
		if m == nil || err != nil {
			panic(fmt.Sprintf("archive/postgres: view %s: not named NNNN_name.sql, or %v", name, err))
		}
		n, _ := strconv.Atoi(m[1])
		if views[n] == nil {
			views[n] = map[string]string{}
		}
		views[n][m[2]] = viewText(string(b))
	}
	return views
}

// viewText is the statement of a view's file: its text without the
// comment lines that open it, and without the closing semicolon.
func viewText(file string) string {
	for strings.HasPrefix(file, "--") {
		_, file, _ = strings.Cut(file, "\n")
	}
	return strings.TrimSuffix(strings.TrimSpace(file), ";")
}

var pgCreateView = regexp.MustCompile(`(?i)^CREATE\s+VIEW\s+(\w+)\s+AS\b`)

// pgView is the PostgreSQL text of a view of migration version that
// statement st creates, "" when the rules translate it.
func pgView(version int, st string) string {
	m := pgCreateView.FindStringSubmatch(st)
	if m == nil {
		return ""
	}
	v := pgViews[version][m[1]]
	if strings.Contains(v, tagColumnsMark) {
		v = strings.Replace(v, tagColumnsMark, pgTagColumns(st), 1)
	}
	return v
}

// tagColumnsMark stands in the PostgreSQL tags view (views/0015_tags.sql)
// for the tags view's list of the tags whose value is a column of the game
// or of its event ("WHEN 'Vulnerable' THEN g.vul ..."): the same text in
// both SQLs, stated once, in migration 15.
const tagColumnsMark = "{{tag columns}}"

// tagColumnsList is the list in the tags view of migration 15: the lines
// after the Deal's own CASE, up to the END of the CASE of the tag's name.
var tagColumnsList = regexp.MustCompile(`(?s)\n[ \t]*WHEN 'Deal' THEN\n.*?\n[ \t]*END\n(.*?\n)[ \t]*END\n[ \t]*WHEN 'array'`)

// pgTagColumns is the list of tag columns of st, the SQLite tags view
// (schema version 15); "" when st has none, which leaves the view invalid.
func pgTagColumns(st string) string {
	m := tagColumnsList.FindStringSubmatch(st)
	if m == nil {
		return ""
	}
	return m[1]
}
