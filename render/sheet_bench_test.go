package render_test

import (
	"io"
	"testing"

	"handrec/model"
	"handrec/render"
)

// benchBoards is a season-sized run of boards made from the samples.
func benchBoards(b *testing.B, n int) []*model.Record {
	src := sheetRecords(b)
	recs := make([]*model.Record, n)
	for i := range recs {
		recs[i] = src[i%len(src)]
	}
	return recs
}

func benchSheet(b *testing.B, format string, n int, opt render.SheetOptions) {
	recs := benchBoards(b, n)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s, err := render.NewSheet(format, io.Discard, opt)
		if err != nil {
			b.Fatal(err)
		}
		for _, r := range recs {
			if err := s.Add(r); err != nil {
				b.Fatal(err)
			}
		}
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "boards/s")
}

// The targets: 2,000 boards/s into HTML, 500 into PDF.
func BenchmarkSheetHTML(b *testing.B) { benchSheet(b, "html", 1000, render.SheetOptions{}) }
func BenchmarkSheetHTMLFull(b *testing.B) {
	benchSheet(b, "html", 1000, render.SheetOptions{Result: true, Auction: true, Play: true})
}
func BenchmarkSheetPDF(b *testing.B) { benchSheet(b, "pdf", 1000, render.SheetOptions{}) }
func BenchmarkSheetPDFFull(b *testing.B) {
	benchSheet(b, "pdf", 1000, render.SheetOptions{Result: true, Auction: true, Play: true})
}
func BenchmarkText(b *testing.B) {
	recs := benchBoards(b, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		render.WriteText(io.Discard, recs, render.TextOptions{})
	}
	b.ReportMetric(float64(1000*b.N)/b.Elapsed().Seconds(), "boards/s")
}
