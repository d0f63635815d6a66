package postgres

import (
	"regexp"
	"strings"

	"handrec/archive/internal/testhooks"
)

// The views of schema versions 13 to 18 read the JSON the game row holds
// (its deal as an array of hands, its tags, calls, scores and play) with
// SQLite's json_each, json_type, GLOB and its ->> on text and with paths
// ('$[1]', '$.l'). The mechanical rules of schema.go do not carry
// these over: PostgreSQL's ->> takes a key or an index, not a path, a
// text is not JSON, json_array_elements has no type column, and a
// subquery in FROM needs a name. These views are written here a second
// time, in PostgreSQL's SQL, giving the same rows and columns; a test
// (TestPostgresCLI) counts every view on both engines and compares the
// export of the same archive, byte for byte. The other statements of
// these migrations (their tables, columns and the problems and matches
// views) are translated by the rules. Where a view's text is the same in
// both SQLs, it is taken from the SQLite view (pgTagColumns).
var pgViews = map[int]map[string]string{
	13: {"hands": pgHands},
	15: {"tags": pgTags},
	16: {"calls": pgCalls, "scores": pgScores},
	18: {"plays": pgPlays},
	20: {"hands": pgHandsPoints},
}

// The tests that take an archive back to version 18 make its hands view.
func init() { testhooks.PGHands13 = pgHands }

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

// tagColumnsMark stands in pgTags for the tags view's list of the tags
// whose value is a column of the game or of its event ("WHEN 'Vulnerable'
// THEN g.vul ..."): the same text in both SQLs, stated once, in migration 15.
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

// a known hand of the deal, from its PBN form: the seat of the first
// hand, then the four hands
const pgHands = `CREATE VIEW hands AS
SELECT record, seat, s[1] AS spades, s[2] AS hearts, s[3] AS diamonds, s[4] AS clubs,
       4 * (length(cards) - length(replace(cards, 'A', ''))) + 3 * (length(cards) - length(replace(cards, 'K', '')))
     + 2 * (length(cards) - length(replace(cards, 'Q', ''))) + (length(cards) - length(replace(cards, 'J', ''))) AS hcp,
       length(s[1]) AS s_len, length(s[2]) AS h_len, length(s[3]) AS d_len, length(s[4]) AS c_len
  FROM (SELECT g.id AS record, substr('NESW', (strpos('NESW', substr(g.deal, 1, 1)) + h.k::integer - 2) % 4 + 1, 1) AS seat,
               h.v AS cards, string_to_array(h.v, '.') AS s
          FROM game g CROSS JOIN LATERAL unnest(string_to_array(substr(g.deal, 3), ' ')) WITH ORDINALITY AS h(v, k)
         WHERE g.deal IS NOT NULL AND h.v <> '-') AS d`

// a known hand of the deal, its points and lengths from hand_points
// (schema version 20), its cards from the deal for the hands kept
const pgHandsPoints = `CREATE VIEW hands AS
SELECT record, seat, s[1] AS spades, s[2] AS hearts, s[3] AS diamonds, s[4] AS clubs,
       hcp, s_len, h_len, d_len, c_len
  FROM (SELECT p.record, p.seat, p.v / 65536 AS hcp, p.v / 4096 % 16 AS s_len, p.v / 256 % 16 AS h_len, p.v / 16 % 16 AS d_len, p.v % 16 AS c_len,
               string_to_array(split_part(substr(g.deal, 3), ' ', (p.i - strpos('NESW', substr(g.deal, 1, 1)) + 5) % 4 + 1), '.') AS s
          FROM (SELECT h.game_id AS record, k.seat, k.i, CASE k.i WHEN 0 THEN h.n WHEN 1 THEN h.e WHEN 2 THEN h.s ELSE h.w END AS v
                  FROM (VALUES (0, 'N'), (1, 'E'), (2, 'S'), (3, 'W')) AS k(i, seat) CROSS JOIN hand_points h) p
          JOIN game g ON g.id = p.record
         WHERE p.v IS NOT NULL) AS d`

