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
