-- a known hand of the deal, from its PBN form: the seat of the first
-- hand, then the four hands
CREATE VIEW hands AS
SELECT record, seat, s[1] AS spades, s[2] AS hearts, s[3] AS diamonds, s[4] AS clubs,
       4 * (length(cards) - length(replace(cards, 'A', ''))) + 3 * (length(cards) - length(replace(cards, 'K', '')))
     + 2 * (length(cards) - length(replace(cards, 'Q', ''))) + (length(cards) - length(replace(cards, 'J', ''))) AS hcp,
       length(s[1]) AS s_len, length(s[2]) AS h_len, length(s[3]) AS d_len, length(s[4]) AS c_len
  FROM (SELECT g.id AS record, substr('NESW', (strpos('NESW', substr(g.deal, 1, 1)) + h.k::integer - 2) % 4 + 1, 1) AS seat,
               h.v AS cards, string_to_array(h.v, '.') AS s
          FROM game g CROSS JOIN LATERAL unnest(string_to_array(substr(g.deal, 3), ' ')) WITH ORDINALITY AS h(v, k)
         WHERE g.deal IS NOT NULL AND h.v <> '-') AS d;
