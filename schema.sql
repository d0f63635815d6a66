-- handrec archive schema, version 22: the tables, indexes, views and
-- triggers of a new archive, and the rows it holds, as the migrations
-- (archive/migrations/NNNN_name.sql) make them; SQLite's own text of each.
--
-- GENERATED from the migrations by archive's TestSchemaSQL: do not edit.
-- After adding a migration: go test ./archive -run TestSchemaSQL -update
-- docs/archive.md describes the tables and views.

-- Tables

CREATE TABLE source (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL,
    size        INTEGER NOT NULL,
    sha256      TEXT NOT NULL UNIQUE,            -- hex digest of the content
    format      TEXT NOT NULL,                   -- pbn, lin, json
    header      TEXT NOT NULL DEFAULT '{}',      -- the file's header and trailer as JSON
    records     INTEGER NOT NULL DEFAULT 0,      -- games read, good and bad
    problems    INTEGER NOT NULL DEFAULT 0,      -- games left out for their errors
    imported_at TEXT NOT NULL                    -- UTC, RFC 3339
);

CREATE TABLE event (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    site TEXT NOT NULL,
    date TEXT NOT NULL,
    UNIQUE (name, site, date)
);

CREATE TABLE game (
    id        INTEGER PRIMARY KEY,
    hash      BLOB NOT NULL UNIQUE,    -- of the record, positions and file left out
    event_id  INTEGER REFERENCES event (id),
    board     INTEGER,
    room      TEXT,
    date      TEXT,
    dealer    TEXT,
    vul       TEXT,                    -- None, NS, EW, All
    deal      TEXT,                    -- PBN form from North: 'N:AKQ.. ...'
    north     TEXT,
    east      TEXT,
    south     TEXT,
    west      TEXT,
    contract  TEXT,                    -- '4S', '3NTX', 'Pass'
    level     INTEGER,
    strain    TEXT,                    -- C D H S NT
    doubled   INTEGER,
    declarer  TEXT,
    tricks    INTEGER,                 -- declarer's tricks
    result    TEXT,                    -- the Result tag as written
    score     TEXT,                    -- recorded scores: the Score,
    score_imp TEXT,                    -- ScoreIMP,
    score_mp  TEXT,                    -- ScoreMP and
    scoring   TEXT,                    -- Scoring tags
    warnings  INTEGER NOT NULL DEFAULT 0,
    tags TEXT NOT NULL DEFAULT '[]', errors INTEGER NOT NULL DEFAULT 0, record BLOB NOT NULL DEFAULT x'', calls TEXT, scores TEXT, match_id INTEGER REFERENCES match (id), play TEXT);

CREATE TABLE game_source (
    source_id INTEGER NOT NULL REFERENCES source (id) ON DELETE CASCADE,
    idx       INTEGER NOT NULL,        -- 1-based ordinal in the file
    game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    line      INTEGER NOT NULL,
    col       INTEGER NOT NULL, layout BLOB, row_pos TEXT,
    PRIMARY KEY (source_id, idx)
) WITHOUT ROWID;

CREATE TABLE player (
    name    TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat    TEXT NOT NULL,
    PRIMARY KEY (name, game_id, seat)
) WITHOUT ROWID;

