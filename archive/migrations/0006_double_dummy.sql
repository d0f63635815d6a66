-- Double-dummy results: import --dd and handrec dd --db solve
-- each game's deal (four known hands of one length: a full deal or an end
-- position) and store its table and par, a row a game. The dd view gives a
-- row a declarer and strain, the par view the par score and contracts. An
-- archive of an older version gets the table empty: handrec dd --db fills it.

CREATE TABLE ddtable (
    game_id   INTEGER PRIMARY KEY REFERENCES game (id) ON DELETE CASCADE,
    tricks    TEXT NOT NULL,           -- 20 hex digits: declarer's tricks, N E S W each C D H S NT
    par_score INTEGER,                 -- North-South's par score; NULL for an end position, or
                                       -- when neither the game nor its board gives dealer and vulnerability
    par       TEXT                     -- the par contracts as PBN's ParContract gives them: 'NS 4H=; NS 4S='
);

CREATE VIEW dd AS
SELECT d.game_id AS record, s.seat AS declarer, t.strain,
       instr('0123456789abcd', substr(d.tricks, 5 * s.i + t.i + 1, 1)) - 1 AS tricks
  FROM ddtable d,
       (SELECT 0 AS i, 'N' AS seat UNION ALL SELECT 1, 'E' UNION ALL SELECT 2, 'S' UNION ALL SELECT 3, 'W') s,
       (SELECT 0 AS i, 'C' AS strain UNION ALL SELECT 1, 'D' UNION ALL SELECT 2, 'H' UNION ALL SELECT 3, 'S'
        UNION ALL SELECT 4, 'NT') t;

CREATE VIEW par AS
SELECT game_id AS record, par_score AS score, par AS contracts FROM ddtable;
