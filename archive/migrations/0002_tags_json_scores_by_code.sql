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
