-- Tables are data: a record holds its double-dummy table, its
-- traveller (PBN's ScoreTable) and its standings (PBN's TotalScoreTable) as
-- values, which the stored model gives as such. The rows of standings are
-- rows of standing, as a traveller's are rows of result: one per row, its
-- cells a JSON object keyed by the column names. The travellers view gives
-- a row per table result with its values typed, the standings view a row
-- per pair; a value not given (PBN's "-" or an empty element) is NULL, and
-- cells keeps every column, those the view does not name too. The Go step
-- of version 4 stores every model again in the new form, with its hash,
-- and makes the result and standing rows again.

CREATE TABLE standing (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    row     INTEGER NOT NULL,          -- 1-based, in the section's order
    cells   TEXT NOT NULL,             -- {"column": "value", ...}, quotes taken off, "-" kept
    PRIMARY KEY (game_id, row)
) WITHOUT ROWID;

CREATE VIEW travellers AS
SELECT game_id AS record, row,
       CAST(NULLIF(NULLIF(cells ->> '$.Rank', '-'), '') AS INTEGER) AS rank,
       NULLIF(NULLIF(cells ->> '$.Section', '-'), '') AS section,
       CAST(NULLIF(NULLIF(cells ->> '$.Table', '-'), '') AS INTEGER) AS "table",
       CAST(NULLIF(NULLIF(cells ->> '$.Round', '-'), '') AS INTEGER) AS round,
       NULLIF(NULLIF(cells ->> '$.PairId_NS', '-'), '') AS pair_ns,
       NULLIF(NULLIF(cells ->> '$.PairId_EW', '-'), '') AS pair_ew,
       NULLIF(NULLIF(cells ->> '$.Names_NS', '-'), '') AS names_ns,
       NULLIF(NULLIF(cells ->> '$.Names_EW', '-'), '') AS names_ew,
       NULLIF(NULLIF(cells ->> '$.Contract', '-'), '') AS contract,
       NULLIF(NULLIF(cells ->> '$.Declarer', '-'), '') AS declarer,
       CAST(NULLIF(NULLIF(cells ->> '$.Result', '-'), '') AS INTEGER) AS result,
       NULLIF(NULLIF(cells ->> '$.Lead', '-'), '') AS lead,
       CAST(NULLIF(NULLIF(cells ->> '$.Score_NS', '-'), '') AS INTEGER) AS score_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.Score_EW', '-'), '') AS INTEGER) AS score_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.IMP_NS', '-'), '') AS REAL) AS imp_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.IMP_EW', '-'), '') AS REAL) AS imp_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.MP_NS', '-'), '') AS REAL) AS mp_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.MP_EW', '-'), '') AS REAL) AS mp_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.Percentage_NS', '-'), '') AS REAL) AS percentage_ns,
       CAST(NULLIF(NULLIF(cells ->> '$.Percentage_EW', '-'), '') AS REAL) AS percentage_ew,
       CAST(NULLIF(NULLIF(cells ->> '$.Multiplicity', '-'), '') AS INTEGER) AS multiplicity,
       cells
  FROM result;

CREATE VIEW standings AS
SELECT game_id AS record, row,
       CAST(NULLIF(NULLIF(cells ->> '$.Rank', '-'), '') AS INTEGER) AS rank,
       NULLIF(NULLIF(cells ->> '$.PairId', '-'), '') AS pair,
       NULLIF(NULLIF(cells ->> '$.Names', '-'), '') AS names,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalScore', '-'), '') AS REAL) AS total_score,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalIMP', '-'), '') AS REAL) AS total_imp,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalMP', '-'), '') AS REAL) AS total_mp,
       CAST(NULLIF(NULLIF(cells ->> '$.TotalPercentage', '-'), '') AS REAL) AS total_percentage,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanScore', '-'), '') AS REAL) AS mean_score,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanIMP', '-'), '') AS REAL) AS mean_imp,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanMP', '-'), '') AS REAL) AS mean_mp,
       CAST(NULLIF(NULLIF(cells ->> '$.MeanPercentage', '-'), '') AS REAL) AS mean_percentage,
       CAST(NULLIF(NULLIF(cells ->> '$.NrBoards', '-'), '') AS INTEGER) AS boards,
       CAST(NULLIF(NULLIF(cells ->> '$.Multiplicity', '-'), '') AS INTEGER) AS multiplicity,
       cells
  FROM standing;
