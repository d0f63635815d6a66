package archive

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"handrec/model"
	"handrec/parser"
)

// sampleRecords are the records of samples/, in file order.
func sampleRecords(t *testing.T) []*model.Record {
	t.Helper()
	files, _ := filepath.Glob("../samples/*")
	var recs []*model.Record
	for _, f := range files {
		if info, err := os.Stat(f); err != nil || info.IsDir() {
			continue
		}
		doc, err := parser.ReadFile(f)
		if err != nil {
			continue // not a hand record
		}
		recs = append(recs, doc.Records...)
	}
	if len(recs) < 20 {
		t.Fatalf("%d sample records", len(recs))
	}
	return recs
}

// A record's stored form gives it back: every sample record, and one with
// a problem and characters an encoder may escape, reads back equal
// (model.Diff) with the layout stored apart; the stored JSON is the
// record's JSON 2 without source, layout and problems (which follow), and
// the hash is taken over exactly that JSON.
func TestStoredRecord(t *testing.T) {
	t.Parallel()
	recs := sampleRecords(t)
	odd := model.NewRecord()
	odd.Board = 1
	odd.Leading = []model.Comment{{Text: "<b>A&K</b> \u2665 \"quoted\""}}
	odd.Errorf(model.Pos{Line: 1, Col: 2}, "x <y> & z")
	recs = append(recs, odd, linWithLayout(t))
	e, d := newRecordEncoder(), &recordDecoder{}
	layouts := 0
	for _, r := range recs {
		s, err := e.encode(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		var lay []byte
		if s.layout != nil {
			lay = s.layout.([]byte)
			layouts++
		}
		back, err := d.decode(s.record, lay, nil)
		if err != nil {
			t.Fatalf("%s #%d: %v", r.File, r.Index, err)
		}
		back.File, back.Index, back.Pos = r.File, r.Index, r.Pos
		for i := range back.Problems {
			back.Problems[i].File = r.File
		}
		if diff := model.Diff(r, back); len(diff) > 0 {
			t.Errorf("%s #%d: changed through the archive: %s", r.File, r.Index, strings.Join(diff, "; "))
		}
		js, err := d.in.inflate(s.record)
		if err != nil {
			t.Fatal(err)
		}
		first, _, _ := bytes.Cut(js, []byte("\n"))
		if bytes.Contains(first, []byte(`"layout"`)) || bytes.Contains(first, []byte(`"problems"`)) ||
			!bytes.Contains(first, []byte(`,"source":{}}`)) {
			t.Errorf("%s #%d: stored %s", r.File, r.Index, first)
		}
		if sum := sha256.Sum256(first); !bytes.Equal(s.hash[:], sum[:16]) {
			t.Errorf("%s #%d: the hash is not that of the stored JSON", r.File, r.Index)
		}
		if len(r.Problems) > 0 != bytes.Contains(js, []byte("\n[{")) {
			t.Errorf("%s #%d: %d problems, stored %s", r.File, r.Index, len(r.Problems), js)
		}
	}
	// the LIN record made with one, the club traveller's, whose table's
	// widths and header are PBN's layout, and the commentary sample's,
	// whose ";" comments are
	if layouts != 3 {
		t.Errorf("%d records with a layout, want 3", layouts)
	}
}

// A record stored in the row form reads back equal with the values of
// its game's row, and has the hash of the record stored whole; its JSON
// leaves out what the row gives back: for the samples' records, the deal
// and the cards played always, the calls unless one has a note or glyphs.
func TestStoredRecordRowForm(t *testing.T) {
	t.Parallel()
	recs := append(sampleRecords(t), linWithLayout(t))
	whole, enc, d := newRecordEncoder(), newEncoder(AllScores, false), &recordDecoder{}
	for _, r := range recs {
		p, err := enc.prepare(r)
		if err != nil {
			t.Fatal(err)
		}
		w, err := whole.encode(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		if p.Hash != w.hash {
			t.Errorf("%s #%d: the row form has another hash", r.File, r.Index)
		}
		blob := p.Game[colRecord].([]byte)
		if blob[0] != formRow {
			t.Fatalf("%s #%d: stored whole", r.File, r.Index)
		}
		var lay []byte
		if p.Layout != nil {
			lay = p.Layout.([]byte)
		}
		row := gameRowFacts(p)
		back, err := d.decode(blob, lay, row)
		if err != nil {
			t.Fatalf("%s #%d: %v", r.File, r.Index, err)
		}
		back.File, back.Index, back.Pos = r.File, r.Index, r.Pos
		for i := range back.Problems {
			back.Problems[i].File = r.File
		}
		if diff := model.Diff(r, back); len(diff) > 0 {
			t.Errorf("%s #%d: changed through the row form: %s", r.File, r.Index, strings.Join(diff, "; "))
		}
		flags, _ := binary.Uvarint(blob[1:])
		if !r.Deal.Empty() && flags&fromDeal == 0 || r.Play != nil && len(r.Play.Tricks) > 0 && flags&fromTricksPlayed == 0 ||
			r.Auction != nil && (flags&fromCalls != 0) != plainCalls(r.Auction) {
			t.Errorf("%s #%d: flags %b", r.File, r.Index, flags)
		}
		if _, err := d.decode(blob, lay, nil); flags != 0 && err == nil {
			t.Errorf("%s #%d: read without its row", r.File, r.Index)
		}
	}
}

// goldenHashes are the identities of the games of samples/bbo_single.lin
// and samples/full_play.pbn as the archive of schema version 10 took them.
// They are taken over the record's public form (JSON 2), not over the
// program's structs: a change of the Go types that leaves JSON 2 as it is
// leaves them as they are, and the games an archive holds are found again
// when their files are imported again. A change here means every archive
// must store its games again: do it in a schema version's Go step, or
// don't. (Schema version 22 did, rederive: JSON 2 gives a comment no kind
// since, nor a record the order of its source's tags ("tag_order", now
// PBN's layout), which changed bbo_single.lin's.)
var goldenHashes = map[string][]string{
	"bbo_single.lin": {"1b748ca78cfbee8ea63cfc46053f67c3"},
	"full_play.pbn":  {"18a213c00af595c9429df5563d5618eb", "b76c67fbafda754c2fef1c42b3a4b80a"},
}

func TestGameHashGolden(t *testing.T) {
	t.Parallel()
	e := newRecordEncoder()
	for file, want := range goldenHashes {
		doc, err := parser.ReadFile(filepath.Join("..", "samples", file))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range doc.Records {
			s, err := e.encode(r, nil)
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, hex.EncodeToString(s.hash[:]))
		}
		if strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("%s: hashes %q, want %q", file, got, want)
		}
	}
}

