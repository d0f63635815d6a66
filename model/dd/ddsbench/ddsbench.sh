#!/bin/sh
# ddsbench.sh [DEALS [BLOCK [FILE]]]: DDS (ddsbench.c) and this solver side
# by side on the first DEALS deals of FILE (default testdata/gen200.txt,
# 200; a line a deal: the four hands as PBN's Deal gives them, dealer and
# vulnerability), one thread each, in blocks of BLOCK deals (default 10)
# taken in turn by DDS and by Go, so that the load of a shared machine
# falls on both alike. Prints each block's CPU time per table, the totals,
# and each solver's median, 99th percentile and worst table. Needs
# libdds-dev.
set -eu
n=${1:-200}
block=${2:-10}
file=${3:-$(dirname "$0")/../testdata/gen200.txt}
case $file in /*) ;; *) file=$(pwd)/$file ;; esac
cd "$(dirname "$0")/.."
n=$(( n < $(wc -l <"$file") ? n : $(wc -l <"$file") ))
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/ddsbench" ddsbench/ddsbench.c -ldds
go test -c -o "$tmp/dd.test" .
dds=0
gocpu=0
from=0
while [ "$from" -lt "$n" ]; do
	k=$(( n - from < block ? n - from : block ))
	sed -n "$((from + 1)),$((from + k))p" "$file" | cut -d' ' -f1-6 |
		"$tmp/ddsbench" "$tmp/dds.times" 2>"$tmp/dds.err" >/dev/null
	d=$(sed -n 's/.* \([0-9.]*\) ms CPU per table.*/\1/p' "$tmp/dds.err")
	g=$("$tmp/dd.test" -test.run XXX -test.bench '^BenchmarkTable$' -test.cpu 1 \
		-test.benchtime "${k}x" -dd.deals "$file" -dd.from "$from" -dd.times "$tmp/block.times" |
		sed -n 's/.*[[:space:]]\([0-9]*\) cpu-ns\/op.*/\1/p')
	# the benchmark first runs once alone (b.N 1), then k times: keep the k
	tail -n "$k" "$tmp/block.times" >>"$tmp/go.times"
	rm -f "$tmp/block.times"
	g=$(awk "BEGIN { printf \"%.1f\", $g / 1e6 }")
	echo "deals $((from + 1))-$((from + k)): DDS $d ms, Go $g ms CPU a table"
	dds=$(awk "BEGIN { print $dds + $d * $k }")
	gocpu=$(awk "BEGIN { print $gocpu + $g * $k }")
	from=$((from + k))
done
awk "BEGIN { printf \"%d deals: DDS %.1f ms, Go %.1f ms CPU a table; Go runs at %.3f of DDS's speed (1/%.2f)\n\", $n, $dds / $n, $gocpu / $n, $dds / $gocpu, $gocpu / $dds }"
# quantiles of one solver's tables: the median, the 99th percentile and the
# worst (and which deal it is, counted from 1)
for s in dds go; do
	awk '{ print NR, $1 }' "$tmp/$s.times" | sort -k2,2g | awk -v who="$s" '
		{ t[NR] = $2; d[NR] = $1 }
		END {
			p50 = t[int((NR + 1) / 2)]; p99 = t[int(NR * 0.99 + 0.999)]
			printf "%s: median %.1f ms, p99 %.1f ms, worst %.1f ms (deal %d)\n", who == "go" ? "Go " : "DDS", p50, p99, t[NR], d[NR]
		}'
done
