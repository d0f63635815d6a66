-- a trick a value: its text, or an array of its text and the slots'
-- notes, glyphs and irregularities
CREATE VIEW plays AS
SELECT t.record, 4 * (t.trick - 1) + k.i AS seq, t.trick,
       substr('NESW', (strpos('NESW', substr(t.s, 1, 1)) + k.i - 2) % 4 + 1, 1) AS seat,
       rtrim(substr(t.s, 2 * k.i + 2, 2)) AS card,
       NULLIF(substr(t.s, 2, 1), '?') AS leader, NULLIF(substr(t.s, 3, 1), '?') AS winner,
       t.x -> 1 ->> (k.i - 1) AS note, t.x -> 2 ->> (k.i - 1) AS nags, t.x -> 3 ->> (k.i - 1) AS irregular
  FROM (SELECT g.id AS record, j.k AS trick,
               CASE json_typeof(j.v) WHEN 'array' THEN j.v ->> 0 ELSE j.v #>> '{}' END AS s,
               CASE json_typeof(j.v) WHEN 'array' THEN j.v END AS x
          FROM game g CROSS JOIN LATERAL json_array_elements(g.play) WITH ORDINALITY AS j(v, k)) AS t
  CROSS JOIN (VALUES (1), (2), (3), (4)) AS k(i)
 WHERE substr(t.s, 2 * k.i + 2, 1) <> ' ';
