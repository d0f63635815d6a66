-- The archive stores the record, not the program's structs: a game's
-- record is its JSON 2 (the public, versioned form convert --to json
-- writes), compressed, and no longer the model's own JSON, so that a
-- change of the program's types rewrites no stored game. The layout a
-- file gave a record (what only that format's writer reads, to give the
-- file's bytes back) is stored apart, with the link of the game to that
-- file. A game's identity (hash) is taken over its JSON 2 without where it
-- was read, its problems and its layout (archive/record.go says what that
-- holds). The Go step of version 4 stores every game again in this form.
ALTER TABLE game ADD COLUMN record BLOB NOT NULL DEFAULT x'';  -- JSON 2, compressed (archive/record.go)
ALTER TABLE game_source ADD COLUMN layout BLOB;                -- the format's layout, compressed; NULL for none
UPDATE game SET record = model;                                -- the model, until the Go step stores the record
ALTER TABLE game DROP COLUMN model;
