//go:build unix

package parser_test

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuClock starts counting the process's CPU time; the func it returns
// reports it per op as cpu-ns/op. Wall time on a shared machine counts
// the other programs' load; CPU time mostly does not, so a before/after
// comparison can be run while other work goes on.
func cpuClock(b *testing.B) func() {
	c0 := cpuTime()
	return func() { b.ReportMetric(float64(cpuTime()-c0)/float64(b.N), "cpu-ns/op") }
}