// The hash does not depend on where a record was read, its problems or
// its layout.
func TestGameHashLeavesOut(t *testing.T) {
	t.Parallel()
	r := linWithLayout(t)
	e := newRecordEncoder()
	a, err := e.encode(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.layout == nil {
		t.Fatal("the LIN sample has no layout")
	}
	c := *r
	c.File, c.Index, c.Pos, c.Layout = "other.lin", 7, model.Pos{Line: 9, Col: 9}, nil
	c.Errorf(model.Pos{Line: 3, Col: 4}, "some problem")
	b, err := e.encode(&c, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.hash != b.hash {
		t.Error("the hash changed with the file, place, problems or layout")
	}
	c.Board++
	if b, _ = e.encode(&c, nil); a.hash == b.hash {
		t.Error("the hash did not change with the board")
	}
}

// linWithLayout is a LIN record with a pause after its first call: a mark
// of its LIN layout.
func linWithLayout(t *testing.T) *model.Record {
	t.Helper()
	const lin = "pn|a,b,c,d|md|3S23456789TJQKA,H23456789TJQKA,D23456789TJQKA,|sv|o|ah|Board 1|mb|1S|pg||mb|p|mb|p|mb|p|pg||\n"
	doc, err := parser.ReadAll("pause.lin", strings.NewReader(lin))
	if err != nil || len(doc.Records) != 1 || doc.Records[0].Layout == nil {
		t.Fatalf("pause.lin: %v", err)
	}
	return doc.Records[0]
}

// An archive made before schema version 20 holds every record whole,
// DEFLATE-compressed (codec 1): such records read as they did, beside
// records in the row form, and the game's row is not needed to read them.
func TestDeflateBlobsRead(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	db, err := Open(ctx, filepath.Join(t.TempDir(), "old.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	recs := append(sampleRecords(t), linWithLayout(t))
	if _, err := db.Import(ctx, Source{Path: "s.pbn", Size: 1, SHA256: "s", Format: "pbn"}, &parReader{recs: recs}, ImportOptions{}); err != nil {
		t.Fatal(err)
	}
	var want []*model.Record
	if err := db.Records(ctx, "", func(r *model.Record) error { want = append(want, r); return nil }); err != nil {
		t.Fatal(err)
	}
	rows, err := db.SQL().Query("SELECT g.id, g.record, " + rowColumns + " FROM game g WHERE g.id % 2 = 0")
	if err != nil {
		t.Fatal(err)
	}
	old := map[int64][]byte{}
	var dec recordDecoder
	enc := newRecordEncoder()
	for rows.Next() {
		var id int64
		var blob []byte
		var row rowFacts
		if err := scanWithRow(rows, &row, &id, &blob); err != nil {
			t.Fatal(err)
		}
		r, err := dec.decode(blob, nil, &row)
		if err != nil {
			t.Fatal(err)
		}
		whole, err := enc.encode(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		js, err := dec.in.inflate(whole.record)
		if err != nil {
			t.Fatal(err)
		}
		if old[id], err = compressDeflate(js); err != nil {
			t.Fatal(err)
		}
	}
	rows.Close()
	for id, blob := range old {
		if _, err := db.SQL().Exec("UPDATE game SET record = ? WHERE id = ?", blob, id); err != nil {
			t.Fatal(err)
		}
	}
	if n := len(old); n < 10 {
		t.Fatalf("%d games stored as before version 20", n)
	}
	var got []*model.Record
	if err := db.Records(ctx, "", func(r *model.Record) error { got = append(got, r); return nil }); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(want) {
		t.Fatalf("%d records, want %d", len(got), len(want))
	}
	for i := range want {
		if d := model.Diff(got[i], want[i]); len(d) > 0 {
			t.Errorf("record %d differs: %s", i+1, strings.Join(d, "; "))
		}
	}
}