CREATE TABLE comment (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    anchor  TEXT NOT NULL,
    kind    TEXT NOT NULL,             -- brace, line, lin-nt
    text    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE result (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    row     INTEGER NOT NULL,          -- 1-based, in the section's order
    cells   TEXT NOT NULL,             -- {"column": "value", ...}, quotes taken off, "-" kept
    PRIMARY KEY (game_id, row)
) WITHOUT ROWID;

CREATE TABLE ddtable (
    game_id   INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    tricks    TEXT NOT NULL,           -- 20 hex digits: declarer's tricks, N E S W each C D H S NT
    par_score INTEGER,                 -- North-South's par score; NULL for an end position, or
                                       -- when neither the game nor its board gives dealer and vulnerability
    par       TEXT                     -- the par contracts as PBN's ParContract gives them: 'NS 4H=; NS 4S='
);

CREATE TABLE standing (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    row     INTEGER NOT NULL,          -- 1-based, in the section's order
    cells   TEXT NOT NULL,             -- {"column": "value", ...}, quotes taken off, "-" kept
    PRIMARY KEY (game_id, row)
) WITHOUT ROWID;

CREATE TABLE problem_text (
    id       INTEGER PRIMARY KEY,
    severity TEXT NOT NULL,            -- error, warning
    text     TEXT NOT NULL,
    UNIQUE (text, severity)
);

CREATE TABLE "problem" (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,         -- 1-based, in the record's order
    line     INTEGER,                  -- NULL when not known
    col      INTEGER,
    text_id  INTEGER NOT NULL REFERENCES problem_text (id),
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE tag_name (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE score_code (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);

CREATE TABLE match (
    id          INTEGER PRIMARY KEY,
    event_id    INTEGER REFERENCES event (id),
    segment     TEXT,                  -- the Stage; NULL when not given
    first       INTEGER,               -- the segment's first and last board, NULL when not given
    last        INTEGER,
    home        TEXT NOT NULL,         -- the teams as written, '' when not given
    home_carry  TEXT NOT NULL,         -- the carry-over as written: '', '0', '12.5'
    visit       TEXT NOT NULL,
    visit_carry TEXT NOT NULL
);

CREATE TABLE hand_points (
    game_id INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    n       INTEGER,
    e       INTEGER,
    s       INTEGER,
    w       INTEGER
);

-- Indexes

CREATE INDEX game_event ON game (event_id, board);

CREATE INDEX game_board ON game (board);

CREATE INDEX game_deal ON game (deal);

CREATE INDEX game_contract ON game (contract, declarer);

CREATE INDEX game_source_game ON game_source (game_id);

CREATE INDEX game_match ON game (match_id) WHERE match_id IS NOT NULL;

-- Views

CREATE VIEW comments AS
SELECT game_id AS record, seq, anchor, kind, text FROM comment;

CREATE VIEW players AS
SELECT name, game_id AS record, seat FROM player;

CREATE VIEW sources AS
SELECT id, path, size, sha256, format, records, problems, imported_at,
       (SELECT count(*) FROM game_source gs WHERE gs.source_id = source.id) AS games
  FROM source;

CREATE VIEW record_sources AS
SELECT gs.game_id AS record, s.path AS file, gs.idx AS idx, gs.line, gs.col
  FROM game_source gs JOIN source s ON s.id = gs.source_id;

CREATE VIEW records AS
SELECT g.id, e.name AS event, e.site AS site, g.date, g.board, g.room,
       g.dealer, g.vul, g.deal, g.north, g.east, g.south, g.west,
       g.contract, g.level, g.strain, g.doubled, g.declarer, g.tricks,
       g.result, g.score, g.score_imp, g.score_mp, g.scoring, g.warnings, g.errors,
       (SELECT s.path FROM game_source gs JOIN source s ON s.id = gs.source_id
         WHERE gs.game_id = g.id ORDER BY gs.source_id, gs.idx LIMIT 1) AS file
  FROM game g LEFT JOIN event e ON e.id = g.event_id;

CREATE VIEW results AS
SELECT game_id AS record, row, cells FROM result;

CREATE VIEW dd AS
SELECT d.game_id AS record, s.seat AS declarer, t.strain,
       instr('0123456789abcd', substr(d.tricks, 5 * s.i + t.i + 1, 1)) - 1 AS tricks
  FROM ddtable d,
       (SELECT 0 AS i, 'N' AS seat UNION ALL SELECT 1, 'E' UNION ALL SELECT 2, 'S' UNION ALL SELECT 3, 'W') s,
       (SELECT 0 AS i, 'C' AS strain UNION ALL SELECT 1, 'D' UNION ALL SELECT 2, 'H' UNION ALL SELECT 3, 'S'
        UNION ALL SELECT 4, 'NT') t;

CREATE VIEW par AS
SELECT game_id AS record, par_score AS score, par AS contracts FROM ddtable;

CREATE VIEW travellers AS
SELECT game_id AS record, row,
       CAST(NULLIF(NULLIF(cells ->> '$.Rank', '-'), '') AS INTEGER) AS rank,
       NULLIF(NULLIF(cells ->> '$.Section', '-'), '') AS section,
       CAST(NULLIF(NULLIF(cells ->> '$.Table', '-'), '') AS INTEGER) AS "table",
       CAST(NULLIF(NULLIF(cells ->> '$.Round', '-'), '') AS INTEGER) AS round,
       NULLIF(NULLIF(cells ->> '$.PairId_NS', '-'), '') AS pair_ns,
       NULLIF(NULLIF(cells ->> '$.PairId_EW', '-'), '') AS pair_ew,
       NULLIF(NULLIF(cells ->> '$.Names_NS', '-'), '') AS names_ns,
       NULLIF(NULLIF(cells ->> '$.Names_EW', '-'), '') AS names_ew,
       NULLIF(NULLIF(cells ->> '$.Contract', '-'), '') AS contract,
       NULLIF(NULLIF(cells ->> '$.Declarer', '-'), '') AS declarer,
       CAST(NULLIF(NULLIF(cells ->> '$.Result', '-'), '') AS INTEGER) AS result,
       NULLIF(NULLIF(cells ->> '$.Lead', '-'), '') AS lead,
       CAST(NULLIF(NULLIF(cells ->> '$.Score_NS', '-'), '') AS INTEGER) AS score_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.Score_EW', '-'), '') AS INTEGER) AS score_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.IMP_NS', '-'), '') AS REAL) AS imp_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.IMP_EW', '-'), '') AS REAL) AS imp_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.MP_NS', '-'), '') AS REAL) AS mp_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.MP_EW', '-'), '') AS REAL) AS mp_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.Percentage_NS', '-'), '') AS REAL) AS percentage_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.Percentage_EW', '-'), '') AS REAL) AS percentage_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.Multiplicity', '-'), '') AS INTEGER) AS multiplicity,
       cells
  FROM result;

