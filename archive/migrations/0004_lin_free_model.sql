-- The domain model in which nothing is named after LIN: a record read from LIN no longer carries
-- LIN's conventions as tags (LinVg, LinFirstBoard, HomeTeam, Room, ...) and
-- comment kinds (lin|pg, lin-nt, ...), but as the record's match and room
-- and its LIN layout; a ";" comment is of kind "semicolon", not "line".
-- SQL cannot read the stored models: after the SQL of the sections,
-- archive.Open runs a Go step in the same transaction (upgradeModels) that
-- rewrites every game's model in the new form and makes again the rows
-- derived from it (game.room, game.tags, game.hash, comment), so that no
-- view names anything after LIN. The hash is taken over the new model:
-- importing the same file again finds the game.

UPDATE comment SET kind = 'semicolon' WHERE kind = 'line';
