-- A file that was imported, identified by its content.
CREATE TABLE source (
    id          INTEGER PRIMARY KEY,
    path        TEXT NOT NULL,
    size        INTEGER NOT NULL,
    sha256      TEXT NOT NULL UNIQUE,            -- hex digest of the content
    format      TEXT NOT NULL,                   -- pbn, lin, json
    header      TEXT NOT NULL DEFAULT '{}',      -- the file's header and trailer as JSON
    records     INTEGER NOT NULL DEFAULT 0,      -- games read, good and bad
    problems    INTEGER NOT NULL DEFAULT 0,      -- games left out for their errors
    imported_at TEXT NOT NULL                    -- UTC, RFC 3339
);

-- An event: the Event, Site and EventDate tags.
CREATE TABLE event (
    id   INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    site TEXT NOT NULL,
    date TEXT NOT NULL,
    UNIQUE (name, site, date)
);

-- One game: a deal as played at one table. The same game met in several
-- files is stored once (hash) and linked to each (game_source).
CREATE TABLE game (
    id        INTEGER PRIMARY KEY,
    hash      BLOB NOT NULL UNIQUE,    -- of the record, positions and file left out
    event_id  INTEGER REFERENCES event (id),
    board     INTEGER,
    room      TEXT,
    date      TEXT,
    dealer    TEXT,
    vul       TEXT,                    -- None, NS, EW, All
    deal      TEXT,                    -- PBN form from North: 'N:AKQ.. ...'
    north     TEXT,
    east      TEXT,
    south     TEXT,
    west      TEXT,
    contract  TEXT,                    -- '4S', '3NTX', 'Pass'
    level     INTEGER,
    strain    TEXT,                    -- C D H S NT
    doubled   INTEGER,
    declarer  TEXT,
    tricks    INTEGER,                 -- declarer's tricks
    result    TEXT,                    -- the Result tag as written
    score     TEXT,                    -- recorded scores: the Score,
    score_imp TEXT,                    -- ScoreIMP,
    score_mp  TEXT,                    -- ScoreMP and
    scoring   TEXT,                    -- Scoring tags
    warnings  INTEGER NOT NULL DEFAULT 0,
    model     BLOB NOT NULL            -- the whole record: DEFLATE-compressed JSON
);
CREATE INDEX game_event ON game (event_id, board);
CREATE INDEX game_board ON game (board);
CREATE INDEX game_deal ON game (deal);
CREATE INDEX game_contract ON game (contract, declarer);

-- Where each game was found: every file and the game's place in it.
CREATE TABLE game_source (
    source_id INTEGER NOT NULL REFERENCES source (id) ON DELETE CASCADE,
    idx       INTEGER NOT NULL,        -- 1-based ordinal in the file
    game_id   INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    line      INTEGER NOT NULL,
    col       INTEGER NOT NULL,
    PRIMARY KEY (source_id, idx)
) WITHOUT ROWID;
CREATE INDEX game_source_game ON game_source (game_id);

