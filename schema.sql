-- handrec archive schema: the one source of truth for the archive's tables.
--
-- The schema is versioned with PRAGMA user_version. Each "-- version N"
-- section below upgrades an archive at version N-1 to version N; a new
-- archive runs every section in order, an older one only the sections after
-- its version, all in one transaction (archive.Open). Never edit a section
-- that has been released: add a new one.
--
-- Tables are singular (game, hand, call, ...) and internal; users query the
-- plural views (records, hands, calls, plays, scores, ...), which are kept
-- stable. Seats are the letters N E S W, NULL when unknown.

-- version 1

-- A file that was imported, identified by its content.
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

-- An event: the Event, Site and EventDate tags.
CREATE TABLE event (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    site TEXT NOT NULL,
    date TEXT NOT NULL,
    UNIQUE (name, site, date)
);

-- One game: a deal as played at one table. The same game met in several
-- files is stored once (hash) and linked to each (game_source).
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
    model     BLOB NOT NULL            -- the whole record: DEFLATE-compressed JSON
);
CREATE INDEX game_event ON game (event_id, board);
CREATE INDEX game_board ON game (board);
CREATE INDEX game_deal ON game (deal);
CREATE INDEX game_contract ON game (contract, declarer);

-- Where each game was found: every file and the game's place in it.
CREATE TABLE game_source (
    source_id INTEGER NOT NULL REFERENCES source (id) ON DELETE CASCADE,
    idx       INTEGER NOT NULL,        -- 1-based ordinal in the file
    game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    line      INTEGER NOT NULL,
    col       INTEGER NOT NULL,
    PRIMARY KEY (source_id, idx)
) WITHOUT ROWID;
CREATE INDEX game_source_game ON game_source (game_id);