CREATE VIEW standings AS
SELECT game_id AS record, row,
       CAST(NULLIF(NULLIF(cells ->> '$.Rank', '-'), '') AS INTEGER) AS rank,
       NULLIF(NULLIF(cells ->> '$.PairId', '-'), '') AS pair,
       NULLIF(NULLIF(cells ->> '$.Names', '-'), '') AS names,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalScore', '-'), '') AS REAL) AS total_score,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalIMP', '-'), '') AS REAL) AS total_imp,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalMP', '-'), '') AS REAL) AS total_mp,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalPercentage', '-'), '') AS REAL) AS total_percentage,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanScore', '-'), '') AS REAL) AS mean_score,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanIMP', '-'), '') AS REAL) AS mean_imp,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanMP', '-'), '') AS REAL) AS mean_mp,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanPercentage', '-'), '') AS REAL) AS mean_percentage,
       CAST(NULLIF(NULLIF(cells ->> '$.NrBoards', '-'), '') AS INTEGER) AS boards,
       CAST(NULLIF(NULLIF(cells ->> '$.Multiplicity', '-'), '') AS INTEGER) AS multiplicity,
       cells
  FROM standing;

CREATE VIEW events AS
SELECT e.id,
       NULLIF(NULLIF(NULLIF(e.name, ''), '?'), '-') AS name,
       NULLIF(NULLIF(NULLIF(e.site, ''), '?'), '-') AS site,
       count(g.id) AS games,
       count(DISTINCT g.board) AS boards,
       min(NULLIF(g.date, '')) AS first_date,
       max(NULLIF(g.date, '')) AS last_date
  FROM event e LEFT JOIN game g ON g.event_id = e.id
 GROUP BY e.id;

CREATE VIEW problems AS
SELECT p.game_id AS record, p.seq, p.line, p.col, t.severity, t.text AS message
  FROM problem p JOIN problem_text t ON t.id = p.text_id;

