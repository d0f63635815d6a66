package cli

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Odd input: each odd input through check, with its exact report and
// exit code.
func TestCheckOddInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	deal := `[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]`
	lin := "pn|a,b,c,d|md|1SAKQJHAKQDAKQCAKQ,ST987HJT9DJT9CJT9,S65H8765D876C8765,S432H432D5432C432|ah|Board 1|mb|p|mb|p|mb|p|mb|p|pg||\n"
	cases := []struct {
		name, file, src string
		args            []string
		code            int
		out, summary    string
	}{
		{name: "CR-only lines", file: "mac.pbn", src: "[Board \"1\"]\r" + deal + "\r\r[Board \"2\"]\r" + deal + "\r",
			summary: "1 file, 2 boards, 0 errors, 0 warnings"},
		{name: "BOM in LIN", file: "bom.lin", src: "\ufeff" + lin,
			summary: "1 file, 1 board, 0 errors, 0 warnings"},
		{name: "BOM in JSON", file: "bom.json", src: "\ufeff" + `{"records":[{"board":1}]}`,
			summary: "1 file, 1 board, 0 errors, 0 warnings"},
		{name: "a text file", file: "list.txt", src: "eggs\nmilk\n", code: 1,
			out:     "list.txt:1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram\n",
			summary: "1 file, 0 boards, 1 error, 0 warnings"},
		{name: "NUL bytes", file: "x.pbn", src: "\x00\x01\x02", code: 1,
			out:     "x.pbn:1:1: no hand record found: a NUL byte, so not a text file (PBN, LIN, JSON or a deal diagram)\n",
			summary: "1 file, 0 boards, 1 error, 0 warnings"},
		{name: "a bad Deal value", file: "d.pbn", args: []string{"--all"}, src: "[Board \"1\"]\n[Deal \"N:" + strings.Repeat("?", 300) + "\"]\n", code: 1,
			out: "d.pbn:2:8: deal: no cards\n" + badRanks(10, 19) +
				"d.pbn:2:20: deal: and 292 more faults in this value\n" +
				"d.pbn:2:255: warning: line longer than the 255 bytes PBN allows, its end included (2.3)\n",
			summary: "1 file, 1 board, 12 errors, 1 warning"},
		{name: "a line past the limit", file: "long.pbn", src: "[Board \"1\"]\n\n[Board \"2\"]\n{" + strings.Repeat("x", 9<<20), code: 1,
			out:     "long.pbn:4:1: line longer than 8 MiB, the most one line may hold; the rest of the file is not read\n",
			summary: "1 file, 1 board, 1 error, 0 warnings"},
		{name: "mixed encodings", file: "m.pbn", src: "[Event \"Bj\xc3\xb8rn\"]\n[Site \"Malm\xf6\"]\n",
			out:     "m.pbn:2:12: warning: mixed encodings: this byte is not UTF-8, yet the game holds UTF-8 text; the whole game is read as Latin-1\n",
			summary: "1 file, 1 board, 0 errors, 1 warning"},
		{name: "mixed encodings, strict", file: "m.pbn", args: []string{"--strict"}, code: 1,
			out:     "m.pbn:2:12: warning: mixed encodings: this byte is not UTF-8, yet the game holds UTF-8 text; the whole game is read as Latin-1\n",
			summary: "1 file, 1 board, 0 errors, 1 warning"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(dir, c.file)
			if c.src != "" {
				if err := os.WriteFile(path, []byte(c.src), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			code, out, errs := runCLI(append(append([]string{"check"}, c.args...), path)...)
			out = strings.ReplaceAll(out, dir+string(filepath.Separator), "")
			if code != c.code || out != c.out || errs != c.summary+"\n" {
				t.Errorf("exit %d\n%s%s\nwant exit %d\n%s%s", code, out, errs, c.code, c.out, c.summary)
			}
		})
	}
}

// /dev/zero is refused at once, not read for ever.
func TestCheckDevZero(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	code, out, errs := runCLI("check", "/dev/zero")
	if code != 1 || out != "/dev/zero:1:1: no hand record found: a NUL byte, so not a text file (PBN, LIN, JSON or a deal diagram)\n" ||
		errs != "1 file, 0 boards, 1 error, 0 warnings\n" {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

// badRanks is check's report of "?" at columns from to to of line 2 of d.pbn.
func badRanks(from, to int) string {
	var b strings.Builder
	for c := from; c <= to; c++ {
		b.WriteString("d.pbn:2:" + strconv.Itoa(c) + ": deal: bad rank \"?\" in North's hand\n")
	}
	return b.String()
}

// import: a file with CR-only lines is read, not recorded as 0 boards; a
// file that is no hand record fails each time, not "imported before";
// /dev/zero is refused, not hashed for ever.
func TestImportOddInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	db := filepath.Join(dir, "a.db")
	mac, txt := filepath.Join(dir, "mac.pbn"), filepath.Join(dir, "list.txt")
	deal := `[Deal "N:QT65.K7642.AT7.J 932.JT5.Q932.875 J874.AQ983..KT64 AK..KJ8654.AQ932"]`
	os.WriteFile(mac, []byte("[Board \"1\"]\r[Dealer \"N\"]\r[Vulnerable \"None\"]\r"+deal+"\r"), 0o644)
	os.WriteFile(txt, []byte("eggs\n"), 0o644)
	code, out, errs := runCLI("import", "--db", db, mac)
	if want := "imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 0 failed): 1 record, 1 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"; code != 0 || out != "" || errs != want {
		t.Errorf("CR-only: exit %d, %q %q; want %q", code, out, errs, want)
	}
	for i := 0; i < 2; i++ {
		code, out, errs = runCLI("import", "--db", db, txt)
		want := txt + ":1:1: no hand record found: the file is not PBN, LIN, JSON or a deal diagram\n" +
			"imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 1 failed): 0 records, 0 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
		if code != 1 || out != "" || errs != want {
			t.Errorf("text, import %d: exit %d, %q %q; want %q", i+1, code, out, errs, want)
		}
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		code, out, errs = runCLI("import", "--db", db, "/dev/zero")
		want := "/dev/zero: a device, not a file: import reads a file whole, for its hash, before its records\n" +
			"imported into " + db + ": 1 file (0 imported before, 0 the same as a file read above, 1 failed): 0 records, 0 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
		if code != 1 || out != "" || errs != want {
			t.Errorf("/dev/zero: exit %d, %q %q; want %q", code, out, errs, want)
		}
	}
}
