package jsonrec

import (
	"encoding/json"
	"fmt"

	"handrec/model"
)

// DD is a double-dummy table: the tricks declarer takes, by declarer seat
// ("N") and strain ("NT", "S", "H", "D", "C"), the numbers given.
type DD map[model.Seat]map[string]int

// Column is a column of a traveller or of standings: a field's name
// ("pair_ns"), or {"name": "Center"} for a column that is no field.
type Column struct {
	Field model.Field
	Name  string
}

// MarshalJSON writes a field as its name, another column as {"name": ...}.
func (c Column) MarshalJSON() ([]byte, error) {
	if c.Field != model.NoField {
		return json.Marshal(c.Field.String())
	}
	return json.Marshal(struct {
		Name string `json:"name"`
	}{c.Name})
}

// UnmarshalJSON reads what MarshalJSON wrote.
func (c *Column) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		f, ok := model.ParseField(s)
		if !ok {
			return fmt.Errorf("unknown column %q", s)
		}
		*c = Column{Field: f}
		return nil
	}
	var o struct {
		Name string `json:"name"`
	}
	if err := json.Unmarshal(b, &o); err != nil {
		return err
	}
	*c = Column{Name: o.Name}
	return nil
}

// Traveller is every table's result on the board.
type Traveller struct {
	Columns []Column      `json:"columns"`
	Results []TableResult `json:"results"`
}

// TableResult is one table's result, the values given; Other the elements of
// the columns that are no field, in their order.
type TableResult struct {
	Rank         *int           `json:"rank,omitempty"`
	Section      string         `json:"section,omitempty"`
	Table        *int           `json:"table,omitempty"`
	Round        *int           `json:"round,omitempty"`
	PairNS       string         `json:"pair_ns,omitempty"`
	PairEW       string         `json:"pair_ew,omitempty"`
	NamesNS      string         `json:"names_ns,omitempty"`
	NamesEW      string         `json:"names_ew,omitempty"`
	Contract     model.Contract `json:"contract,omitzero"`
	Declarer     string         `json:"declarer,omitempty"`
	Result       *int           `json:"result,omitempty"`
	Lead         string         `json:"lead,omitempty"`
	ScoreNS      *int           `json:"score_ns,omitempty"`
	ScoreEW      *int           `json:"score_ew,omitempty"`
	IMPNS        *float64       `json:"imp_ns,omitempty"`
	IMPEW        *float64       `json:"imp_ew,omitempty"`
	MPNS         *float64       `json:"mp_ns,omitempty"`
	MPEW         *float64       `json:"mp_ew,omitempty"`
	PercentNS    *float64       `json:"percentage_ns,omitempty"`
	PercentEW    *float64       `json:"percentage_ew,omitempty"`
	Multiplicity *int           `json:"multiplicity,omitempty"`
	Other        []string       `json:"other,omitempty"`
}

// Standings are the pairs' totals.
type Standings struct {
	Columns []Column   `json:"columns"`
	Rows    []Standing `json:"rows"`
}

// Standing is one pair's line, the values given.
type Standing struct {
	Rank         *int     `json:"rank,omitempty"`
	Pair         string   `json:"pair,omitempty"`
	Names        string   `json:"names,omitempty"`
	TotalScore   *float64 `json:"total_score,omitempty"`
	TotalIMP     *float64 `json:"total_imp,omitempty"`
	TotalMP      *float64 `json:"total_mp,omitempty"`
	TotalPercent *float64 `json:"total_percentage,omitempty"`
	MeanScore    *float64 `json:"mean_score,omitempty"`
	MeanIMP      *float64 `json:"mean_imp,omitempty"`
	MeanMP       *float64 `json:"mean_mp,omitempty"`
	MeanPercent  *float64 `json:"mean_percentage,omitempty"`
	Boards       *int     `json:"boards,omitempty"`
	Multiplicity *int     `json:"multiplicity,omitempty"`
	Other        []string `json:"other,omitempty"`
}

func intOf(v int) *int {
	if v == model.NoInt {
		return nil
	}
	return &v
}

func pointsOf(v model.Points) *float64 {
	if !v.Known() {
		return nil
	}
	f := float64(v)
	return &f
}

func modelInt(p *int) int {
	if p == nil {
		return model.NoInt
	}
	return *p
}

func modelPoints(p *float64) model.Points {
	if p == nil {
		return model.NoPoints
	}
	return model.Points(*p)
}

func fromDD(t *model.DDTable) DD {
	out := DD{}
	for _, s := range model.DDSeats {
		for _, st := range model.DDStrains {
			if n := t[s][st]; n >= 0 {
				if out[s] == nil {
					out[s] = map[string]int{}
				}
				out[s][st.String()] = n
			}
		}
	}
	return out
}

func (d DD) toDD() (*model.DDTable, error) {
	t := model.NewDDTable()
	for s, row := range d {
		if !s.Valid() {
			return nil, fmt.Errorf("dd: no seat")
		}
		for name, n := range row {
			st, k, ok := model.ParseStrain(name)
			if !ok || k != len(name) || st.String() != name {
				return nil, fmt.Errorf("dd: bad strain %q", name)
			}
			if n < 0 || n > 13 {
				return nil, fmt.Errorf("dd: %s %s: %d tricks", s, name, n)
			}
			t[s][st] = n
		}
	}
	return &t, nil
}