-- The four hands of each game whose cards are known.
CREATE TABLE hand (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat     TEXT NOT NULL,
    spades   TEXT NOT NULL,            -- 'AKT2', '' for a void
    hearts   TEXT NOT NULL,
    diamonds TEXT NOT NULL,
    clubs    TEXT NOT NULL,
    s_len    INTEGER NOT NULL,
    h_len    INTEGER NOT NULL,
    d_len    INTEGER NOT NULL,
    c_len    INTEGER NOT NULL,
    hcp      INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX hand_hcp ON hand (hcp, s_len, h_len, d_len, c_len);

-- The players, one row per seat named, for questions by player.
CREATE TABLE player (
    name    TEXT NOT NULL,
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seat    TEXT NOT NULL,
    PRIMARY KEY (name, game_id, seat)
) WITHOUT ROWID;

-- The auction, call by call.
CREATE TABLE call (
    game_id      INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq          INTEGER NOT NULL,     -- 1-based, in the order of the auction
    seat         TEXT,
    call         TEXT NOT NULL,        -- Pass, X, XX, 1S, 3NT, AP, ...
    level        INTEGER,
    strain       TEXT,
    alert        INTEGER NOT NULL DEFAULT 0,
    explanation  TEXT,
    note         TEXT,                 -- the text of the note the call refers to
    nags         TEXT,                 -- numeric annotation glyphs: '$1 $3'
    irregular    TEXT,                 -- 'insufficient'
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- The play, card by card in the order played.
CREATE TABLE play (
    game_id  INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq      INTEGER NOT NULL,         -- 1-based, in the order played
    trick    INTEGER NOT NULL,         -- 1 to 13
    seat     TEXT NOT NULL,
    card     TEXT NOT NULL,            -- 'SA', '-' unknown, '+' still to play
    leader   TEXT,                     -- of the trick
    winner   TEXT,                     -- of the trick, NULL when not known
    note     TEXT,
    nags     TEXT,
    irregular TEXT,                    -- 'revoke', 'lead out of turn'
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Every tag of the game in its original order with its original value,
-- the tags of supplemental sections (section = 1) included.
CREATE TABLE tag (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    name    TEXT NOT NULL,
    value   TEXT NOT NULL,
    section INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Commentary, with what it is attached to: 'record', 'tag Event',
-- 'auction', 'call 3', 'auction note 1', 'play', 'card 17', 'play note 2',
-- 'section ScoreTable'.
CREATE TABLE comment (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    anchor  TEXT NOT NULL,
    kind    TEXT NOT NULL,             -- brace, line, lin-nt
    text    TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Scores of each game under every code: by side (NS, EW) or, in Pirate
-- Bridge, by seat.
CREATE TABLE score (
    game_id INTEGER NOT NULL REFERENCES game (id) ON DELETE CASCADE,
    code    TEXT NOT NULL,
    who     TEXT NOT NULL,
    points  INTEGER NOT NULL,
    PRIMARY KEY (game_id, code, who)
) WITHOUT ROWID;

-- The public views.

CREATE VIEW records AS
SELECT g.id, e.name AS event, e.site AS site, g.date, g.board, g.room,
       g.dealer, g.vul, g.deal, g.north, g.east, g.south, g.west,
       g.contract, g.level, g.strain, g.doubled, g.declarer, g.tricks,
       g.result, g.score, g.score_imp, g.score_mp, g.scoring, g.warnings,
       (SELECT s.path FROM game_source gs JOIN source s ON s.id = gs.source_id
         WHERE gs.game_id = g.id ORDER BY gs.source_id, gs.idx LIMIT 1) AS file
  FROM game g LEFT JOIN event e ON e.id = g.event_id;

CREATE VIEW hands AS
SELECT game_id AS record, seat, spades, hearts, diamonds, clubs, hcp,
       s_len, h_len, d_len, c_len
  FROM hand;

CREATE VIEW calls AS
SELECT game_id AS record, seq, seat, call, level, strain, alert,
       explanation, note, nags, irregular
  FROM call;

CREATE VIEW plays AS
SELECT game_id AS record, seq, trick, seat, card, leader, winner,
       note, nags, irregular
  FROM play;

CREATE VIEW scores AS
SELECT game_id AS record, code, who, points FROM score;

CREATE VIEW tags AS
SELECT game_id AS record, seq, name, value, section FROM tag;

CREATE VIEW comments AS
SELECT game_id AS record, seq, anchor, kind, text FROM comment;

CREATE VIEW players AS
SELECT name, game_id AS record, seat FROM player;

CREATE VIEW sources AS
SELECT id, path, size, sha256, format, records, problems, imported_at,
       (SELECT count(*) FROM game_source gs WHERE gs.source_id = source.id) AS games
  FROM source;

CREATE VIEW record_sources AS
SELECT gs.game_id AS record, s.path AS file, gs.idx AS idx, gs.line, gs.col
  FROM game_source gs JOIN source s ON s.id = gs.source_id;