CREATE VIEW tags AS
SELECT g.id AS record, j.key / 2 + 1 AS seq, coalesce(n.name, j.value) AS name,
       CASE json_type(g.tags, '$[' || (j.key + 1) || ']')
         WHEN 'integer' THEN
           CASE coalesce(n.name, j.value)
             WHEN 'Deal' THEN
               CASE g.tags ->> ('$[' || (j.key + 1) || ']') WHEN 0 THEN g.deal
                 ELSE (SELECT substr('NESW', k + 1, 1) || ':' || (d ->> k) || ' ' || (d ->> ((k + 1) % 4)) || ' '
                              || (d ->> ((k + 2) % 4)) || ' ' || (d ->> ((k + 3) % 4))
                         FROM (SELECT g.tags ->> ('$[' || (j.key + 1) || ']') AS k,
                                      '["' || replace(substr(g.deal, 3), ' ', '","') || '"]' AS d))
               END
             WHEN 'Vulnerable' THEN g.vul WHEN 'Board' THEN CAST(g.board AS TEXT)
             WHEN 'Dealer' THEN g.dealer WHEN 'Declarer' THEN g.declarer WHEN 'Result' THEN g.result
             WHEN 'Contract' THEN g.contract WHEN 'West' THEN g.west WHEN 'South' THEN g.south
             WHEN 'East' THEN g.east WHEN 'North' THEN g.north WHEN 'Event' THEN e.name
             WHEN 'Scoring' THEN g.scoring WHEN 'Room' THEN g.room WHEN 'Date' THEN g.date
             WHEN 'Site' THEN e.site WHEN 'Score' THEN g.score WHEN 'ScoreIMP' THEN g.score_imp
             WHEN 'ScoreMP' THEN g.score_mp WHEN 'EventDate' THEN e.date
           END
         WHEN 'array' THEN g.tags ->> ('$[' || (j.key + 1) || '][0]')
         ELSE g.tags ->> ('$[' || (j.key + 1) || ']')
       END AS value,
       json_type(g.tags, '$[' || (j.key + 1) || ']') = 'array' AS section
  FROM game g
  JOIN json_each(g.tags) j
  LEFT JOIN tag_name n ON n.id = j.value AND j.type = 'integer'
  LEFT JOIN event e ON e.id = g.event_id
 WHERE j.key % 2 = 0;

CREATE VIEW calls AS
SELECT record, seq, seat, call,
       CASE WHEN l IS NOT NULL THEN x ->> '$.l'
            WHEN call GLOB '[1-7][CDHS]' OR call GLOB '[1-7]NT' THEN CAST(substr(call, 1, 1) AS INTEGER) END AS level,
       CASE WHEN l IS NOT NULL THEN x ->> '$.s'
            WHEN call GLOB '[1-7][CDHS]' OR call GLOB '[1-7]NT' THEN substr(call, 2) END AS strain,
       coalesce(x ->> '$.a', 0) AS alert, x ->> '$.e' AS explanation, x ->> '$.n' AS note,
       x ->> '$.g' AS nags, x ->> '$.i' AS irregular
  FROM (SELECT g.id AS record, j.key AS seq,
               CASE WHEN g.calls ->> 0 IS NOT NULL
                    THEN substr('NESW', (instr('NESW', g.calls ->> 0) + j.key - 2) % 4 + 1, 1) END AS seat,
               CASE j.type WHEN 'object' THEN j.value ->> '$.c' ELSE j.value END AS call,
               CASE j.type WHEN 'object' THEN j.value END AS x,
               CASE j.type WHEN 'object' THEN json_type(j.value, '$.l') END AS l
          FROM game g, json_each(g.calls) j
         WHERE j.key > 0);

CREATE VIEW scores AS
SELECT g.id AS record, coalesce(k.name, j.value ->> 0) AS code,
       j.value ->> 1 AS ns, j.value ->> 2 AS ew, j.value ->> 3 AS n, j.value ->> 4 AS e, j.value ->> 5 AS s, j.value ->> 6 AS w
  FROM game g
  JOIN json_each(g.scores) j
  LEFT JOIN score_code k ON k.id = j.value ->> 0 AND json_type(j.value, '$[0]') = 'integer';

CREATE VIEW matches AS
SELECT m.id, e.name AS event, m.segment, m.first AS first_board, m.last AS last_board,
       NULLIF(m.home, '') AS home, CAST(NULLIF(m.home_carry, '') AS REAL) AS home_carry,
       NULLIF(m.visit, '') AS visit, CAST(NULLIF(m.visit_carry, '') AS REAL) AS visit_carry,
       (SELECT count(*) FROM game g WHERE g.match_id = m.id) AS games,
       (SELECT count(DISTINCT g.board) FROM game g WHERE g.match_id = m.id) AS boards
  FROM match m LEFT JOIN event e ON e.id = m.event_id;

