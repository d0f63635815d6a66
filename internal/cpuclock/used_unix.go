//go:build unix

package cpuclock

import (
	"syscall"
	"time"
)

// Used is the CPU time the process has used so far, user and system.
func Used() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
