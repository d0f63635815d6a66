-- a known hand of the deal, its points and lengths from hand_points
-- (schema version 20), its cards from the deal for the hands kept
CREATE VIEW hands AS
SELECT record, seat, s[1] AS spades, s[2] AS hearts, s[3] AS diamonds, s[4] AS clubs,
       hcp, s_len, h_len, d_len, c_len
  FROM (SELECT p.record, p.seat, p.v / 65536 AS hcp, p.v / 4096 % 16 AS s_len, p.v / 256 % 16 AS h_len, p.v / 16 % 16 AS d_len, p.v % 16 AS c_len,
               string_to_array(split_part(substr(g.deal, 3), ' ', (p.i - strpos('NESW', substr(g.deal, 1, 1)) + 5) % 4 + 1), '.') AS s
          FROM (SELECT h.game_id AS record, k.seat, k.i, CASE k.i WHEN 0 THEN h.n WHEN 1 THEN h.e WHEN 2 THEN h.s ELSE h.w END AS v
                  FROM (VALUES (0, 'N'), (1, 'E'), (2, 'S'), (3, 'W')) AS k(i, seat) CROSS JOIN hand_points h) p
          JOIN game g ON g.id = p.record
         WHERE p.v IS NOT NULL) AS d;
