-- the flat array of a name and a value per tag; x is the value; the
-- tags whose value is a column of the game are the SQLite view's, in
-- migration 15, where the mark of them stands (views.go: tagColumnsMark)
CREATE VIEW tags AS
SELECT g.id AS record, (j.k - 1) / 2 + 1 AS seq, coalesce(n.name, j.v #>> '{}') AS name,
       CASE json_typeof(t.x)
         WHEN 'number' THEN
           CASE coalesce(n.name, j.v #>> '{}')
             WHEN 'Deal' THEN
               CASE (t.x #>> '{}')::integer WHEN 0 THEN g.deal
                 ELSE (SELECT substr('NESW', r.k + 1, 1) || ':' || r.d[r.k + 1] || ' ' || r.d[(r.k + 1) % 4 + 1] || ' '
                              || r.d[(r.k + 2) % 4 + 1] || ' ' || r.d[(r.k + 3) % 4 + 1]
                         FROM (SELECT (t.x #>> '{}')::integer AS k, string_to_array(substr(g.deal, 3), ' ') AS d) AS r)
               END
{{tag columns}}           END
         WHEN 'array' THEN t.x ->> 0
         ELSE t.x #>> '{}'
       END AS value,
       (json_typeof(t.x) = 'array')::integer AS section
  FROM game g
  CROSS JOIN LATERAL json_array_elements(g.tags) WITH ORDINALITY AS j(v, k)
  CROSS JOIN LATERAL (SELECT g.tags -> j.k::integer AS x) AS t
  LEFT JOIN tag_name n ON n.id = CASE WHEN json_typeof(j.v) = 'number' THEN (j.v #>> '{}')::bigint END
  LEFT JOIN event e ON e.id = g.event_id
 WHERE (j.k - 1) % 2 = 0;
