package sqlite

import (
	"database/sql"
	"math"

	"github.com/mattn/go-sqlite3"

	"handrec/model"
	"handrec/model/scoring"
)

// writeDriver is the driver of the connections that write: go-sqlite3's,
// with the scoring functions registered on each connection as the
// read-only driver's are.
const writeDriver = "sqlite3_handrec"

func init() {
	sql.Register(writeDriver, &sqlite3.SQLiteDriver{ConnectHook: registerScoring})
}

// registerScoring registers the session's SQL functions on a connection
// (docs/scoring.md): imp(points), the WBF IMPs of a score difference;
// vp(imps, boards), the victory points of a margin on the WBF continuous
// scale; ns_score(contract, declarer, tricks, vul), North-South's
// duplicate score. Each gives NULL for a NULL or unreadable argument.
func registerScoring(c *sqlite3.SQLiteConn) error {
	for name, fn := range map[string]any{"imp": sqlIMP, "vp": sqlVP, "ns_score": sqlNSScore} {
		if err := c.RegisterFunc(name, fn, true); err != nil {
			return err
		}
	}
	return nil
}

// number reads an SQL value as a number; false for NULL, text that is
// no number, or a blob.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, !math.IsNaN(x) && !math.IsInf(x, 0)
	}
	return 0, false
}

func sqlIMP(points any) any {
	p, ok := number(points)
	if !ok || math.Abs(p) > 1e9 {
		return nil
	}
	return int64(scoring.IMPs(int(math.Round(p))))
}

func sqlVP(imps, boards any) any {
	i, ok := number(imps)
	b, ok2 := number(boards)
	if !ok || !ok2 || b < 1 || b > 10000 || b != math.Trunc(b) {
		return nil
	}
	return scoring.VP(i, int(b))
}

func sqlNSScore(contract, declarer, tricks, vul any) any {
	cs, _ := contract.(string)
	c, ok := model.ParseContract(cs)
	if !ok {
		return nil
	}
	if c.Kind == model.PassedOut {
		return int64(0)
	}
	ds, _ := declarer.(string)
	vs, _ := vul.(string)
	t, okT := number(tricks)
	v, okV := model.ParseVul(vs)
	if c.Kind != model.Bid || len(ds) != 1 || !okT || t < 0 || t > 13 || !okV || c.Doubled > 2 {
		return nil
	}
	d, okD := model.ParseSeat(ds[0])
	if !okD {
		return nil
	}
	return int64(scoring.DuplicateNS(c, d, int(t), v))
}
