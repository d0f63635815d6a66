package cli

import (
	"net/http"
	"path/filepath"
	"strings"
	"testing"
)

// TestServePublic: an address that is not a loopback one is served only
// with --public and the names clients use, and requests for other names
// are refused there too (421); --addr and --public that cannot be read
// are usage errors.
func TestServePublic(t *testing.T) {
	t.Parallel()
	db := filepath.Join(t.TempDir(), "a.db")
	if code, _, errs := runCLI("import", "--db", db, "samples/full_play.pbn"); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errs)
	}
	const hint = " is not a loopback address: whoever reaches it can read the archive; to serve there, give --public HOST " +
		"with each name clients reach this machine by (handrec serve --addr "
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--addr", "0.0.0.0:0"}, "handrec: serve: 0.0.0.0:0" + hint + "0.0.0.0:0 --public bridge.example.org)\nTry: handrec --help\n"},
		{[]string{"--addr", ":8080"}, "handrec: serve: :8080" + hint + ":8080 --public bridge.example.org)\nTry: handrec --help\n"},
		{[]string{"--addr", "[::]:0"}, "handrec: serve: [::]:0" + hint + "[::]:0 --public bridge.example.org)\nTry: handrec --help\n"},
		{[]string{"--addr", "8080"}, "handrec: serve: --addr \"8080\": give HOST:PORT, such as 127.0.0.1:8080\nTry: handrec --help\n"},
		{[]string{"--addr", "0.0.0.0:0", "--public", "http://x/"}, "handrec: serve: --public \"http://x/\": give a host name or address, such as bridge.example.org\nTry: handrec --help\n"},
	} {
		code, out, errs := runCLI(append([]string{"serve", "--db", db}, c.args...)...)
		if code != 2 || out != "" || errs != c.err {
			t.Errorf("serve %q: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.err)
		}
	}

	said, addr := startServe(t, "--db", db, "--addr", "0.0.0.0:0", "--public", "bridge.example.org")
	port := addr[strings.LastIndex(addr, ":"):]
	if want := "handrec: serve: " + addr + " is not a loopback address: whoever reaches it can read the archive (requests for bridge.example.org are answered)\n"; len(said) != 1 || said[0] != want {
		t.Errorf("serve said %q, want %q", said, want)
	}
	for _, c := range []struct {
		host string
		code int
	}{{"bridge.example.org" + port, 200}, {"localhost" + port, 200}, {"evil.example" + port, 421}, {"0.0.0.0" + port, 421}} {
		req, _ := http.NewRequest("GET", "http://127.0.0.1"+port+"/board/1", nil)
		req.Host = c.host
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != c.code {
			t.Errorf("Host %s: %d, want %d", c.host, resp.StatusCode, c.code)
		}
	}
}