CREATE VIEW plays AS
SELECT t.record, 4 * (t.trick - 1) + k.i AS seq, t.trick,
       substr('NESW', (instr('NESW', substr(t.s, 1, 1)) + k.i - 2) % 4 + 1, 1) AS seat,
       rtrim(substr(t.s, 2 * k.i + 2, 2)) AS card,
       NULLIF(substr(t.s, 2, 1), '?') AS leader, NULLIF(substr(t.s, 3, 1), '?') AS winner,
       t.x ->> '$[1]' ->> (k.i - 1) AS note, t.x ->> '$[2]' ->> (k.i - 1) AS nags, t.x ->> '$[3]' ->> (k.i - 1) AS irregular
  FROM (SELECT g.id AS record, j.key + 1 AS trick,
               CASE j.type WHEN 'array' THEN j.value ->> 0 ELSE j.value END AS s,
               CASE j.type WHEN 'array' THEN j.value END AS x
          FROM game g, json_each(g.play) j) t,
       (SELECT 1 AS i UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
 WHERE substr(t.s, 2 * k.i + 2, 1) <> ' ';

CREATE VIEW traveller_scores AS
WITH t AS (
  SELECT tr.record, tr.row, tr.pair_ns, tr.pair_ew, tr.contract, tr.declarer, tr.result,
         coalesce(tr.score_ns, -tr.score_ew) AS stated_ns,
         ns_score(tr.contract, tr.declarer, tr.result, g.vul) AS computed_ns,
         max(coalesce(tr.multiplicity, 1), 1) AS w
    FROM travellers tr JOIN game g ON g.id = tr.record
), s AS (
  SELECT t.*, coalesce(computed_ns, CASE WHEN contract IS NULL THEN stated_ns END) AS score_ns FROM t
), m AS (
  SELECT record, row, score_ns, w,
         2 * coalesce(sum(w) OVER (PARTITION BY record ORDER BY score_ns RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
           + sum(w) OVER (PARTITION BY record ORDER BY score_ns RANGE BETWEEN CURRENT ROW AND CURRENT ROW) - 1 AS mp,
         2 * (sum(w) OVER (PARTITION BY record) - 1) AS top
    FROM s WHERE score_ns IS NOT NULL
)
SELECT s.record, s.row, s.pair_ns, s.pair_ew, s.contract, s.declarer, s.result,
       s.stated_ns, s.computed_ns, s.score_ns,
       s.stated_ns IS NOT NULL AND s.computed_ns IS NOT NULL AND s.stated_ns <> s.computed_ns AS score_error,
       m.mp AS mp_ns, m.top - m.mp AS mp_ew, m.top,
       CASE WHEN m.top > 0 THEN round(100.0 * m.mp / m.top, 2) WHEN m.top = 0 THEN 50.0 END AS percentage_ns,
       CASE WHEN m.top > 0 THEN round(100.0 - 100.0 * m.mp / m.top, 2) WHEN m.top = 0 THEN 50.0 END AS percentage_ew,
       CASE WHEN m.top > 0 THEN round((SELECT sum(o.w * imp(m.score_ns - o.score_ns)) FROM m o WHERE o.record = m.record) / (m.top / 2.0), 2) END AS ximp_ns
  FROM s LEFT JOIN m ON m.record = s.record AND m.row = s.row;

CREATE VIEW match_boards AS
SELECT o.id AS open, c.id AS closed, e.name AS event, o.board,
       o.contract AS open_contract, o.declarer AS open_declarer, o.tricks AS open_tricks,
       ns_score(o.contract, o.declarer, o.tricks, o.vul) AS open_ns,
       c.contract AS closed_contract, c.declarer AS closed_declarer, c.tricks AS closed_tricks,
       ns_score(c.contract, c.declarer, c.tricks, c.vul) AS closed_ns,
       ns_score(o.contract, o.declarer, o.tricks, o.vul) - ns_score(c.contract, c.declarer, c.tricks, c.vul) AS difference,
       imp(ns_score(o.contract, o.declarer, o.tricks, o.vul) - ns_score(c.contract, c.declarer, c.tricks, c.vul)) AS imps
  FROM game o
  JOIN game_source os ON os.game_id = o.id AND os.source_id = (SELECT min(source_id) FROM game_source WHERE game_id = o.id)
  JOIN game_source cs ON cs.source_id = os.source_id
  JOIN game c ON c.id = cs.game_id AND c.board = o.board AND c.room = 'Closed'
  LEFT JOIN event e ON e.id = o.event_id
 WHERE o.room = 'Open';

CREATE VIEW hands AS
SELECT record, seat, s ->> 0 AS spades, s ->> 1 AS hearts, s ->> 2 AS diamonds, s ->> 3 AS clubs,
       hcp, s_len, h_len, d_len, c_len
  FROM (SELECT p.record, p.seat, p.v / 65536 AS hcp, p.v / 4096 % 16 AS s_len, p.v / 256 % 16 AS h_len, p.v / 16 % 16 AS d_len, p.v % 16 AS c_len,
               '["' || replace('["' || replace(substr(g.deal, 3), ' ', '","') || '"]' ->> ((p.i - instr('NESW', substr(g.deal, 1, 1)) + 5) % 4),
                               '.', '","') || '"]' AS s
          FROM (SELECT h.game_id AS record, k.seat, k.i, CASE k.i WHEN 0 THEN h.n WHEN 1 THEN h.e WHEN 2 THEN h.s ELSE h.w END AS v
                  FROM (SELECT 0 AS i, 'N' AS seat UNION ALL SELECT 1, 'E' UNION ALL SELECT 2, 'S' UNION ALL SELECT 3, 'W') k
                  CROSS JOIN hand_points h) p
          CROSS JOIN game g
         WHERE g.id = p.record AND p.v IS NOT NULL);

-- Triggers: none

-- Rows of a new archive

INSERT INTO tag_name (id, name) VALUES
    (1, 'Deal'),
    (2, 'Vulnerable'),
    (3, 'Board'),
    (4, 'Dealer'),
    (5, 'Declarer'),
    (6, 'Result'),
    (7, 'Contract'),
    (8, 'West'),
    (9, 'South'),
    (10, 'East'),
    (11, 'North'),
    (12, 'Event'),
    (13, 'Scoring'),
    (14, 'Stage'),
    (15, 'Room'),
    (16, 'Date'),
    (17, 'Site'),
    (18, 'DealId'),
    (19, 'Generator'),
    (20, 'VisitTeam'),
    (21, 'HomeTeam'),
    (22, 'Score'),
    (23, 'BCFlags'),
    (24, 'OptimumResultTable'),
    (25, 'DoubleDummyTricks'),
    (26, 'ScoreIMP'),
    (27, 'BidSystemNS'),
    (28, 'BidSystemEW'),
    (29, 'Hidden'),
    (30, 'ParScore'),
    (31, 'OptimumScore'),
    (32, 'Competition'),
    (33, 'Table'),
    (34, 'ScorePercentage'),
    (35, 'UTCTime'),
    (36, 'UTCDate'),
    (37, 'Time'),
    (38, 'Info'),
    (39, 'ParContract'),
    (40, 'Round'),
    (41, 'ActionTable'),
    (42, 'ScoreRubber'),
    (43, 'Mode'),
    (44, 'ScoreTable'),
    (45, 'ScoreRubberHistory'),
    (46, 'TotalScoreTable'),
    (47, 'Description'),
    (48, 'ScoreMP'),
    (49, 'EventDate'),
    (50, 'Annotator'),
    (51, 'Application'),
    (52, 'Section'),
    (53, 'Termination'),
    (54, 'AnnotatorNA'),
    (55, 'PairNS'),
    (56, 'PairEW'),
    (57, 'OptimumPlayTable'),
    (58, 'Auction'),
    (59, 'Play'),
    (60, 'Note');

INSERT INTO score_code (id, name) VALUES
    (1, 'auction1915'),
    (2, 'bridge1895'),
    (3, 'bridge1904'),
    (4, 'contract'),
    (5, 'pirate1916');
