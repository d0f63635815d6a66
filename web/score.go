package web

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"handrec/archive"
	"handrec/export"
	"handrec/model"
	"handrec/model/scoring"
	"handrec/render"
)

// errBlockDone stops the reading of a file once the rubber is drawn.
var errBlockDone = errors.New("rubber found")

// maxRubberRecords is how far into its file the rubber of a record is
// looked for: a rubber record further in is shown without its block.
const maxRubberRecords = 5000

// scoreBlock draws, for a record scored under a rubber code (its
// Scoring tag names one of the books'), the scoring block of its rubber
// as `handrec score --rubber` draws it: the records of its file are
// scored in order, as that command scores them, until the record's
// rubber ends.
func (s *Server) scoreBlock(ctx context.Context, b *boardData) (string, error) {
	code := scoring.CodeOf(b.Record)
	if code == scoring.Contract || len(b.Places) == 0 {
		return "", nil
	}
	first := b.Places[0]
	sess, err := scoring.NewScorer(scoring.Options{Rubber: true})
	if err != nil {
		return "", err
	}
	rubber, n := 0, 0
	var players [4]string
	starts := map[int][4]string{}
	addRecord := func(r *model.Record) error {
		n++
		if n > maxRubberRecords {
			return errBlockDone
		}
		ds := sess.Add(r)
		if _, ok := starts[ds.Rubber]; !ok {
			starts[ds.Rubber] = r.Players
		}
		if int64(r.Index) == first.Idx {
			rubber = ds.Rubber
			players = starts[ds.Rubber]
		}
		if rubber > 0 && ds.Rubber > rubber {
			return errBlockDone
		}
		return nil
	}
	err = s.reading(ctx, func(rd *archive.Reading) error { return rd.SourceRecords(first.File, addRecord) })
	if err != nil && !errors.Is(err, errBlockDone) {
		return "", err
	}
	rep := sess.Finish()
	for _, rb := range rep.Rubbers {
		if rb.Number == rubber {
			opt := render.BlockOptions{Names: render.BlockNames(rb.Code, players)}
			return "Rubber " + strconv.Itoa(rb.Number) + " (" + string(rb.Code) + ")\n\n" + render.ScoreBlock(rep, rb, opt), nil
		}
	}
	return "", nil
}

// download answers /board/ID/pbn, /lin or /json: the record as a file of
// that format.
func (s *Server) download(w http.ResponseWriter, r *http.Request) {
	r, cancel := s.limited(r)
	defer cancel()
	id, err := parseID(r.PathValue("id"))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	format := r.PathValue("format")
	f, _ := model.ParseFormat(format)
	if format != strings.ToLower(f.String()) {
		f = model.NoFormat // the URL spells a format in lower case
	}
	var write func(*bytes.Buffer, *model.Document) error
	ctype := "text/plain; charset=utf-8"
	switch f {
	case model.PBN:
		write = func(b *bytes.Buffer, d *model.Document) error { return export.WritePBN(b, d, export.PBNOptions{}) }
	case model.LIN:
		write = func(b *bytes.Buffer, d *model.Document) error { return export.WriteLIN(b, d) }
	case model.JSON:
		write = func(b *bytes.Buffer, d *model.Document) error { return export.WriteJSON(b, d) }
		ctype = "application/json; charset=utf-8"
	default:
		s.fail(w, r, notFound("no download %q: give pbn, lin or json", format))
		return
	}
	rec, _, err := s.game(r.Context(), id)
	if err == nil && rec == nil {
		err = notFound("no record %d", id)
	}
	var b bytes.Buffer
	if err == nil {
		err = write(&b, &model.Document{Records: []*model.Record{rec}})
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="record-`+strconv.FormatInt(id, 10)+"."+format+`"`)
	w.Write(b.Bytes())
}

// apiBoard is /api/board/ID: the record as JSON 2 (as convert --to json
// writes it) and what the board page adds to it.
func (s *Server) apiBoard(r *http.Request) (any, error) {
	b, err := s.loadBoard(r, r.URL.Query().Get("dd") != "0")
	if err != nil {
		return nil, err
	}
	if err := b.DD.busy(); err != nil {
		return nil, err // a client that cannot see the page's note is told at once
	}
	var js bytes.Buffer
	if err := export.WriteJSON(&js, &model.Document{Records: []*model.Record{b.Record}}); err != nil {
		return nil, err
	}
	out := map[string]any{"id": b.Info.ID, "document": jsonRaw(js.Bytes()), "extra": b}
	if b.Prev > 0 {
		out["prev"] = b.Prev
	}
	if b.Next > 0 {
		out["next"] = b.Next
	}
	return out, nil
}