func columns(cs []model.TableColumn) []Column {
	out := make([]Column, len(cs))
	for i, c := range cs {
		out[i] = Column{Field: c.Field, Name: c.Name}
	}
	return out
}

func modelColumns(cs []Column) []model.TableColumn {
	out := make([]model.TableColumn, len(cs))
	for i, c := range cs {
		out[i] = model.TableColumn{Field: c.Field, Name: c.Name}
	}
	return out
}

func fromTraveller(t *model.Traveller) *Traveller {
	out := &Traveller{Columns: columns(t.Columns), Results: make([]TableResult, len(t.Results))}
	for i := range t.Results {
		r := &t.Results[i]
		out.Results[i] = TableResult{Rank: intOf(r.Rank), Section: r.Section, Table: intOf(r.Table), Round: intOf(r.Round),
			PairNS: r.Pair[model.NS], PairEW: r.Pair[model.EW], NamesNS: r.Names[model.NS], NamesEW: r.Names[model.EW],
			Contract: r.Contract, Result: intOf(r.Result), Lead: r.Lead,
			ScoreNS: intOf(r.Score[model.NS]), ScoreEW: intOf(r.Score[model.EW]),
			IMPNS: pointsOf(r.IMP[model.NS]), IMPEW: pointsOf(r.IMP[model.EW]),
			MPNS: pointsOf(r.MP[model.NS]), MPEW: pointsOf(r.MP[model.EW]),
			PercentNS: pointsOf(r.Percent[model.NS]), PercentEW: pointsOf(r.Percent[model.EW]),
			Multiplicity: intOf(r.Multiplicity), Other: r.Other}
		if r.Declarer.Valid() {
			out.Results[i].Declarer = r.Declarer.String()
		}
	}
	return out
}

func (t *Traveller) toTraveller() (*model.Traveller, error) {
	out := &model.Traveller{Columns: modelColumns(t.Columns), Results: make([]model.TableResult, len(t.Results))}
	for i := range t.Results {
		r := &t.Results[i]
		out.Results[i] = model.TableResult{Rank: modelInt(r.Rank), Section: r.Section, Table: modelInt(r.Table),
			Round: modelInt(r.Round), Pair: [2]string{r.PairNS, r.PairEW}, Names: [2]string{r.NamesNS, r.NamesEW},
			Contract: r.Contract, Declarer: model.NoSeat, Result: modelInt(r.Result), Lead: r.Lead,
			Score:        [2]int{modelInt(r.ScoreNS), modelInt(r.ScoreEW)},
			IMP:          [2]model.Points{modelPoints(r.IMPNS), modelPoints(r.IMPEW)},
			MP:           [2]model.Points{modelPoints(r.MPNS), modelPoints(r.MPEW)},
			Percent:      [2]model.Points{modelPoints(r.PercentNS), modelPoints(r.PercentEW)},
			Multiplicity: modelInt(r.Multiplicity), Other: r.Other}
		if r.Declarer != "" {
			var err error
			if out.Results[i].Declarer, err = seat("traveller: declarer", r.Declarer); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

func fromStandings(t *model.Standings) *Standings {
	out := &Standings{Columns: columns(t.Columns), Rows: make([]Standing, len(t.Rows))}
	for i := range t.Rows {
		r := &t.Rows[i]
		out.Rows[i] = Standing{Rank: intOf(r.Rank), Pair: r.Pair, Names: r.Names,
			TotalScore: pointsOf(r.Totals[0]), TotalIMP: pointsOf(r.Totals[1]), TotalMP: pointsOf(r.Totals[2]),
			TotalPercent: pointsOf(r.Totals[3]), MeanScore: pointsOf(r.Means[0]), MeanIMP: pointsOf(r.Means[1]),
			MeanMP: pointsOf(r.Means[2]), MeanPercent: pointsOf(r.Means[3]), Boards: intOf(r.Boards),
			Multiplicity: intOf(r.Multiplicity), Other: r.Other}
	}
	return out
}

func (t *Standings) toStandings() *model.Standings {
	out := &model.Standings{Columns: modelColumns(t.Columns), Rows: make([]model.Standing, len(t.Rows))}
	for i := range t.Rows {
		r := &t.Rows[i]
		out.Rows[i] = model.Standing{Rank: modelInt(r.Rank), Pair: r.Pair, Names: r.Names,
			Totals: [4]model.Points{modelPoints(r.TotalScore), modelPoints(r.TotalIMP), modelPoints(r.TotalMP), modelPoints(r.TotalPercent)},
			Means:  [4]model.Points{modelPoints(r.MeanScore), modelPoints(r.MeanIMP), modelPoints(r.MeanMP), modelPoints(r.MeanPercent)},
			Boards: modelInt(r.Boards), Multiplicity: modelInt(r.Multiplicity), Other: r.Other}
	}
	return out
}
