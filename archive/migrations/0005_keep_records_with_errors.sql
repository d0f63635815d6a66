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
