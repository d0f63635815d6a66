package read

import (
	"fmt"

	"handrec/model"
)

// MaxRecord bounds the text of one record (a PBN game, a LIN board, a JSON
// record) and MaxLine one line of PBN: hundreds of times what real files
// hold (the corpus's longest record is 43 KB), yet a file with no record
// boundary (a one-line 100 MB file, /dev/zero) is stopped with an error
// naming the limit instead of being held in memory. Records read before it
// are kept.
const (
	MaxRecord = 32 << 20
	MaxLine   = 8 << 20
)

// TooLong is the error that stops a file at a record or line longer than
// limit bytes; what names it ("record" or "line").
func TooLong(name string, pos model.Pos, what string, limit int) error {
	return ErrorAt(name, pos, fmt.Sprintf(
		"%s longer than %d MiB, the most one %s may hold; the rest of the file is not read", what, limit>>20, what))
}
