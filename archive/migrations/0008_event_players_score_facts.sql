-- The event, the players and the recorded score are facts: the
-- model holds them as fields, a player "unknown" as a value, not as PBN's
-- "?" or "-". The players view and the records view's north, east, south
-- and west show NULL for an unknown player, where they showed '?', '-' or
-- ''. The Go step of version 4 stores every model again in the new form,
-- with its hash and its tags (which list the new facts where they stood,
-- as before).
DELETE FROM player WHERE name IN ('?', '-', '');
UPDATE game SET north = NULL WHERE north IN ('?', '-', '');
UPDATE game SET east = NULL WHERE east IN ('?', '-', '');
UPDATE game SET south = NULL WHERE south IN ('?', '-', '');
UPDATE game SET west = NULL WHERE west IN ('?', '-', '');
