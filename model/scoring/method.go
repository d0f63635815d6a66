package scoring

import (
	"fmt"
	"strconv"
	"strings"
)

// MethodKind is how the results of a traveller are compared.
type MethodKind int8

// The methods of a pairs session.
const (
	// MP is international matchpoints: 2 a pair beaten, 1 a tie.
	MP MethodKind = iota
	// ACBL is the ACBL's matchpoints: 1 a pair beaten, 1/2 a tie.
	ACBL
	// CrossIMP IMPs each result against every other one.
	CrossIMP
	// Butler IMPs each result against the mean of the others, some
	// extreme ones dropped.
	Butler
	// Datum IMPs each result against a given datum.
	Datum
)

// DropDefault asks Butler to drop as bridge-scorer does: none up to 3
// results, else ceil((n-10)/15)+1 at each end.
const DropDefault = -1

// Method is a way of scoring a pairs session.
type Method struct {
	Kind MethodKind
	// Drop is the number of results Butler drops at each end (highest
	// and lowest) before taking the mean, DropDefault for bridge-scorer's
	// rule.
	Drop int
	// Datum is the datum of Datum, North-South's score.
	Datum int
}

// IMPs reports whether the method scores in IMPs.
func (m Method) IMPs() bool { return m.Kind >= CrossIMP }

// Win is the matchpoints a pair beaten is worth: 2, or the ACBL's 1.
func (m Method) Win() float64 {
	if m.Kind == ACBL {
		return 1
	}
	return 2
}

// Name is the method as --method spells it: "mp", "acbl", "ximp",
// "butler", "butler-2", "datum 420".
func (m Method) Name() string {
	switch m.Kind {
	case ACBL:
		return "acbl"
	case CrossIMP:
		return "ximp"
	case Butler:
		if m.Drop >= 0 {
			return "butler-" + strconv.Itoa(2*m.Drop)
		}
		return "butler"
	case Datum:
		return "datum " + strconv.Itoa(m.Datum)
	}
	return "mp"
}

// String says the method and its parameters, as the session's output
// names them.
func (m Method) String() string {
	switch m.Kind {
	case ACBL:
		return "matchpoints (ACBL: 1 a pair beaten, 1/2 a tie; Neuberg for fewer results)"
	case CrossIMP:
		return "cross-IMPs (WBF scale; total and average over the other results)"
	case Butler:
		if m.Drop >= 0 {
			return fmt.Sprintf("Butler IMPs (WBF scale; datum: mean after dropping %d highest and %d lowest, to the nearest 10)", m.Drop, m.Drop)
		}
		return "Butler IMPs (WBF scale; datum: mean after dropping ceil((n-10)/15)+1 highest and lowest when n > 3, to the nearest 10)"
	case Datum:
		return fmt.Sprintf("IMPs against a datum of %d (WBF scale)", m.Datum)
	}
	return "matchpoints (2 a pair beaten, 1 a tie; Neuberg for fewer results)"
}

// ParseMethod reads a method as --method spells it: mp, acbl, ximp,
// butler, butler-N (N results dropped in all, half at each end, as Ruter's
// Butler-2), datum N (or datum=N).
func ParseMethod(s string) (Method, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	switch t {
	case "mp", "matchpoints":
		return Method{Kind: MP}, nil
	case "acbl":
		return Method{Kind: ACBL}, nil
	case "ximp", "cross", "cross-imp", "crossimp":
		return Method{Kind: CrossIMP}, nil
	case "butler":
		return Method{Kind: Butler, Drop: DropDefault}, nil
	}
	if n, ok := strings.CutPrefix(t, "butler-"); ok {
		d, err := strconv.Atoi(n)
		if err != nil || d < 0 || d%2 != 0 {
			return Method{}, fmt.Errorf("butler-N: N is the number of results dropped in all, an even number, not %q", n)
		}
		return Method{Kind: Butler, Drop: d / 2}, nil
	}
	if v, ok := strings.CutPrefix(t, "datum"); ok {
		v = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(v), "="))
		d, err := strconv.Atoi(v)
		if err != nil {
			return Method{}, fmt.Errorf("datum N: N is North-South's score, not %q", v)
		}
		return Method{Kind: Datum, Datum: d}, nil
	}
	return Method{}, fmt.Errorf("unknown method %q (try mp, acbl, ximp, butler, butler-N, datum N)", s)
}

// MethodOfScoring reads the method a PBN Scoring tag names (PBN 2.1,
// 3.4.12): MP or MatchPoints (MP2 the ACBL's 1 and 1/2), IMP with Butler,
// Butler-N (N extreme results dropped in all) or Cross; false when it
// names none of them (IMP alone names no pairs method). Ruter writes
// "IMP;Butler-2;Mean".
func MethodOfScoring(tag string) (Method, bool) {
	var m Method
	found := false
	for _, f := range strings.Split(tag, ";") {
		f = strings.ToLower(strings.TrimSpace(f))
		switch {
		case f == "mp" || f == "matchpoints" || f == "mp1":
			if !found {
				m, found = Method{Kind: MP}, true
			}
		case f == "mp2":
			m, found = Method{Kind: ACBL}, true
		case f == "butler":
			m, found = Method{Kind: Butler, Drop: 0}, true
		case strings.HasPrefix(f, "butler-"):
			d, err := strconv.Atoi(f[len("butler-"):])
			if err != nil || d < 0 {
				return Method{}, false
			}
			m, found = Method{Kind: Butler, Drop: d / 2}, true
		case f == "cross" || f == "cross1" || f == "cross2":
			m, found = Method{Kind: CrossIMP}, true
		}
	}
	return m, found
}
