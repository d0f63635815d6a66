package read

import "handrec/internal/ordered"

// The PBN and the LIN reader split the text into games on one goroutine,
// parse the games on workers and give them back in file order
// (ordered.Stream). A batch closes at batchGames games or batchBytes of
// text.
const (
	batchGames = 64
	batchBytes = 256 << 10
)

// StreamOptions are the Stream's options for workers parsers.
func StreamOptions(workers int) ordered.Options {
	return ordered.Options{Workers: workers, Batch: batchGames, BatchBytes: batchBytes}
}
