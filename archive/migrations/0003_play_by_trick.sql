-- The play is stored a trick a row, not a card a row: a game with full
-- play wrote 52 play rows, more than all else together. The plays view
-- still gives a row per card; its seq is 4 * (trick - 1) + the card's place
-- in the trick, the order of play when every trick is complete.

DROP VIEW plays;

CREATE TABLE trick (
    game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    trick     INTEGER NOT NULL,        -- 1 to 13
    first     TEXT NOT NULL,           -- seat of the first slot of cards
    leader    TEXT,                    -- NULL when not known
    winner    TEXT,                    -- NULL when not known
    cards     TEXT NOT NULL,           -- four slots of two characters in the order of play from first:
                                       -- 'SA', '- ' unknown, '+ ' still to play, '  ' none
    notes     TEXT,                    -- JSON array of the four slots' note texts; NULL when none has one
    nags      TEXT,                    -- the same for annotation glyphs ('$1 $3')
    irregular TEXT,                    -- the same for 'revoke', 'lead out of turn'
    PRIMARY KEY (game_id, trick)
) WITHOUT ROWID;

INSERT INTO trick (game_id, trick, first, leader, winner, cards, notes, nags, irregular)
SELECT game_id, trick, first, max(leader), max(winner),
       substr(coalesce(max(CASE pos WHEN 0 THEN card END), '') || '  ', 1, 2) ||
       substr(coalesce(max(CASE pos WHEN 1 THEN card END), '') || '  ', 1, 2) ||
       substr(coalesce(max(CASE pos WHEN 2 THEN card END), '') || '  ', 1, 2) ||
       substr(coalesce(max(CASE pos WHEN 3 THEN card END), '') || '  ', 1, 2),
       CASE WHEN count(note) > 0 THEN json_array(max(CASE pos WHEN 0 THEN note END), max(CASE pos WHEN 1 THEN note END),
                                                 max(CASE pos WHEN 2 THEN note END), max(CASE pos WHEN 3 THEN note END)) END,
       CASE WHEN count(nags) > 0 THEN json_array(max(CASE pos WHEN 0 THEN nags END), max(CASE pos WHEN 1 THEN nags END),
                                                 max(CASE pos WHEN 2 THEN nags END), max(CASE pos WHEN 3 THEN nags END)) END,
       CASE WHEN count(irregular) > 0 THEN json_array(max(CASE pos WHEN 0 THEN irregular END), max(CASE pos WHEN 1 THEN irregular END),
                                                      max(CASE pos WHEN 2 THEN irregular END), max(CASE pos WHEN 3 THEN irregular END)) END
  FROM (SELECT p.*, f.first, (instr('NESW', p.seat) - instr('NESW', f.first) + 4) % 4 AS pos
          FROM play p
          JOIN (SELECT game_id, trick, seat AS first, min(seq) FROM play GROUP BY game_id, trick) f USING (game_id, trick))
 GROUP BY game_id, trick;

DROP TABLE play;

CREATE VIEW plays AS
SELECT t.game_id AS record, 4 * (t.trick - 1) + k.i AS seq, t.trick,
       substr('NESW', (instr('NESW', t.first) + k.i - 2) % 4 + 1, 1) AS seat,
       rtrim(substr(t.cards, 2 * k.i - 1, 2)) AS card,
       t.leader, t.winner,
       t.notes ->> (k.i - 1) AS note, t.nags ->> (k.i - 1) AS nags, t.irregular ->> (k.i - 1) AS irregular
  FROM trick t, (SELECT 1 AS i UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4) k
 WHERE substr(t.cards, 2 * k.i - 1, 1) <> ' ';
