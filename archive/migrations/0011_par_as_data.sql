-- JSON 2 gives a record's par as data ("par": its score and contracts),
-- no longer as its OptimumScore and ParContract tags: the Go step
-- (archive/upgrade_par.go) stores the records of the games with a par
-- again in this form, and takes their hash again over it.
SELECT 1;
