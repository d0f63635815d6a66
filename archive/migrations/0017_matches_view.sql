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
