package cpuclock

import "testing"

// PerOp starts counting the process's CPU time; the func it returns
// reports it per op as the metric cpu-ns/op:
//
//	defer cpuclock.PerOp(b)()
func PerOp(b *testing.B) func() {
	c0 := Used()
	return func() { b.ReportMetric(float64(Used()-c0)/float64(b.N), "cpu-ns/op") }
}
