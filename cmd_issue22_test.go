package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Issue 22, point 4: a Deal holding a stray CR is read with its faults;
// convert --to pbn writes the value as given, byte for byte, so that the
// file reads back with the same faults and no new one, and says nothing
// was dropped.
func TestConvertKeepsStrayCR(t *testing.T) {
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
		if code != 1 || out != faults(line) || errs != "1 files, 1 boards, 8 errors, 1 warnings\n" {
			t.Errorf("check %s: exit %d\n%s%s\nwant exit 1\n%s", path, code, out, errs, faults(line))
		}
	}
	check(src, "3")
	dst := filepath.Join(dir, "out.pbn")
	code, out, errs := runCLI("convert", "--to", "pbn", src, "-o", dst)
	if code != 0 || out != "" || errs != "" {
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
