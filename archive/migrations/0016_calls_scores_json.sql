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
