#!/bin/sh
# ddsbench.sh [DEALS [BLOCK]]: DDS (ddsbench.c) and this solver side by
# side on the first DEALS deals of testdata/gen200.txt (default 200), one
# thread each, in blocks of BLOCK deals (default 10) taken in turn by DDS
# and by Go, so that the load of a shared machine falls on both alike.
# Prints each block's CPU time per table and the totals. Needs libdds-dev.
set -eu
n=${1:-200}
block=${2:-10}
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/ddsbench" ddsbench/ddsbench.c -ldds
go test -c -o "$tmp/dd.test" .
dds=0
gocpu=0
from=0
while [ "$from" -lt "$n" ]; do
	k=$(( n - from < block ? n - from : block ))
	sed -n "$((from + 1)),$((from + k))p" testdata/gen200.txt | cut -d' ' -f1-6 |
		"$tmp/ddsbench" 2>"$tmp/dds.err" >/dev/null
	d=$(sed -n 's/.* \([0-9.]*\) ms CPU per table.*/\1/p' "$tmp/dds.err")
	g=$("$tmp/dd.test" -test.run XXX -test.bench '^BenchmarkTable$' -test.cpu 1 \
		-test.benchtime "${k}x" -dd.from "$from" | sed -n 's/.*[[:space:]]\([0-9]*\) cpu-ns\/op.*/\1/p')
	g=$(awk "BEGIN { printf \"%.1f\", $g / 1e6 }")
	echo "deals $((from + 1))-$((from + k)): DDS $d ms, Go $g ms CPU a table"
	dds=$(awk "BEGIN { print $dds + $d * $k }")
	gocpu=$(awk "BEGIN { print $gocpu + $g * $k }")
	from=$((from + k))
done
awk "BEGIN { printf \"%d deals: DDS %.1f ms, Go %.1f ms CPU a table; Go runs at %.3f of DDS's speed (1/%.2f)\n\", $n, $dds / $n, $gocpu / $n, $dds / $gocpu, $gocpu / $dds }"
