package cli

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A Deal holding a stray CR is read with its faults;
// convert --to pbn writes the value as given, byte for byte, so that the
// file reads back with the same faults and no new one, and says nothing
// was dropped.
func TestConvertKeepsStrayCR(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	deal := "[Deal \"N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ\r.. 983..KT64\"]"
	src := filepath.Join(dir, "cr.pbn")
	if err := os.WriteFile(src, []byte("[Board \"1\"]\n[Dealer \"N\"]\n"+deal+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	faults := func(line string) string {
		return "F:" + line + ":8: warning: tag Deal: control character inside the value (PBN 2.2 allows none)\n" +
			"F:" + line + ":8: deal: South has 6 cards, the others 13\n" +
			"F:" + line + ":8: deal: West has 7 cards, the others 13\n" +
			"F:" + line + ":51: deal: bad rank \"\\r\" in South's hand\n" +
			"F:" + line + ":55: deal: S9 is dealt twice (again to West)\n" +
			"F:" + line + ":55: deal: West's hand has 3 suits, not four\n" +
			"F:" + line + ":56: deal: S8 is dealt twice (again to West)\n" +
			"F:" + line + ":57: deal: S3 is dealt twice (again to West)\n" +
			"F:" + line + ":61: deal: DT is dealt twice (again to West)\n"
	}
	check := func(path, line string) {
		t.Helper()
		code, out, errs := runCLI("check", path)
		out = strings.ReplaceAll(out, path, "F")
		if code != 1 || out != faults(line) || errs != "1 file, 1 board, 8 errors, 1 warning\n" {
			t.Errorf("check %s: exit %d\n%s%s\nwant exit 1\n%s", path, code, out, errs, faults(line))
		}
	}
	check(src, "3")
	dst := filepath.Join(dir, "out.pbn")
	// convert writes the record as it was read, and says what it could not
	// read as check does
	code, out, errs := runCLI("convert", "--to", "pbn", src, "-o", dst)
	if errs = strings.ReplaceAll(errs, src, "F"); code != 0 || out != "" ||
		errs != faults("3")+"convert: read 1 file (0 failed): 1 record, 1 with errors (board 1 at F:1), 1 with warnings\n" {
		t.Fatalf("convert: exit %d\n%s%s", code, out, errs)
	}
	b, err := os.ReadFile(dst)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "\r\n"+deal+"\r\n") {
		t.Errorf("convert wrote the deal otherwise than as given:\n%q", b)
	}
	check(dst, "13")
}

// A Play tag that names no seat ("?", "", "X") before
// cards. The reader reads the play as if North led, as it says, and the
// record holds North as the leader: every command gives what it gives for
// the sample, whose board 1 North leads, and none panics; convert --to pbn
// gives the tag back as written.
func TestPlayWithNoLeader(t *testing.T) {
	t.Parallel()
	sample, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ref := writeIn(t, filepath.Join(dir, "ref"), "full_play.pbn", sample)
	for _, v := range []string{"?", "", "X"} {
		t.Run(strconv.Quote(v), func(t *testing.T) {
			tag := `[Play "` + v + `"]`
			bad := writeIn(t, filepath.Join(dir, "bad"+strconv.Itoa(len(v))+v), "full_play.pbn",
				bytes.Replace(sample, []byte(`[Play "N"]`), []byte(tag), 1))
			want := "F:24:1: play: cards, but the Play tag names no seat; read as if North led\n"
			summary := "1 file, 2 boards, 1 error, 0 warnings\n"
			if v != "" {
				want = "F:23:8: play: bad seat \"" + v + "\"\n" + want
				summary = "1 file, 2 boards, 2 errors, 0 warnings\n"
			}
			code, out, errs := runCLI("check", bad)
			if out = strings.ReplaceAll(out, bad, "F"); code != 1 || out != want || errs != summary {
				t.Errorf("check: exit %d\n%s%s\nwant exit 1\n%s%s", code, out, errs, want, summary)
			}
			pdf := filepath.Join(dir, "sheet.pdf")
			// the others say what check says, with their summary, before what
			// they say of the sample
			said := func(cmd string) string {
				return want + cmd + ": read 1 file (0 failed): 2 records, 1 with errors (board 1 at F:4), 0 with warnings\n"
			}
			for _, args := range [][]string{{"show"}, {"show", "--analyse"}, {"show", "--rotate"},
				{"sheet", "--format", "txt"}, {"sheet", "--format", "html"}, {"sheet", "--format", "pdf", "-o", pdf},
				{"convert", "--to", "lin"}, {"convert", "--to", "csv"}, {"score"}} {
				sameAsSample(t, args, bad, ref, pdf, said(args[0]))
			}
			_, pbn, _ := runCLI("convert", "--to", "pbn", ref)
			wantPBN := strings.Replace(pbn, `[Play "N"]`, tag, 1)
			code, pbn, errs = runCLI("convert", "--to", "pbn", bad)
			if errs = strings.ReplaceAll(errs, bad, "F"); code != 0 || pbn != wantPBN || errs != said("convert") {
				t.Errorf("convert --to pbn: exit %d (%s)\n%s\nwant\n%s", code, errs, pbn, wantPBN)
			}
		})
	}
}

// writeIn writes a file name in directory dir, made for it, and returns
// its path.
func writeIn(t *testing.T, dir, name string, b []byte) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// sameAsSample runs a command on the file bad and on the sample ref (of
// the same base name), and fails unless both exit 0 and print the same,
// their paths aside; out is the command's -o file, if it writes one.
func sameAsSample(t *testing.T, args []string, bad, ref, out, said string) {
	t.Helper()
	run := func(path string) (int, string, string, []byte) {
		code, stdout, stderr := runCLI(append(append([]string(nil), args...), path)...)
		var written []byte
		if len(args) > 2 && args[len(args)-2] == "-o" {
			written, _ = os.ReadFile(out)
			os.Remove(out)
		}
		return code, strings.ReplaceAll(stdout, path, "F"), strings.ReplaceAll(stderr, path, "F"), written
	}
	code, stdout, stderr, written := run(bad)
	wcode, wstdout, wstderr, wwritten := run(ref)
	if code != 0 || code != wcode || stdout != wstdout || stderr != said+wstderr || !bytes.Equal(written, wwritten) {
		t.Errorf("%v: exit %d, %d bytes out, %d written, stderr %q\nwant exit %d, %d bytes out, %d written, stderr %q",
			args, code, len(stdout), len(written), stderr, wcode, len(wstdout), len(wwritten), said+wstderr)
	}
}

// The archive: a record whose play names no leader,
// stored as this reader stores it and as the main of before stored it
// (the play's "first" empty, its tricks laid out as if North led), is
// shown, put on a sheet and exported as the sample's board is.
func TestPlayWithNoLeaderArchive(t *testing.T) {
	t.Parallel()
	sample, err := os.ReadFile("samples/full_play.pbn")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ref := writeIn(t, filepath.Join(dir, "ref"), "full_play.pbn", sample)
	bad := writeIn(t, filepath.Join(dir, "bad"), "full_play.pbn", bytes.Replace(sample, []byte(`[Play "N"]`), []byte(`[Play "?"]`), 1))
	refDB, badDB, oldDB := filepath.Join(dir, "ref.db"), filepath.Join(dir, "bad.db"), filepath.Join(dir, "old.db")
	if code, _, errs := runCLI("import", "--db", refDB, ref); code != 0 {
		t.Fatalf("import %s: exit %d: %s", ref, code, errs)
	}
	for _, db := range []string{badDB, oldDB} {
		code, _, errs := runCLI("import", "--db", db, bad)
		want := "F:23:8: play: bad seat \"?\"\nF:24:1: play: cards, but the Play tag names no seat; read as if North led\n" +
			"imported into D: 1 file (0 imported before, 0 the same as a file read above, 0 failed): 2 records, 2 new, 0 already there, 1 with errors, 0 left out, 0 with warnings\n"
		if errs = strings.ReplaceAll(strings.ReplaceAll(errs, bad, "F"), db, "D"); code != 0 || errs != want {
			t.Errorf("import: exit %d\n%s\nwant exit 0\n%s", code, errs, want)
		}
	}
	if n := storeAsBefore(t, oldDB); n != 1 {
		t.Fatalf("%d records made as stored before, want 1", n)
	}
	for _, args := range [][]string{{"show"}, {"show", "--rotate"}, {"sheet", "--format", "txt"}, {"sheet", "--format", "html"},
		{"export", "--to", "lin"}, {"export", "--to", "csv"}} {
		_, want, _ := runCLI(append(append([]string(nil), args...), "--db", refDB)...)
		for _, db := range []string{badDB, oldDB} {
			code, out, errs := runCLI(append(append([]string(nil), args...), "--db", db)...)
			if out = strings.ReplaceAll(out, bad, ref); code != 0 || out != want { // CSV names the file
				t.Errorf("%v --db %s: exit %d (%s), %d bytes, want exit 0, the %d bytes of the sample's archive", args, filepath.Base(db), code, errs, len(out), len(want))
			}
		}
	}
	// exported to PBN: the tag as written where the archive kept it; the
	// leader read (North) where the main of before lost it
	_, want, _ := runCLI("export", "--to", "pbn", "--db", refDB)
	for db, tag := range map[string]string{badDB: `[Play "?"]`, oldDB: `[Play "N"]`} {
		code, out, errs := runCLI("export", "--to", "pbn", "--db", db)
		if w := strings.Replace(want, `[Play "N"]`, tag, 1); code != 0 || out != w {
			t.Errorf("export --to pbn --db %s: exit %d (%s)\n%s\nwant\n%s", filepath.Base(db), code, errs, out, w)
		}
	}
}

// storeAsBefore makes the archive db one that handrec made before plays
// with no leader were read as led by North (an archive of schema version 8, upgraded since): the stored models
// whose play names no leader in the PBN source as that main stored them,
// the play's "first" empty, no layout. It returns how many it rewrote.
func storeAsBefore(t *testing.T, db string) int {
	t.Helper()
	n := 0
	old := legacyArchive(t, db, 8, func(blob []byte) []byte {
		js, err := io.ReadAll(flate.NewReader(bytes.NewReader(blob)))
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(js, &m); err != nil {
			t.Fatal(err)
		}
		l, _ := m["layout"].(map[string]any)
		if data, _ := l["data"].(map[string]any); data["play"] == nil {
			return blob
		}
		delete(m, "layout")
		m["play"].(map[string]any)["first"] = ""
		if js, err = json.Marshal(m); err != nil {
			t.Fatal(err)
		}
		var z bytes.Buffer
		zw, _ := flate.NewWriter(&z, flate.BestSpeed)
		zw.Write(js)
		zw.Close()
		n++
		return z.Bytes()
	})
	if code, _, errs := runCLI("upgrade", "--db", old); code != 0 {
		t.Fatalf("upgrade: exit %d: %s", code, errs)
	}
	b, err := os.ReadFile(old)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return n
}
