-- Sessions in SQL. handrec registers three functions on every connection
-- it opens (docs/scoring.md): imp(points), the WBF IMPs of a score
-- difference; vp(imps, boards), the victory points of a margin on the WBF
-- continuous scale; ns_score(contract, declarer, tricks, vul), North-South's
-- duplicate score. Each gives NULL for an argument it cannot read. The
-- views below use them, so they are read through handrec (query, or a
-- connection of the archive package): the sqlite3 shell knows no ns_score.
-- traveller_scores gives each traveller row the score recomputed from its
-- contract, declarer, result and the board's vulnerability (computed_ns),
-- the score it states (stated_ns), the score the session uses (score_ns:
-- the recomputed one, else the stated one of a row without a contract),
-- and, among the rows of its board that have one (each counted
-- multiplicity times), its matchpoints (2 a result beaten, 1 a tie),
-- percentage and average cross-IMPs, by side. match_boards pairs each
-- board played in the open room with the same board of the same file
-- played in the closed room: each room's contract and North-South score,
-- their difference and the IMPs of the team North-South in the open room.

DROP VIEW IF EXISTS traveller_scores;  -- a test that goes back a version keeps them
CREATE VIEW traveller_scores AS
WITH t AS (
  SELECT tr.record, tr.row, tr.pair_ns, tr.pair_ew, tr.contract, tr.declarer, tr.result,
         coalesce(tr.score_ns, -tr.score_ew) AS stated_ns,
         ns_score(tr.contract, tr.declarer, tr.result, g.vul) AS computed_ns,
         max(coalesce(tr.multiplicity, 1), 1) AS w
    FROM travellers tr JOIN game g ON g.id = tr.record
), s AS (
  SELECT t.*, coalesce(computed_ns, CASE WHEN contract IS NULL THEN stated_ns END) AS score_ns FROM t
), m AS (
  SELECT record, row, score_ns, w,
         2 * coalesce(sum(w) OVER (PARTITION BY record ORDER BY score_ns RANGE BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0)
           + sum(w) OVER (PARTITION BY record ORDER BY score_ns RANGE BETWEEN CURRENT ROW AND CURRENT ROW) - 1 AS mp,
         2 * (sum(w) OVER (PARTITION BY record) - 1) AS top
    FROM s WHERE score_ns IS NOT NULL
)
SELECT s.record, s.row, s.pair_ns, s.pair_ew, s.contract, s.declarer, s.result,
       s.stated_ns, s.computed_ns, s.score_ns,
       s.stated_ns IS NOT NULL AND s.computed_ns IS NOT NULL AND s.stated_ns <> s.computed_ns AS score_error,
       m.mp AS mp_ns, m.top - m.mp AS mp_ew, m.top,
       CASE WHEN m.top > 0 THEN round(100.0 * m.mp / m.top, 2) WHEN m.top = 0 THEN 50.0 END AS percentage_ns,
       CASE WHEN m.top > 0 THEN round(100.0 - 100.0 * m.mp / m.top, 2) WHEN m.top = 0 THEN 50.0 END AS percentage_ew,
       CASE WHEN m.top > 0 THEN round((SELECT sum(o.w * imp(m.score_ns - o.score_ns)) FROM m o WHERE o.record = m.record) / (m.top / 2.0), 2) END AS ximp_ns
  FROM s LEFT JOIN m ON m.record = s.record AND m.row = s.row;

DROP VIEW IF EXISTS match_boards;
CREATE VIEW match_boards AS
SELECT o.id AS open, c.id AS closed, e.name AS event, o.board,
       o.contract AS open_contract, o.declarer AS open_declarer, o.tricks AS open_tricks,
       ns_score(o.contract, o.declarer, o.tricks, o.vul) AS open_ns,
       c.contract AS closed_contract, c.declarer AS closed_declarer, c.tricks AS closed_tricks,
       ns_score(c.contract, c.declarer, c.tricks, c.vul) AS closed_ns,
       ns_score(o.contract, o.declarer, o.tricks, o.vul) - ns_score(c.contract, c.declarer, c.tricks, c.vul) AS difference,
       imp(ns_score(o.contract, o.declarer, o.tricks, o.vul) - ns_score(c.contract, c.declarer, c.tricks, c.vul)) AS imps
  FROM game o
  JOIN game_source os ON os.game_id = o.id AND os.source_id = (SELECT min(source_id) FROM game_source WHERE game_id = o.id)
  JOIN game_source cs ON cs.source_id = os.source_id
  JOIN game c ON c.id = cs.game_id AND c.board = o.board AND c.room = 'Closed'
  LEFT JOIN event e ON e.id = o.event_id
 WHERE o.room = 'Open';