// the flat array of a name and a value per tag; x is the value; the
// tags whose value is a column of the game are the SQLite view's
// (tagColumnsMark)
const pgTags = `CREATE VIEW tags AS
SELECT g.id AS record, (j.k - 1) / 2 + 1 AS seq, coalesce(n.name, j.v #>> '{}') AS name,
       CASE json_typeof(t.x)
         WHEN 'number' THEN
           CASE coalesce(n.name, j.v #>> '{}')
             WHEN 'Deal' THEN
               CASE (t.x #>> '{}')::integer WHEN 0 THEN g.deal
                 ELSE (SELECT substr('NESW', r.k + 1, 1) || ':' || r.d[r.k + 1] || ' ' || r.d[(r.k + 1) % 4 + 1] || ' '
                              || r.d[(r.k + 2) % 4 + 1] || ' ' || r.d[(r.k + 3) % 4 + 1]
                         FROM (SELECT (t.x #>> '{}')::integer AS k, string_to_array(substr(g.deal, 3), ' ') AS d) AS r)
               END
{{tag columns}}           END
         WHEN 'array' THEN t.x ->> 0
         ELSE t.x #>> '{}'
       END AS value,
       (json_typeof(t.x) = 'array')::integer AS section
  FROM game g
  CROSS JOIN LATERAL json_array_elements(g.tags) WITH ORDINALITY AS j(v, k)
  CROSS JOIN LATERAL (SELECT g.tags -> j.k::integer AS x) AS t
  LEFT JOIN tag_name n ON n.id = CASE WHEN json_typeof(j.v) = 'number' THEN (j.v #>> '{}')::bigint END
  LEFT JOIN event e ON e.id = g.event_id
 WHERE (j.k - 1) % 2 = 0`

// the seat of the first call, then a call a value: its text, or an
// object of its text and the rest
const pgCalls = `CREATE VIEW calls AS
SELECT record, seq, seat, call,
       CASE WHEN l IS NOT NULL THEN (x ->> 'l')::bigint
            WHEN call ~ '^[1-7]([CDHS]|NT)$' THEN substr(call, 1, 1)::bigint END AS level,
       CASE WHEN l IS NOT NULL THEN x ->> 's'
            WHEN call ~ '^[1-7]([CDHS]|NT)$' THEN substr(call, 2) END AS strain,
       coalesce((x ->> 'a')::bigint, 0) AS alert, x ->> 'e' AS explanation, x ->> 'n' AS note,
       x ->> 'g' AS nags, x ->> 'i' AS irregular
  FROM (SELECT g.id AS record, j.k - 1 AS seq,
               CASE WHEN g.calls ->> 0 IS NOT NULL
                    THEN substr('NESW', (strpos('NESW', g.calls ->> 0) + j.k::integer - 3) % 4 + 1, 1) END AS seat,
               CASE json_typeof(j.v) WHEN 'object' THEN j.v ->> 'c' ELSE j.v #>> '{}' END AS call,
               CASE json_typeof(j.v) WHEN 'object' THEN j.v END AS x,
               CASE json_typeof(j.v) WHEN 'object' THEN json_typeof(j.v -> 'l') END AS l
          FROM game g CROSS JOIN LATERAL json_array_elements(g.calls) WITH ORDINALITY AS j(v, k)
         WHERE j.k > 1) AS c`

// an array a code: the code (an id of score_code, or its name), then
// the points of NS, EW, N, E, S and W
const pgScores = `CREATE VIEW scores AS
SELECT g.id AS record, coalesce(k.name, j.v ->> 0) AS code,
       (j.v ->> 1)::bigint AS ns, (j.v ->> 2)::bigint AS ew, (j.v ->> 3)::bigint AS n,
       (j.v ->> 4)::bigint AS e, (j.v ->> 5)::bigint AS s, (j.v ->> 6)::bigint AS w
  FROM game g
  CROSS JOIN LATERAL json_array_elements(g.scores) AS j(v)
  LEFT JOIN score_code k ON k.id = CASE WHEN json_typeof(j.v -> 0) = 'number' THEN (j.v ->> 0)::bigint END`

// a trick a value: its text, or an array of its text and the slots'
// notes, glyphs and irregularities
const pgPlays = `CREATE VIEW plays AS
SELECT t.record, 4 * (t.trick - 1) + k.i AS seq, t.trick,
       substr('NESW', (strpos('NESW', substr(t.s, 1, 1)) + k.i - 2) % 4 + 1, 1) AS seat,
       rtrim(substr(t.s, 2 * k.i + 2, 2)) AS card,
       NULLIF(substr(t.s, 2, 1), '?') AS leader, NULLIF(substr(t.s, 3, 1), '?') AS winner,
       t.x -> 1 ->> (k.i - 1) AS note, t.x -> 2 ->> (k.i - 1) AS nags, t.x -> 3 ->> (k.i - 1) AS irregular
  FROM (SELECT g.id AS record, j.k AS trick,
               CASE json_typeof(j.v) WHEN 'array' THEN j.v ->> 0 ELSE j.v #>> '{}' END AS s,
               CASE json_typeof(j.v) WHEN 'array' THEN j.v END AS x
          FROM game g CROSS JOIN LATERAL json_array_elements(g.play) WITH ORDINALITY AS j(v, k)) AS t
  CROSS JOIN (VALUES (1), (2), (3), (4)) AS k(i)
 WHERE substr(t.s, 2 * k.i + 2, 1) <> ' '`
