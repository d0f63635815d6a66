package driver

import (
	"strings"

	"handrec/model"
)

// Table is a table the import writes, with its columns in the order
// archive's encoder lays a record's values out. The first column of every
// child table is game_id, filled in by the writer once it knows the game's
// id.
type Table struct {
	Name string
	Cols []string
	// OneRow: insert a row a statement. SQLite takes wide rows with
	// indexes faster one by one than many to a statement (measured on the
	// import benchmark: hand 6 against 8 µs a row, and the game, which the
	// writer inserts on its own, 20 against 38), narrow rows faster many
	// to a statement.
	OneRow bool
}

var (
	// GameTable is a record's game.
	GameTable = Table{"game", []string{"id", "hash", "event_id", "board", "room", "date", "dealer", "vul", "deal",
		"north", "east", "south", "west", "contract", "level", "strain", "doubled", "declarer", "tricks",
		"result", "score", "score_imp", "score_mp", "scoring", "warnings", "errors", "record", "match_id", "calls", "scores", "play", "tags"}, false}
	// LinkTable links a game to a place in an imported file.
	LinkTable = Table{"game_source", []string{"source_id", "idx", "game_id", "line", "col", "layout", "row_pos"}, false}
)

// Child tables of game, in insertion order.
const (
	TPlayer = iota
	TComment
	TProblem
	TResult
	TStanding
	THandPoints
	NChild
)

// ChildTables are the child tables of game, by their constants.
var ChildTables = [NChild]Table{
	TPlayer:     {"player", []string{"game_id", "name", "seat"}, false},
	TComment:    {"comment", []string{"game_id", "seq", "anchor", "kind", "text"}, false},
	TProblem:    {"problem", []string{"game_id", "seq", "line", "col", "text_id"}, false},
	TResult:     {"result", []string{"game_id", "row", "cells"}, false},
	TStanding:   {"standing", []string{"game_id", "row", "cells"}, false},
	THandPoints: {"hand_points", []string{"game_id", "n", "e", "s", "w"}, false},
}

// ColIndex is the place of a table's column in its rows.
func ColIndex(t Table, name string) int {
	for i, c := range t.Cols {
		if c == name {
			return i
		}
	}
	panic("archive: no column " + name + " in " + t.Name)
}

// MatchColumn is the place of match_id in the game's row.
var MatchColumn = ColIndex(GameTable, "match_id")

// InsertSQL is the INSERT of rows rows into t.
func InsertSQL(t Table, rows int) string {
	var b strings.Builder
	b.WriteString("INSERT INTO ")
	b.WriteString(t.Name)
	b.WriteString(" (")
	b.WriteString(strings.Join(t.Cols, ", "))
	b.WriteString(") VALUES ")
	one := "(?" + strings.Repeat(",?", len(t.Cols)-1) + ")"
	for i := 0; i < rows; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(one)
	}
	return b.String()
}

// EventKey is an event: a game's Event, Site and EventDate.
type EventKey struct{ Name, Site, Date string }

// MatchKey is what tells two matches apart, within an event (a LIN
// vugraph segment's teams, carry-overs and boards; the segment is the
// record's Stage).
type MatchKey struct {
	Segment                            any // NULL when not given
	First, Last                        any
	Home, HomeCarry, Visit, VisitCarry string
}

// Values are the values of match k of event eventID (nil for none), in
// the order of match's columns event_id, segment, first, last, home,
// home_carry, visit, visit_carry.
func (k *MatchKey) Values(eventID any) []any {
	return []any{eventID, k.Segment, k.First, k.Last, k.Home, k.HomeCarry, k.Visit, k.VisitCarry}
}

// MatchID is a match of an event, as a writer keeps its id.
type MatchID struct {
	Event any
	Key   MatchKey
}

// Prepared is a record turned into rows, ready for a writer.
type Prepared struct {
	Index int
	Pos   model.Pos
	// Errs are the record's errors; a record left out (Out) is not
	// stored: it has errors and nothing usable, or the import skips
	// records with errors.
	Errs     []model.Problem
	Out      bool
	Usable   bool
	Warnings int
	Hash     [16]byte
	Layout   any // the link's layout, compressed; nil for none
	RowPos   any // the link's row_pos; nil for none
	Event    EventKey
	HasEvent bool
	Match    *MatchKey // the match the game belongs to, nil for none
	Game     []any     // GameTable's values; id and event_id left nil
	// Child are the rows of each child table, its columns' values one
	// after another, game_id nil and a problem's text_id a ProblemText
	Child [NChild][]any
	DD    *DDRow // the ddtable row, nil for none
}

// ProblemText is a problem's severity and message, stored once however
// many games have it (problem_text): a problem row holds it as its text_id
// until a writer puts the text's id in its place (ResolveTexts).
type ProblemText struct{ Severity, Text string }

// ResolveTexts puts in problem rows (as Prepared.Child lays them out) the
// id of each problem's text, as id gives it, in its place.
func ResolveTexts(rows []any, id func(ProblemText) (int64, error)) error {
	n := len(ChildTables[TProblem].Cols)
	for i := n - 1; i < len(rows); i += n {
		p, ok := rows[i].(ProblemText)
		if !ok {
			continue
		}
		v, err := id(p)
		if err != nil {
			return err
		}
		rows[i] = v
	}
	return nil
}

// DDRow is a game's double-dummy table and par, for the dd and par views
// (the ddtable table).
type DDRow struct {
	// Tricks are declarer's tricks, by seat (model.Seat) and strain
	// (model.Strain).
	Tricks [4][5]int
	// HasPar says the par is known: a full deal whose dealer and
	// vulnerability are known.
	HasPar   bool
	ParScore int    // North-South's points
	Par      string // the contracts as PBN's ParContract gives them
}

// DDStrainOrder is the order of a row's strains in ddtable.tricks: C D H S NT.
var DDStrainOrder = [5]model.Strain{model.StrainClubs, model.StrainDiamonds, model.StrainHearts, model.StrainSpades, model.NoTrump}

// Values are the row's columns after game_id.
func (r *DDRow) Values() (tricks string, score, par any) {
	var b strings.Builder
	for _, s := range model.Seats {
		for _, st := range DDStrainOrder {
			b.WriteByte("0123456789abcd"[max(0, min(13, r.Tricks[s][st]))])
		}
	}
	if !r.HasPar {
		return b.String(), nil, nil
	}
	return b.String(), r.ParScore, r.Par
}

// InsertDD stores a game's ddtable row, unless it has one.
const InsertDD = "INSERT INTO ddtable (game_id, tricks, par_score, par) VALUES (?, ?, ?, ?) ON CONFLICT (game_id) DO NOTHING"
