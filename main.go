// Command handrec reads, converts, re-scores, archives and prints bridge
// hand records; the commands are package internal/cli's.
package main

import (
	"os"

	"handrec/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}
