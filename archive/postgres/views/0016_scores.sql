-- an array a code: the code (an id of score_code, or its name), then
-- the points of NS, EW, N, E, S and W
CREATE VIEW scores AS
SELECT g.id AS record, coalesce(k.name, j.v ->> 0) AS code,
       (j.v ->> 1)::bigint AS ns, (j.v ->> 2)::bigint AS ew, (j.v ->> 3)::bigint AS n,
       (j.v ->> 4)::bigint AS e, (j.v ->> 5)::bigint AS s, (j.v ->> 6)::bigint AS w
  FROM game g
  CROSS JOIN LATERAL json_array_elements(g.scores) AS j(v)
  LEFT JOIN score_code k ON k.id = CASE WHEN json_typeof(j.v -> 0) = 'number' THEN (j.v ->> 0)::bigint END;
