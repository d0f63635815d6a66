// Package cpuclock measures the CPU time a benchmark takes, beside the wall
// time go test reports. Wall time on a shared machine counts the other
// programs' load; CPU time mostly does not, so a before/after comparison can
// be run while other work goes on. It serves the benchmarks of every package.
package cpuclock
