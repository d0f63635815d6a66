package layout

import "handrec/model"

// TeamNames are the names of r's teams: its match's (LIN's vg), else its
// PBN HomeTeam and VisitTeam tags ("" for a team not named, or named "?"
// or "-", PBN's unknown).
func TeamNames(r *model.Record) (home, visit string) {
	if m := r.Match; m != nil {
		return m.Home.Name, m.Visit.Name
	}
	return teamTag(r, "HomeTeam"), teamTag(r, "VisitTeam")
}

func teamTag(r *model.Record, name string) string {
	i := r.TagIndex(name)
	if i < 0 {
		return ""
	}
	if v := r.Tags[i].Value; v != "?" && v != "-" {
		return v
	}
	return ""
}
