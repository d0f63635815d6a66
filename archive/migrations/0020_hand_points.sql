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
