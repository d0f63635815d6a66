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
