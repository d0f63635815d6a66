-- the seat of the first call, then a call a value: its text, or an
-- object of its text and the rest
CREATE VIEW calls AS
SELECT record, seq, seat, call,
       CASE WHEN l IS NOT NULL THEN (x ->> 'l')::bigint
            WHEN call ~ '^[1-7]([CDHS]|NT)$' THEN substr(call, 1, 1)::bigint END AS level,
       CASE WHEN l IS NOT NULL THEN x ->> 's'
            WHEN call ~ '^[1-7]([CDHS]|NT)$' THEN substr(call, 2) END AS strain,
       coalesce((x ->> 'a')::bigint, 0) AS alert, x ->> 'e' AS explanation, x ->> 'n' AS note,
       x ->> 'g' AS nags, x ->> 'i' AS irregular
  FROM (SELECT g.id AS record, j.k - 1 AS seq,
               CASE WHEN g.calls ->> 0 IS NOT NULL
                    THEN substr('NESW', (strpos('NESW', g.calls ->> 0) + j.k::integer - 3) % 4 + 1, 1) END AS seat,
               CASE json_typeof(j.v) WHEN 'object' THEN j.v ->> 'c' ELSE j.v #>> '{}' END AS call,
               CASE json_typeof(j.v) WHEN 'object' THEN j.v END AS x,
               CASE json_typeof(j.v) WHEN 'object' THEN json_typeof(j.v -> 'l') END AS l
          FROM game g CROSS JOIN LATERAL json_array_elements(g.calls) WITH ORDINALITY AS j(v, k)
         WHERE j.k > 1) AS c;
