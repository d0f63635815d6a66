-- The tags are stored in a compact form, a third of the game table: a
-- tag whose value is a column of the game (the deal as written from
-- North, the board, the players, ...; the event's name, site and date)
-- no longer repeats it, and the names tags use most are numbers.
-- game.tags is one flat JSON array of a name and a value per tag, in the
-- record's order: the name an id of tag_name or the name itself; the
-- value 0 for the game's column (the view says which; for the deal, k
-- for the game's deal written from the k-th seat after North), a one-element
-- array for the header of a supplemental section's tag (section 1), or
-- else the text. The tags view lists the same rows. Never change or
-- reuse an id of tag_name: add names at its end. The Go step
-- (archive/tags.go, upgradeTags) stores the tags of an older archive in
-- this form.
CREATE TABLE tag_name (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE
);
INSERT INTO tag_name (id, name) VALUES
    (1, 'Deal'), (2, 'Vulnerable'), (3, 'Board'), (4, 'Dealer'), (5, 'Declarer'), (6, 'Result'),
    (7, 'Contract'), (8, 'West'), (9, 'South'), (10, 'East'), (11, 'North'), (12, 'Event'),
    (13, 'Scoring'), (14, 'Stage'), (15, 'Room'), (16, 'Date'), (17, 'Site'), (18, 'DealId'),
    (19, 'Generator'), (20, 'VisitTeam'), (21, 'HomeTeam'), (22, 'Score'), (23, 'BCFlags'),
    (24, 'OptimumResultTable'), (25, 'DoubleDummyTricks'), (26, 'ScoreIMP'), (27, 'BidSystemNS'),
    (28, 'BidSystemEW'), (29, 'Hidden'), (30, 'ParScore'), (31, 'OptimumScore'), (32, 'Competition'),
    (33, 'Table'), (34, 'ScorePercentage'), (35, 'UTCTime'), (36, 'UTCDate'), (37, 'Time'),
    (38, 'Info'), (39, 'ParContract'), (40, 'Round'), (41, 'ActionTable'), (42, 'ScoreRubber'),
    (43, 'Mode'), (44, 'ScoreTable'), (45, 'ScoreRubberHistory'), (46, 'TotalScoreTable'),
    (47, 'Description'), (48, 'ScoreMP'), (49, 'EventDate'), (50, 'Annotator'), (51, 'Application'),
    (52, 'Section'), (53, 'Termination'), (54, 'AnnotatorNA'), (55, 'PairNS'), (56, 'PairEW'),
    (57, 'OptimumPlayTable'), (58, 'Auction'), (59, 'Play'), (60, 'Note');

DROP VIEW tags;
CREATE VIEW tags AS
SELECT g.id AS record, j.key / 2 + 1 AS seq, coalesce(n.name, j.value) AS name,
       CASE json_type(g.tags, '$[' || (j.key + 1) || ']')
         WHEN 'integer' THEN
           CASE coalesce(n.name, j.value)
             WHEN 'Deal' THEN
               CASE g.tags ->> ('$[' || (j.key + 1) || ']') WHEN 0 THEN g.deal
                 ELSE (SELECT substr('NESW', k + 1, 1) || ':' || (d ->> k) || ' ' || (d ->> ((k + 1) % 4)) || ' '
                              || (d ->> ((k + 2) % 4)) || ' ' || (d ->> ((k + 3) % 4))
                         FROM (SELECT g.tags ->> ('$[' || (j.key + 1) || ']') AS k,
                                      '["' || replace(substr(g.deal, 3), ' ', '","') || '"]' AS d))
               END
             WHEN 'Vulnerable' THEN g.vul WHEN 'Board' THEN CAST(g.board AS TEXT)
             WHEN 'Dealer' THEN g.dealer WHEN 'Declarer' THEN g.declarer WHEN 'Result' THEN g.result
             WHEN 'Contract' THEN g.contract WHEN 'West' THEN g.west WHEN 'South' THEN g.south
             WHEN 'East' THEN g.east WHEN 'North' THEN g.north WHEN 'Event' THEN e.name
             WHEN 'Scoring' THEN g.scoring WHEN 'Room' THEN g.room WHEN 'Date' THEN g.date
             WHEN 'Site' THEN e.site WHEN 'Score' THEN g.score WHEN 'ScoreIMP' THEN g.score_imp
             WHEN 'ScoreMP' THEN g.score_mp WHEN 'EventDate' THEN e.date
           END
         WHEN 'array' THEN g.tags ->> ('$[' || (j.key + 1) || '][0]')
         ELSE g.tags ->> ('$[' || (j.key + 1) || ']')
       END AS value,
       json_type(g.tags, '$[' || (j.key + 1) || ']') = 'array' AS section
  FROM game g
  JOIN json_each(g.tags) j
  LEFT JOIN tag_name n ON n.id = j.value AND j.type = 'integer'
  LEFT JOIN event e ON e.id = g.event_id
 WHERE j.key % 2 = 0;
