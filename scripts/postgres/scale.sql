-- scale.sql: a handrec archive on PostgreSQL made ready for very large
-- archives (game partitioned) and, where the Citus extension is installed,
-- spread over Citus's worker nodes. docs/postgres-scale.md says why each
-- step is what it is; TestPostgresScaleScript runs this file on a real
-- server (without Citus: the Citus step says so and does nothing).
--
-- Run it once, on an archive handrec has created (after a first import),
-- with no importer running, in one transaction:
--
--   psql "$HANDREC_DB" -v ON_ERROR_STOP=1 -1 -f scripts/postgres/scale.sql
--
-- then grant the readers' role SELECT again (the views are made anew).
-- handrec imports into the result as before: it finds game_key and keeps
-- the games' identity there.

-- 1. A game's identity, its hash, moves to a table of its own. A unique
-- key of a partitioned table must hold the partition key, and one of a
-- distributed table its distribution column: game's UNIQUE (hash) could
-- do neither beside its PRIMARY KEY (id), which every table of a game's
-- rows refers to. The constraint keeps its name, which import reads as
-- "another importer is storing this game" (it then imports the file
-- again), and game keeps an index of its hashes for import's look-up.
ALTER TABLE game DROP CONSTRAINT game_hash_key;
CREATE TABLE game_key (hash BYTEA CONSTRAINT game_hash_key PRIMARY KEY, game_id BIGINT NOT NULL);
INSERT INTO game_key (hash, game_id) SELECT hash, id FROM game;
CREATE INDEX game_hash ON game (hash);

-- 2. game partitioned by ranges of its id, 1,000,000 games a partition
-- (ids grow as files are imported), and a default partition for ids past
-- the last range: the only partitioning that keeps game's keys. A
-- partition is a table of its own: an old range is detached whole
-- (ALTER TABLE game DETACH PARTITION game_p0), and a query by id reads
-- its partition only. A table is bound to its views and foreign keys,
-- not its name: the views of the schema and the keys that refer to game
-- are made again, from their own definitions, on the new table.
DO $$
DECLARE
  size CONSTANT BIGINT := 1000000;
  top BIGINT;
  views TEXT[];
  defs TEXT[];
  fkeys TEXT[];
  indexes TEXT[];
  s TEXT;
BEGIN
  SELECT array_agg(format('%I', c.relname) ORDER BY c.oid), array_agg(pg_get_viewdef(c.oid) ORDER BY c.oid) INTO views, defs
    FROM pg_class c WHERE c.relkind = 'v' AND c.relnamespace = current_schema()::regnamespace;
  SELECT array_agg(format('ALTER TABLE %s ADD CONSTRAINT %I %s', conrelid::regclass, conname, pg_get_constraintdef(oid))) INTO fkeys
    FROM pg_constraint WHERE contype = 'f' AND (confrelid = 'game'::regclass OR conrelid = 'game'::regclass);
  SELECT array_agg(regexp_replace(pg_get_indexdef(indexrelid), ' ON \S+ USING ', ' ON game USING ')) INTO indexes
    FROM pg_index WHERE indrelid = 'game'::regclass AND NOT indisunique;
  FOR i IN REVERSE array_length(views, 1)..1 LOOP
    EXECUTE 'DROP VIEW IF EXISTS ' || views[i] || ' CASCADE';
  END LOOP;
  ALTER TABLE game RENAME TO game_unpartitioned;
  CREATE TABLE game (LIKE game_unpartitioned INCLUDING DEFAULTS INCLUDING IDENTITY INCLUDING STORAGE) PARTITION BY RANGE (id);
  ALTER TABLE game ADD PRIMARY KEY (id);
  SELECT coalesce(max(id), 0) INTO top FROM game_unpartitioned;
  FOR i IN 0..top / size LOOP
    EXECUTE format('CREATE TABLE game_p%s PARTITION OF game FOR VALUES FROM (%s) TO (%s)', i, i * size, (i + 1) * size);
  END LOOP;
  CREATE TABLE game_pdefault PARTITION OF game DEFAULT;
  INSERT INTO game SELECT * FROM game_unpartitioned;
  EXECUTE format('ALTER TABLE game ALTER COLUMN id RESTART WITH %s', top + 1);
  DROP TABLE game_unpartitioned CASCADE;
  FOREACH s IN ARRAY coalesce(indexes, '{}') || coalesce(fkeys, '{}') LOOP
    EXECUTE s;
  END LOOP;
  ALTER TABLE game_key ADD CONSTRAINT game_key_game_id_fkey FOREIGN KEY (game_id) REFERENCES game (id) ON DELETE CASCADE;
  FOR i IN 1..array_length(views, 1) LOOP
    EXECUTE 'CREATE VIEW ' || views[i] || ' AS ' || defs[i];
  END LOOP;