-- The four hands of each game whose cards are known.
CREATE TABLE hand (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat     TEXT NOT NULL,
    spades   TEXT NOT NULL,            -- 'AKT2', '' for a void
    hearts   TEXT NOT NULL,
    diamonds TEXT NOT NULL,
    clubs    TEXT NOT NULL,
    s_len    INTEGER NOT NULL,
    h_len    INTEGER NOT NULL,
    d_len    INTEGER NOT NULL,
    c_len    INTEGER NOT NULL,
    hcp      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX hand_hcp ON hand (hcp, s_len, h_len, d_len, c_len);

-- The players, one row per seat named, for questions by player.
CREATE TABLE player (
    name    TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat    TEXT NOT NULL,
    PRIMARY KEY (name, game_id, seat)
) WITHOUT ROWID;

-- The auction, call by call.
CREATE TABLE call (
    game_id      INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,     -- 1-based, in the order of the auction
    seat         TEXT,
    call         TEXT NOT NULL,        -- Pass, X, XX, 1S, 3NT, AP, ...
    level        INTEGER,
    strain       TEXT,
    alert        INTEGER NOT NULL DEFAULT 0,
    explanation  TEXT,
    note         TEXT,                 -- the text of the note the call refers to
    nags         TEXT,                 -- numeric annotation glyphs: '$1 $3'
    irregular    TEXT,                 -- 'insufficient'
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The play, card by card in the order played.
CREATE TABLE play (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,         -- 1-based, in the order played
    trick    INTEGER NOT NULL,         -- 1 to 13
    seat     TEXT NOT NULL,
    card     TEXT NOT NULL,            -- 'SA', '-' unknown, '+' still to play
    leader   TEXT,                     -- of the trick
    winner   TEXT,                     -- of the trick, NULL when not known
    note     TEXT,
    nags     TEXT,
    irregular TEXT,                    -- 'revoke', 'lead out of turn'
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Every tag of the game in its original order with its original value,
-- the tags of supplemental sections (section = 1) included.
CREATE TABLE tag (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    name    TEXT NOT NULL,
    value   TEXT NOT NULL,
    section INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Commentary, with what it is attached to: 'record', 'tag Event',
-- 'auction', 'call 3', 'auction note 1', 'play', 'card 17', 'play note 2',
-- 'section ScoreTable'.
CREATE TABLE comment (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    anchor  TEXT NOT NULL,
    kind    TEXT NOT NULL,             -- brace, line, lin-nt
    text    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Scores of each game under every code: by side (NS, EW) or, in Pirate
-- Bridge, by seat.
CREATE TABLE score (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    code    TEXT NOT NULL,
    who     TEXT NOT NULL,
    points  INTEGER NOT NULL,
    PRIMARY KEY (game_id, code, who)
) WITHOUT ROWID;

-- The public views.

CREATE VIEW records AS
SELECT g.id, e.name AS event, e.site AS site, g.date, g.board, g.room,
       g.dealer, g.vul, g.deal, g.north, g.east, g.south, g.west,
       g.contract, g.level, g.strain, g.doubled, g.declarer, g.tricks,
       g.result, g.score, g.score_imp, g.score_mp, g.scoring, g.warnings,
       (SELECT s.path FROM game_source gs JOIN source s ON s.id = gs.source_id
         WHERE gs.game_id = g.id ORDER BY gs.source_id, gs.idx LIMIT 1) AS file
  FROM game g LEFT JOIN event e ON e.id = g.event_id;

CREATE VIEW hands AS
SELECT game_id AS record, seat, spades, hearts, diamonds, clubs, hcp,
       s_len, h_len, d_len, c_len
  FROM hand;

CREATE VIEW calls AS
SELECT game_id AS record, seq, seat, call, level, strain, alert,
       explanation, note, nags, irregular
  FROM call;

CREATE VIEW plays AS
SELECT game_id AS record, seq, trick, seat, card, leader, winner,
       note, nags, irregular
  FROM play;

CREATE VIEW scores AS
SELECT game_id AS record, code, who, points FROM score;

CREATE VIEW tags AS
SELECT game_id AS record, seq, name, value, section FROM tag;

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

-- version 2
-- Fewer rows per game, for a faster import: the tags become one JSON column
-- of the game (the tags view reads it), and the scores one row per code
-- with a column per side and per seat.

DROP VIEW tags;
DROP VIEW scores;

ALTER TABLE game ADD COLUMN tags TEXT NOT NULL DEFAULT '[]'; -- [[name, value, section], ...]
UPDATE game SET tags = (SELECT json_group_array(json_array(name, value, section) ORDER BY seq)
                          FROM tag WHERE tag.game_id = game.id);
DROP TABLE tag;

CREATE TABLE score_v2 (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    code    TEXT NOT NULL,
    ns      INTEGER,                   -- the partnership codes: by side
    ew      INTEGER,
    n       INTEGER,                   -- Pirate Bridge: by seat
    e       INTEGER,
    s       INTEGER,
    w       INTEGER,
    PRIMARY KEY (game_id, code)
) WITHOUT ROWID;
INSERT INTO score_v2 (game_id, code, ns, ew, n, e, s, w)
SELECT game_id, code,
       max(CASE who WHEN 'NS' THEN points END), max(CASE who WHEN 'EW' THEN points END),
       max(CASE who WHEN 'N' THEN points END), max(CASE who WHEN 'E' THEN points END),
       max(CASE who WHEN 'S' THEN points END), max(CASE who WHEN 'W' THEN points END)
  FROM score GROUP BY game_id, code;
DROP TABLE score;
ALTER TABLE score_v2 RENAME TO score;

CREATE VIEW tags AS
SELECT g.id AS record, j.key + 1 AS seq, j.value ->> 0 AS name, j.value ->> 1 AS value,
       j.value ->> 2 AS section
  FROM game g, json_each(g.tags) j;

CREATE VIEW scores AS
SELECT game_id AS record, code, ns, ew, n, e, s, w FROM score;

-- version 3
-- The play is stored a trick a row, not a card a row: a game with full
-- play wrote 52 play rows, more than all else together. The plays view
-- still gives a row per card; its seq is 4 * (trick - 1) + the card's place
-- in the trick, the order of play when every trick is complete.

DROP VIEW plays;

CREATE TABLE trick (
    game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    trick     INTEGER NOT NULL,        -- 1 to 13
    first     TEXT NOT NULL,           -- seat of the first slot of cards
    leader    TEXT,                    -- NULL when not known
    winner    TEXT,                    -- NULL when not known
    cards     TEXT NOT NULL,           -- four slots of two characters in the order of play from first:
                                       -- 'SA', '- ' unknown, '+ ' still to play, '  ' none
    notes     TEXT,                    -- JSON array of the four slots' note texts; NULL when none has one
    nags      TEXT,                    -- the same for annotation glyphs ('$1 $3')
    irregular TEXT,                    -- the same for 'revoke', 'lead out of turn'
    PRIMARY KEY (game_id, trick)
) WITHOUT ROWID;

INSERT INTO trick (game_id, trick, first, leader, winner, cards, notes, nags, irregular)
SELECT game_id, trick, first, max(leader), max(winner),
       substr(coalesce(max(CASE pos WHEN 0 THEN card END), '') || '  ', 1, 2) ||
       substr(coalesce(max(CASE pos WHEN 1 THEN card END), '') || '  ', 1, 2) ||
       substr(coalesce(max(CASE pos WHEN 2 THEN card END), '') || '  ', 1, 2) ||
       substr(coalesce(max(CASE pos WHEN 3 THEN card END), '') || '  ', 1, 2),
       CASE WHEN count(note) > 0 THEN json_array(max(CASE pos WHEN 0 THEN note END), max(CASE pos WHEN 1 THEN note END),
                                                 max(CASE pos WHEN 2 THEN note END), max(CASE pos WHEN 3 THEN note END)) END,
       CASE WHEN count(nags) > 0 THEN json_array(max(CASE pos WHEN 0 THEN nags END), max(CASE pos WHEN 1 THEN nags END),
                                                 max(CASE pos WHEN 2 THEN nags END), max(CASE pos WHEN 3 THEN nags END)) END,
       CASE WHEN count(irregular) > 0 THEN json_array(max(CASE pos WHEN 0 THEN irregular END), max(CASE pos WHEN 1 THEN irregular END),
                                                      max(CASE pos WHEN 2 THEN irregular END), max(CASE pos WHEN 3 THEN irregular END)) END
  FROM (SELECT p.*, f.first, (instr('NESW', p.seat) - instr('NESW', f.first) + 4) % 4 AS pos
          FROM play p
          JOIN (SELECT game_id, trick, seat AS first, min(seq) FROM play GROUP BY game_id, trick) f USING (game_id, trick))
 GROUP BY game_id, trick;

DROP TABLE play;

CREATE VIEW plays AS
SELECT t.game_id AS record, 4 * (t.trick - 1) + k.i AS seq, t.trick,
       substr('NESW', (instr('NESW', t.first) + k.i - 2) % 4 + 1, 1) AS seat,
       rtrim(substr(t.cards, 2 * k.i - 1, 2)) AS card,
       t.leader, t.winner,
       t.notes ->> (k.i - 1) AS note, t.nags ->> (k.i - 1) AS nags, t.irregular ->> (k.i - 1) AS irregular
  FROM trick t, (SELECT 1 AS i UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
 WHERE substr(t.cards, 2 * k.i - 1, 1) <> ' ';

-- version 4
-- The domain model in which nothing is named after LIN: a record read from LIN no longer carries
-- LIN's conventions as tags (LinVg, LinFirstBoard, HomeTeam, Room, ...) and
-- comment kinds (lin|pg, lin-nt, ...), but as the record's match and room
-- and its LIN layout; a ";" comment is of kind "semicolon", not "line".
-- SQL cannot read the stored models: after the SQL of the sections,
-- archive.Open runs a Go step in the same transaction (upgradeModels) that
-- rewrites every game's model in the new form and makes again the rows
-- derived from it (game.room, game.tags, game.hash, comment), so that no
-- view names anything after LIN. The hash is taken over the new model:
-- importing the same file again finds the game.

UPDATE comment SET kind = 'semicolon' WHERE kind = 'line';

-- version 5
-- Import keeps a record with errors: the record is stored, and
-- its problems, errors and warnings, are rows of problem (the problems
-- view), with the line and column in the file it was first imported from.
-- The rows of a PBN ScoreTable section are rows of result (the results
-- view): one per row, its cells a JSON object keyed by the column names
-- ({"PairId_NS": "3", "Contract": "6SX", ...}), so that a question on any
-- column is one query. The records view gains errors, the record's count
-- of errors (0 for every record an older archive holds: it left them out).
-- An archive of an older version gets both tables' rows from its stored
-- models, by the Go step that version 4 needs too (archive.Open runs it
-- once, after the SQL of every section, in the same transaction).

CREATE TABLE problem (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,         -- 1-based, in the record's order
    line     INTEGER,                  -- NULL when not known
    col      INTEGER,
    severity TEXT NOT NULL,            -- error, warning
    message  TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

CREATE TABLE result (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    row     INTEGER NOT NULL,          -- 1-based, in the section's order
    cells   TEXT NOT NULL,             -- {"column": "value", ...}, quotes taken off, "-" kept
    PRIMARY KEY (game_id, row)
) WITHOUT ROWID;

ALTER TABLE game ADD COLUMN errors INTEGER NOT NULL DEFAULT 0;

DROP VIEW records;
CREATE VIEW records AS
SELECT g.id, e.name AS event, e.site AS site, g.date, g.board, g.room,
       g.dealer, g.vul, g.deal, g.north, g.east, g.south, g.west,
       g.contract, g.level, g.strain, g.doubled, g.declarer, g.tricks,
       g.result, g.score, g.score_imp, g.score_mp, g.scoring, g.warnings, g.errors,
       (SELECT s.path FROM game_source gs JOIN source s ON s.id = gs.source_id
         WHERE gs.game_id = g.id ORDER BY gs.source_id, gs.idx LIMIT 1) AS file
  FROM game g LEFT JOIN event e ON e.id = g.event_id;

CREATE VIEW problems AS
SELECT game_id AS record, seq, line, col, severity, message FROM problem;

CREATE VIEW results AS
SELECT game_id AS record, row, cells FROM result;

-- version 6
-- Double-dummy results: import --dd and handrec dd --db solve
-- each game's deal (four known hands of one length: a full deal or an end
-- position) and store its table and par, a row a game. The dd view gives a
-- row a declarer and strain, the par view the par score and contracts. An
-- archive of an older version gets the table empty: handrec dd --db fills it.

CREATE TABLE ddtable (
    game_id   INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    tricks    TEXT NOT NULL,           -- 20 hex digits: declarer's tricks, N E S W each C D H S NT
    par_score INTEGER,                 -- North-South's par score; NULL for an end position, or
                                       -- when neither the game nor its board gives dealer and vulnerability
    par       TEXT                     -- the par contracts as PBN's ParContract gives them: 'NS 4H=; NS 4S='
);

CREATE VIEW dd AS
SELECT d.game_id AS record, s.seat AS declarer, t.strain,
       instr('0123456789abcd', substr(d.tricks, 5 * s.i + t.i + 1, 1)) - 1 AS tricks
  FROM ddtable d,
       (SELECT 0 AS i, 'N' AS seat UNION ALL SELECT 1, 'E' UNION ALL SELECT 2, 'S' UNION ALL SELECT 3, 'W') s,
       (SELECT 0 AS i, 'C' AS strain UNION ALL SELECT 1, 'D' UNION ALL SELECT 2, 'H' UNION ALL SELECT 3, 'S'
        UNION ALL SELECT 4, 'NT') t;

CREATE VIEW par AS
SELECT game_id AS record, par_score AS score, par AS contracts FROM ddtable;

-- version 7
-- The room is a fact: a PBN record's Room tag is its room, as a
-- LIN record's qx is, and lives once, in the model's field (with the text
-- as given when it names no room). The tags view lists it as it lists the
-- other facts, for a record read from LIN too. No table changes: the Go
-- step of version 4 stores every model again in the new form, with its
-- hash and its tags.

-- version 8
-- The event, the players and the recorded score are facts: the
-- model holds them as fields, a player "unknown" as a value, not as PBN's
-- "?" or "-". The players view and the records view's north, east, south
-- and west show NULL for an unknown player, where they showed '?', '-' or
-- ''. The Go step of version 4 stores every model again in the new form,
-- with its hash and its tags (which list the new facts where they stood,
-- as before).
DELETE FROM player WHERE name IN ('?', '-', '');
UPDATE game SET north = NULL WHERE north IN ('?', '-', '');
UPDATE game SET east = NULL WHERE east IN ('?', '-', '');
UPDATE game SET south = NULL WHERE south IN ('?', '-', '');
UPDATE game SET west = NULL WHERE west IN ('?', '-', '');

-- version 9
-- Tables are data: a record holds its double-dummy table, its
-- traveller (PBN's ScoreTable) and its standings (PBN's TotalScoreTable) as
-- values, which the stored model gives as such. The rows of standings are
-- rows of standing, as a traveller's are rows of result: one per row, its
-- cells a JSON object keyed by the column names. The travellers view gives
-- a row per table result with its values typed, the standings view a row
-- per pair; a value not given (PBN's "-" or an empty element) is NULL, and
-- cells keeps every column, those the view does not name too. The Go step
-- of version 4 stores every model again in the new form, with its hash,
-- and makes the result and standing rows again.

CREATE TABLE standing (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    row     INTEGER NOT NULL,          -- 1-based, in the section's order
    cells   TEXT NOT NULL,             -- {"column": "value", ...}, quotes taken off, "-" kept
    PRIMARY KEY (game_id, row)
) WITHOUT ROWID;

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

-- version 10
-- The archive stores the record, not the program's structs: a game's
-- record is its JSON 2 (the public, versioned form convert --to json
-- writes), compressed, and no longer the model's own JSON, so that a
-- change of the program's types rewrites no stored game. The layout a
-- file gave a record (what only that format's writer reads, to give the
-- file's bytes back) is stored apart, with the link of the game to that
-- file. A game's identity (hash) is taken over its JSON 2 without where it
-- was read, its problems and its layout (archive/record.go says what that
-- holds). The Go step of version 4 stores every game again in this form.
ALTER TABLE game ADD COLUMN record BLOB NOT NULL DEFAULT x'';  -- JSON 2, compressed (archive/record.go)
ALTER TABLE game_source ADD COLUMN layout BLOB;                -- the format's layout, compressed; NULL for none
UPDATE game SET record = model;                                -- the model, until the Go step stores the record
ALTER TABLE game DROP COLUMN model;

-- version 11
-- JSON 2 gives a record's par as data ("par": its score and contracts),
-- no longer as its OptimumScore and ParContract tags: the Go step
-- (archive/upgrade_par.go) stores the records of the games with a par
-- again in this form, and takes their hash again over it.
SELECT 1;

-- version 12
-- The events view: one row an event (the Event and Site a game gives),
-- with the games and boards the archive holds of it and the first and last
-- date its games give (a game's Date). A name or site PBN gives as unknown
-- ("?", "-" or nothing) is NULL.
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

-- version 13
-- The hands are read from the game's deal, not stored a second time: the
-- hand table and its index (hcp and suit lengths) were a fifth of an
-- archive. The hands view gives the same rows, a row a known hand of the
-- deal (its PBN form from North: four hands, '-' for one not known, each
-- its suits from spades down, dot-separated), with its points and suit
-- lengths counted from its cards; a question on points reads every deal
-- rather than an index.
DROP VIEW hands;
DROP TABLE hand;
CREATE VIEW hands AS
SELECT record, seat, s ->> 0 AS spades, s ->> 1 AS hearts, s ->> 2 AS diamonds, s ->> 3 AS clubs,
       4 * (length(cards) - length(replace(cards, 'A', ''))) + 3 * (length(cards) - length(replace(cards, 'K', '')))
     + 2 * (length(cards) - length(replace(cards, 'Q', ''))) + (length(cards) - length(replace(cards, 'J', ''))) AS hcp,
       length(s ->> 0) AS s_len, length(s ->> 1) AS h_len, length(s ->> 2) AS d_len, length(s ->> 3) AS c_len
  FROM (SELECT g.id AS record, substr('NESW', (instr('NESW', substr(g.deal, 1, 1)) + h.key - 1) % 4 + 1, 1) AS seat,
               h.value AS cards, '["' || replace(h.value, '.', '","') || '"]' AS s
          FROM game g, json_each('["' || replace(substr(g.deal, 3), ' ', '","') || '"]') h
         WHERE g.deal IS NOT NULL AND h.value <> '-');

-- version 14
-- A problem's message is stored once, however many games have it: the
-- corpus gives 69,636 problems in 5,491 messages (a declarer that does
-- not match the auction, a card a player does not hold), which were a
-- tenth of an archive. The problems view gives the same rows.
CREATE TABLE problem_text (
    id       INTEGER PRIMARY KEY,
    severity TEXT NOT NULL,            -- error, warning
    text     TEXT NOT NULL,
    UNIQUE (text, severity)
);
INSERT INTO problem_text (severity, text) SELECT DISTINCT severity, message FROM problem ORDER BY message, severity;

CREATE TABLE problem_v14 (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,         -- 1-based, in the record's order
    line     INTEGER,                  -- NULL when not known
    col      INTEGER,
    text_id  INTEGER NOT NULL REFERENCES problem_text (id),
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO problem_v14 (game_id, seq, line, col, text_id)
SELECT p.game_id, p.seq, p.line, p.col, t.id FROM problem p JOIN problem_text t ON t.text = p.message AND t.severity = p.severity;
DROP VIEW problems;
DROP TABLE problem;
ALTER TABLE problem_v14 RENAME TO problem;

CREATE VIEW problems AS
SELECT p.game_id AS record, p.seq, p.line, p.col, t.severity, t.text AS message
  FROM problem p JOIN problem_text t ON t.id = p.text_id;

-- version 15
-- The tags are stored in a compact form, a third of the game table: a
-- tag whose value is a column of the game (the deal as written from
-- North, the board, the players, ...; the event's name, site and date)
-- no longer repeats it, and the names tags use most are numbers.
-- game.tags is one flat JSON array of a name and a value per tag, in the
-- record's order: the name an id of tag_name or the name itself; the
-- value 0 for the game's column (the view says which; for the deal, k
-- for the game's deal written from the k-th seat after North), a one-element
-- array for the header of a supplemental section's tag (section 1), or
-- else the text. The tags view lists the same rows. Never change or
-- reuse an id of tag_name: add names at its end. The Go step
-- (archive/tags.go, upgradeTags) stores the tags of an older archive in
-- this form.
CREATE TABLE tag_name (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO tag_name (id, name) VALUES
    (1, 'Deal'), (2, 'Vulnerable'), (3, 'Board'), (4, 'Dealer'), (5, 'Declarer'), (6, 'Result'),
    (7, 'Contract'), (8, 'West'), (9, 'South'), (10, 'East'), (11, 'North'), (12, 'Event'),
    (13, 'Scoring'), (14, 'Stage'), (15, 'Room'), (16, 'Date'), (17, 'Site'), (18, 'DealId'),
    (19, 'Generator'), (20, 'VisitTeam'), (21, 'HomeTeam'), (22, 'Score'), (23, 'BCFlags'),
    (24, 'OptimumResultTable'), (25, 'DoubleDummyTricks'), (26, 'ScoreIMP'), (27, 'BidSystemNS'),
    (28, 'BidSystemEW'), (29, 'Hidden'), (30, 'ParScore'), (31, 'OptimumScore'), (32, 'Competition'),
    (33, 'Table'), (34, 'ScorePercentage'), (35, 'UTCTime'), (36, 'UTCDate'), (37, 'Time'),
    (38, 'Info'), (39, 'ParContract'), (40, 'Round'), (41, 'ActionTable'), (42, 'ScoreRubber'),
    (43, 'Mode'), (44, 'ScoreTable'), (45, 'ScoreRubberHistory'), (46, 'TotalScoreTable'),
    (47, 'Description'), (48, 'ScoreMP'), (49, 'EventDate'), (50, 'Annotator'), (51, 'Application'),
    (52, 'Section'), (53, 'Termination'), (54, 'AnnotatorNA'), (55, 'PairNS'), (56, 'PairEW'),
    (57, 'OptimumPlayTable'), (58, 'Auction'), (59, 'Play'), (60, 'Note');

DROP VIEW tags;
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

-- version 16
-- The auction is one JSON array of the game, not a row a call, and so are
-- the scores, not a row a code: their rows were a fifth of an archive and
-- most of the rows an import wrote. game.calls holds the seat of the first call (null when not
-- known), then each call in order: its text ('1S', 'Pass', 'X') when that
-- is all, else an object of its text ("c") and what else it has ("a" 1
-- for an alert, "e" the explanation, "n" the text of its note, "g" the
-- annotation glyphs, "i" 'insufficient'; "l" and "s" the level and
-- strain of a bid whose text does not give them, null for a call that is
-- no bid though its text reads as one). The calls view gives the same
-- rows, a bid's level and strain read from its text.
ALTER TABLE game ADD COLUMN calls TEXT;   -- NULL for no auction
UPDATE game SET calls = (
    SELECT '[' || coalesce(json_quote(min(c.seat) FILTER (WHERE c.seq = 1)), 'null') || ',' || group_concat(
             CASE WHEN c.alert = 0 AND c.explanation IS NULL AND c.note IS NULL AND c.nags IS NULL AND c.irregular IS NULL
                       AND c.bid_ok
                  THEN json_quote(c.call)
                  ELSE '{"c":' || json_quote(c.call)
                       || CASE WHEN c.alert <> 0 THEN ',"a":1' ELSE '' END
                       || coalesce(',"e":' || json_quote(c.explanation), '')
                       || coalesce(',"n":' || json_quote(c.note), '')
                       || coalesce(',"g":' || json_quote(c.nags), '')
                       || coalesce(',"i":' || json_quote(c.irregular), '')
                       || CASE WHEN c.bid_ok THEN ''
                               ELSE ',"l":' || coalesce(c.level, 'null') || ',"s":' || coalesce(json_quote(c.strain), 'null') END
                       || '}'
             END, ',' ORDER BY c.seq) || ']'
      FROM (SELECT *, CASE WHEN call GLOB '[1-7][CDHS]' OR call GLOB '[1-7]NT'
                           THEN level IS CAST(substr(call, 1, 1) AS INTEGER) AND strain IS substr(call, 2)
                           ELSE level IS NULL AND strain IS NULL END AS bid_ok
              FROM call) c
     WHERE c.game_id = game.id)
 WHERE EXISTS (SELECT 1 FROM call c WHERE c.game_id = game.id);
DROP VIEW calls;
DROP TABLE call;

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

-- The scores likewise are one JSON array of the game, not a row a code:
-- game.scores holds an array a code, in the order of the codes' names, of
-- the code (an id of score_code, or its name) and the points of NS, EW,
-- N, E, S and W, null where the code gives none (nulls at the end may be
-- left off). Never change or reuse an id of score_code: add codes at its
-- end. The scores view gives the same rows.
CREATE TABLE score_code (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO score_code (id, name) VALUES
    (1, 'auction1915'), (2, 'bridge1895'), (3, 'bridge1904'), (4, 'contract'), (5, 'pirate1916');
ALTER TABLE game ADD COLUMN scores TEXT;  -- NULL for none
UPDATE game SET scores = (
    SELECT '[' || group_concat('[' || coalesce(k.id, json_quote(s.code)) || ',' || coalesce(s.ns, 'null') || ','
                               || coalesce(s.ew, 'null') || ',' || coalesce(s.n, 'null') || ',' || coalesce(s.e, 'null') || ','
                               || coalesce(s.s, 'null') || ',' || coalesce(s.w, 'null') || ']', ',' ORDER BY s.code) || ']'
      FROM score s LEFT JOIN score_code k ON k.name = s.code
     WHERE s.game_id = game.id)
 WHERE EXISTS (SELECT 1 FROM score s WHERE s.game_id = game.id);
DROP VIEW scores;
DROP TABLE score;

CREATE VIEW scores AS
SELECT g.id AS record, coalesce(k.name, j.value ->> 0) AS code,
       j.value ->> 1 AS ns, j.value ->> 2 AS ew, j.value ->> 3 AS n, j.value ->> 4 AS e, j.value ->> 5 AS s, j.value ->> 6 AS w
  FROM game g
  JOIN json_each(g.scores) j
  LEFT JOIN score_code k ON k.id = j.value ->> 0 AND json_type(j.value, '$[0]') = 'integer';

-- version 17
-- The matches view: one row a team match (a LIN vugraph segment) the
-- games belong to, with its event, segment (the games' Stage), first and
-- last board, the two teams and the carry-over each starts the segment
-- with, and the games and boards the archive holds of it. A match is a
-- row of match, shared by its games (game.match_id); the Go step
-- (archive/match.go, upgradeMatches) gives the games of an older
-- archive theirs from their stored records.
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
ALTER TABLE game ADD COLUMN match_id INTEGER REFERENCES match (id);
CREATE INDEX game_match ON game (match_id) WHERE match_id IS NOT NULL;

CREATE VIEW matches AS
SELECT m.id, e.name AS event, m.segment, m.first AS first_board, m.last AS last_board,
       NULLIF(m.home, '') AS home, CAST(NULLIF(m.home_carry, '') AS REAL) AS home_carry,
       NULLIF(m.visit, '') AS visit, CAST(NULLIF(m.visit_carry, '') AS REAL) AS visit_carry,
       (SELECT count(*) FROM game g WHERE g.match_id = m.id) AS games,
       (SELECT count(DISTINCT g.board) FROM game g WHERE g.match_id = m.id) AS boards
  FROM match m LEFT JOIN event e ON e.id = m.event_id;

-- version 18
-- The play is one JSON array of the game, not a row a trick: a game with
-- full play wrote thirteen rows, most of what an import of played boards
-- writes. game.play holds each trick in order as a text of the seat of
-- its first slot of cards, its leader and its winner ('?' when not known),
-- then the four slots of two characters as the trick table held them
-- ('SA', '- ' unknown, '+ ' still to play, '  ' none); or, when a card has
-- a note, glyphs or an irregularity, as an array of that text and the
-- four slots' notes, glyphs and irregularities (each an array of four,
-- null when no slot has one). The plays view gives the same rows.
ALTER TABLE game ADD COLUMN play TEXT;    -- NULL for no play
UPDATE game SET play = (
    SELECT '[' || group_concat(
             CASE WHEN t.notes IS NULL AND t.nags IS NULL AND t.irregular IS NULL
                  THEN json_quote(t.first || coalesce(t.leader, '?') || coalesce(t.winner, '?') || t.cards)
                  ELSE '[' || json_quote(t.first || coalesce(t.leader, '?') || coalesce(t.winner, '?') || t.cards) || ','
                       || coalesce(t.notes, 'null') || ',' || coalesce(t.nags, 'null') || ',' || coalesce(t.irregular, 'null') || ']'
             END, ',' ORDER BY t.trick) || ']'
      FROM trick t WHERE t.game_id = game.id)
 WHERE EXISTS (SELECT 1 FROM trick t WHERE t.game_id = game.id);
DROP VIEW plays;
DROP TABLE trick;

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

-- version 19
-- Sessions in SQL. handrec registers three functions on every connection
-- it opens (docs/scoring.md): imp(points), the WBF IMPs of a score
-- difference; vp(imps, boards), the victory points of a margin on the WBF
-- continuous scale; ns_score(contract, declarer, tricks, vul), North-South's
-- duplicate score. Each gives NULL for an argument it cannot read. The
-- views below use them, so they are read through handrec (query, or a
-- connection of the archive package): the sqlite3 shell knows no ns_score.
-- traveller_scores gives each traveller row the score recomputed from its
-- contract, declarer, result and the board's vulnerability (computed_ns),
-- the score it states (stated_ns), the score the session uses (score_ns:
-- the recomputed one, else the stated one of a row without a contract),
-- and, among the rows of its board that have one (each counted
-- multiplicity times), its matchpoints (2 a result beaten, 1 a tie),
-- percentage and average cross-IMPs, by side. match_boards pairs each
-- board played in the open room with the same board of the same file
-- played in the closed room: each room's contract and North-South score,
-- their difference and the IMPs of the team North-South in the open room.

DROP VIEW IF EXISTS traveller_scores;  -- a test that goes back a version keeps them
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

DROP VIEW IF EXISTS match_boards;
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

-- version 20
-- The points and suit lengths of each known hand are stored again, small:
-- since version 13 the hands view counted them from every deal, and a
-- question on points read every deal (1.7 s on 100,000 games, 8 ms with
-- the hand table of before). hand_points holds a row a game with a deal:
-- for each seat, the hand's high-card points * 65536 + its spades * 4096
-- + hearts * 256 + diamonds * 16 + clubs (the suits' lengths), NULL for a
-- hand not known. The hands view gives the same rows, its cards read from
-- the deal for the hands the question keeps (CROSS JOIN: SQLite reads
-- hand_points first and the game of a hand only when the hand is kept).
-- The stored record (game.record) leaves out, since this version, what
-- the game's row holds (archive/rowform.go), and a blob's first byte
-- says how the rest is packed (archive/record.go); a blob stored before
-- reads as it did.
CREATE TABLE hand_points (
    game_id INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    n       INTEGER,
    e       INTEGER,
    s       INTEGER,
    w       INTEGER
);
INSERT INTO hand_points (game_id, n, e, s, w)
SELECT record,
       max(CASE seat WHEN 'N' THEN hcp * 65536 + s_len * 4096 + h_len * 256 + d_len * 16 + c_len END),
       max(CASE seat WHEN 'E' THEN hcp * 65536 + s_len * 4096 + h_len * 256 + d_len * 16 + c_len END),
       max(CASE seat WHEN 'S' THEN hcp * 65536 + s_len * 4096 + h_len * 256 + d_len * 16 + c_len END),
       max(CASE seat WHEN 'W' THEN hcp * 65536 + s_len * 4096 + h_len * 256 + d_len * 16 + c_len END)
  FROM hands GROUP BY record;

DROP VIEW hands;
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

-- version 21
-- Where the rows of a record's tables (a traveller, a total score table)
-- start in each file that holds it, which the stored record does not
-- keep: a session read from the archive points at a traveller's row as
-- it does reading the file. row_pos is the text archive/rowpos.go writes
-- ("3:24.1*3": a section's index, then its rows' line.col, a run of rows
-- on the lines after one another written once with its count); NULL when
-- no row's place is known, and for the records imported before.
ALTER TABLE game_source ADD COLUMN row_pos TEXT;

-- version 22
-- How a comment was written is its format's layout, no longer the
-- record's: PBN's ";" comments are named in the PBN layout, LIN's
-- commentary of several lines in the LIN layout (docs/archive.md).
-- JSON 2 gives a comment no "kind", and the game's hash is taken over
-- JSON 2, so that every game with commentary has another identity:
-- archive.Open runs a Go step after this SQL (rederive) that reads each
-- stored game and each of its links' layouts through the current decoder
-- and stores them again through the current encoder: the game's hash and
-- record, and each link's layout, with the kinds moved into it. The
-- comments view's kind is "semicolon" for a comment written ";" (the
-- record's PBN layout says so) and "brace" for every other, as the PBN
-- writer writes it; LIN's nt was "text".
UPDATE comment SET kind = 'brace' WHERE kind <> 'semicolon';
