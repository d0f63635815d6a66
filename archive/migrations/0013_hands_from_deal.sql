-- The hands are read from the game's deal, not stored a second time: the
-- hand table and its index (hcp and suit lengths) were a fifth of an
-- archive. The hands view gives the same rows, a row a known hand of the
-- deal (its PBN form from North: four hands, '-' for one not known, each
-- its suits from spades down, dot-separated), with its points and suit
-- lengths counted from its cards; a question on points reads every deal
-- rather than an index.
DROP VIEW hands;
DROP TABLE hand;
CREATE VIEW hands AS
SELECT record, seat, s ->> 0 AS spades, s ->> 1 AS hearts, s ->> 2 AS diamonds, s ->> 3 AS clubs,
       4 * (length(cards) - length(replace(cards, 'A', ''))) + 3 * (length(cards) - length(replace(cards, 'K', '')))
     + 2 * (length(cards) - length(replace(cards, 'Q', ''))) + (length(cards) - length(replace(cards, 'J', ''))) AS hcp,
       length(s ->> 0) AS s_len, length(s ->> 1) AS h_len, length(s ->> 2) AS d_len, length(s ->> 3) AS c_len
  FROM (SELECT g.id AS record, substr('NESW', (instr('NESW', substr(g.deal, 1, 1)) + h.key - 1) % 4 + 1, 1) AS seat,
               h.value AS cards, '["' || replace(h.value, '.', '","') || '"]' AS s
          FROM game g, json_each('["' || replace(substr(g.deal, 3), ' ', '","') || '"]') h
         WHERE g.deal IS NOT NULL AND h.value <> '-');