END $$;

-- 3. The plan for Citus, read from the archive's own tables so that a
-- table added by a later schema version is placed too: game is
-- distributed by its id; every table of a game's rows (a game_id column)
-- by game_id, co-located with game, so that a game and its rows live on
-- one node and the views' joins run there; game_key by hash (a look-up by
-- hash goes to one node); every other table (files, events, matches,
-- codes, problem texts, the version) is small and a reference table, a
-- copy on each node (made in the order of their foreign keys: those
-- without first). keys_without_column lists the unique keys that
-- Citus refuses (a key of a distributed table must hold its distribution
-- column): only game_source's (source_id, idx), which step 4 widens.
CREATE TEMP VIEW handrec_scale_plan AS
WITH t AS (
  SELECT c.oid, c.relname::TEXT AS name,
         (SELECT count(*) FROM pg_constraint f WHERE f.conrelid = c.oid AND f.contype = 'f') AS fkeys,
         CASE WHEN c.relname = 'game' THEN 'id' WHEN c.relname = 'game_key' THEN 'hash'
              WHEN EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = c.oid AND a.attname = 'game_id' AND NOT a.attisdropped) THEN 'game_id'
         END AS col
    FROM pg_class c
   WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind IN ('r', 'p') AND NOT c.relispartition
)
SELECT t.name AS "table", t.col AS distribution_column, t.fkeys,
       (SELECT coalesce(string_agg(k.conname, ' ' ORDER BY k.conname), '') FROM pg_constraint k
         WHERE k.conrelid = t.oid AND k.contype IN ('p', 'u') AND t.col IS NOT NULL
           AND NOT (SELECT a.attnum FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = t.col) = ANY (k.conkey)) AS keys_without_column
  FROM t;

-- 4. Citus, where the extension is installed (CREATE EXTENSION citus on
-- the coordinator and the workers, the workers added): the tables
-- distributed as the plan says, on the coordinator, where handrec then
-- connects. game_source's key becomes (game_id, source_id, idx): a file's
-- place is still given once, by import, which writes a file's links in
-- its one transaction. game_key's foreign key to game goes: the two are
-- distributed by different columns, and Citus keeps keys only between
-- co-located tables. Without Citus this step says so and changes nothing.
DO $$
DECLARE
  t RECORD;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'citus') THEN
    RAISE NOTICE 'scale.sql: no citus extension in this database: the tables stay on this server';
    RETURN;
  END IF;
  ALTER TABLE game_key DROP CONSTRAINT game_key_game_id_fkey;
  ALTER TABLE game_source DROP CONSTRAINT game_source_pkey;
  ALTER TABLE game_source ADD PRIMARY KEY (game_id, source_id, idx);
  FOR t IN SELECT * FROM handrec_scale_plan WHERE distribution_column IS NULL ORDER BY fkeys, "table" LOOP
    PERFORM create_reference_table(t."table");
  END LOOP;
  PERFORM create_distributed_table('game', 'id');
  FOR t IN SELECT * FROM handrec_scale_plan WHERE distribution_column = 'game_id' LOOP
    PERFORM create_distributed_table(t."table", 'game_id', colocate_with => 'game');
  END LOOP;
  PERFORM create_distributed_table('game_key', 'hash');
END $$;
