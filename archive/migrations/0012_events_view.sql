-- The events view: one row an event (the Event and Site a game gives),
-- with the games and boards the archive holds of it and the first and last
-- date its games give (a game's Date). A name or site PBN gives as unknown
-- ("?", "-" or nothing) is NULL.
CREATE VIEW events AS
SELECT e.id,
       NULLIF(NULLIF(NULLIF(e.name, ''), '?'), '-') AS name,
       NULLIF(NULLIF(NULLIF(e.site, ''), '?'), '-') AS site,
       count(g.id) AS games,
       count(DISTINCT g.board) AS boards,
       min(NULLIF(g.date, '')) AS first_date,
       max(NULLIF(g.date, '')) AS last_date
  FROM event e LEFT JOIN game g ON g.event_id = e.id
 GROUP BY e.id;
