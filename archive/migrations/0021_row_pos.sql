-- Where the rows of a record's tables (a traveller, a total score table)
-- start in each file that holds it, which the stored record does not
-- keep: a session read from the archive points at a traveller's row as
-- it does reading the file. row_pos is the text archive/rowpos.go writes
-- ("3:24.1*3": a section's index, then its rows' line.col, a run of rows
-- on the lines after one another written once with its count); NULL when
-- no row's place is known, and for the records imported before.
ALTER TABLE game_source ADD COLUMN row_pos TEXT;
