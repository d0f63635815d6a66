// Command handrec reads, converts, re-scores, archives and prints bridge hand
// records (PBN, LIN and JSON). Its commands are package internal/cli's.
package main

import (
	_ "embed"
	"os"

	"handrec/internal/cli"
)

// schemaSQL is the archive's schema, which the command opens archives
// with: embedded here, since go:embed reaches no parent folder.
//
//go:embed schema.sql
var schemaSQL string

func main() {
	os.Exit(cli.Main(schemaSQL))
}
