package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// asUnprivileged runs handrec (this test binary as the command) with
// args, as the user nobody when the tests run as root, whom permissions
// do not stop: what a folder's permissions keep out is then kept out.
// It gives the exit status, stdout and stderr.
func asUnprivileged(t *testing.T, dir string, args ...string) (int, string, string) {
	t.Helper()
	bin := os.Args[0]
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("nobody")
		if err != nil {
			t.Skip("running as root, and there is no user nobody to run handrec as")
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		// the test binary's own folder is root's alone
		bin = filepath.Join(dir, "handrec.test")
		if err := copyBinary(os.Args[0], bin); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, args...)
	cmd.Env = append(os.Environ(), "HANDREC_TEST_MAIN=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	return exitOf(t, err), out.String(), errb.String()
}

func copyBinary(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// TestUnreadableFolder: a folder under the one given that cannot be read
// is reported as an unreadable file is, in each command's way, and the
// command goes on with the other files and fails at the end (exit 1):
// import stores the files around it, check checks them.
func TestUnreadableFolder(t *testing.T) {
	t.Parallel()
	dir, err := os.MkdirTemp("", "handrec-unreadable-")
	if err != nil {
		t.Fatal(err)
	}
	in, sub := filepath.Join(dir, "in"), filepath.Join(dir, "in", "sub")
	t.Cleanup(func() { os.Chmod(sub, 0o755); os.RemoveAll(dir) })
	for _, d := range []string{sub, filepath.Join(dir, "out")} {
		if err := os.MkdirAll(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	for from, to := range map[string]string{"samples/full_play.pbn": "in/a.pbn", "samples/vugraph_match.lin": "in/z.lin", "samples/faulty_deal.pbn": "in/sub/b.pbn"} {
		copyFile(t, from, filepath.Join(dir, to))
	}
	for d, mode := range map[string]os.FileMode{dir: 0o755, in: 0o755, filepath.Join(dir, "out"): 0o777, sub: 0} {
		if err := os.Chmod(d, mode); err != nil {
			t.Fatal(err)
		}
	}
	unreadable := sub + ": open " + sub + ": permission denied\n"
	db := filepath.Join(dir, "out", "a.db")

	code, out, errs := asUnprivileged(t, dir, "import", "--db", db, in)
	want := unreadable + "imported into " + db + ": 3 files (0 imported before, 0 the same as a file read above, 1 failed): " +
		"6 records, 6 new, 0 already there, 0 with errors, 0 left out, 0 with warnings\n"
	if code != 1 || out != "" || errs != want {
		t.Errorf("import: exit %d, stdout %q, stderr\n%s\nwant 1 and\n%s", code, out, errs, want)
	}
	if code, out, _ := runCLI("query", "--db", db, "--format", "csv", "SELECT path, records FROM sources ORDER BY path"); code != 0 ||
		out != "path,records\n"+filepath.Join(in, "a.pbn")+",2\n"+filepath.Join(in, "z.lin")+",4\n" {
		t.Errorf("the archive's files: exit %d\n%s", code, out)
	}

	code, out, errs = asUnprivileged(t, dir, "check", in)
	if want := sub + ":1:1: open " + sub + ": permission denied\n"; code != 1 || out != want || errs != "3 files, 6 boards, 1 error, 0 warnings\n" {
		t.Errorf("check: exit %d, stdout %q, stderr %q; want 1, %q and 3 files, 6 boards, 1 errors", code, out, errs, want)
	}
}
