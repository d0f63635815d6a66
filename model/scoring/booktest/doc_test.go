// Package booktest checks the scoring codes on hand records read by the
// PBN reader: the books' rubbers in samples/ and the Score tags of the
// shared corpus. It holds tests only, so that the scoring package itself
// depends on nothing but model.
package booktest
