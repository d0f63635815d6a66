// Package pgtest starts a throwaway PostgreSQL server for tests: initdb
// into a temporary directory, pg_ctl start on 127.0.0.1 at a free port (as
// the postgres user when the tests run as root, which initdb refuses),
// and a database of its own for each test that asks. A package's TestMain
// calls Stop after m.Run. Without the server's binaries (Debian's
// postgresql package) the tests that ask skip, saying why.
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	neturl "net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Password is the superuser's password: the server asks for it on TCP,
// so that a test can give a wrong one.
const Password = "handrec-test"

var (
	mu      sync.Mutex
	srv     *server
	srvErr  error
	started bool
	nextDB  int
)

type server struct {
	bin, dir string // dir holds the cluster (dir/data), its log and its socket
	port     int
	asUser   *user.User // the user the server runs as, nil for the current one
	opts     string     // the server's options (pg_ctl -o)
}

// URL gives the URL of a new, empty database on the shared server,
// starting the server at the first call; it skips t when the server
// cannot be started for want of its binaries, and fails it for any other
// reason.
func URL(t testing.TB) string {
	t.Helper()
	s, err := shared()
	var skip *skipError
	if errors.As(err, &skip) {
		t.Skip(skip.why)
	}
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return s.newDB(t)
}

// newDB makes a new, empty database on s and gives its URL.
func (s *server) newDB(t testing.TB) string {
	t.Helper()
	mu.Lock()
	nextDB++
	name := fmt.Sprintf("t%d", nextDB)
	mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, s.url("postgres"))
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	return s.url(name)
}

// Reader gives the URL of the database url names (one URL gave) as a
// login role of its own, reader_DB, that is no superuser: it may read
// what the superuser makes in the schema public, now or later (default
// privileges), and nothing else the server keeps from ordinary roles.
// Asked again for the same database, it grants again what is there now.
func Reader(t testing.TB, url string) string {
	t.Helper()
	u, err := neturl.Parse(url)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	db := strings.TrimPrefix(u.Path, "/")
	role := "reader_" + db
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	defer conn.Close(ctx)
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1)", role).Scan(&exists); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	for _, q := range []string{
		"CREATE ROLE " + role + " LOGIN PASSWORD '" + Password + "'",
		"GRANT CONNECT ON DATABASE " + db + " TO " + role,
		"GRANT USAGE ON SCHEMA public TO " + role,
		"GRANT SELECT ON ALL TABLES IN SCHEMA public TO " + role,
		"ALTER DEFAULT PRIVILEGES FOR ROLE postgres IN SCHEMA public GRANT SELECT ON TABLES TO " + role,
	} {
		if exists && strings.HasPrefix(q, "CREATE ROLE") {
			continue // asked again: the grants are made again
		}
		if _, err := conn.Exec(ctx, q); err != nil {
			t.Fatalf("pgtest: %s: %v", q, err)
		}
	}
	u.User = neturl.UserPassword(role, Password)
	return u.String()
}

// Port is the shared server's port, 0 when it is not running.
func Port() int {
	mu.Lock()
	defer mu.Unlock()
	if srv == nil {
		return 0
	}
	return srv.port
}

func (s *server) url(db string) string {
	return fmt.Sprintf("postgres://postgres:%s@127.0.0.1:%d/%s?sslmode=disable", Password, s.port, db)
}

type skipError struct{ why string }

func (e *skipError) Error() string { return e.why }

func shared() (*server, error) {
	mu.Lock()
	defer mu.Unlock()
	if !started {
		started = true
		srv, srvErr = start()
	}
	return srv, srvErr
}

// Stop stops the shared server, if one was started, and removes its
// files.
func Stop() {
	mu.Lock()
	defer mu.Unlock()
	if srv == nil {
		return
	}
	_ = srv.run("pg_ctl", "-D", filepath.Join(srv.dir, "data"), "-m", "immediate", "-w", "stop")
	os.RemoveAll(srv.dir)
	srv = nil
}

// binDir finds initdb and pg_ctl: on the PATH, else in Debian's
// /usr/lib/postgresql/VERSION/bin (the newest).
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		return filepath.Dir(p), nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool {
		vi, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[i])))
		vj, _ := strconv.Atoi(filepath.Base(filepath.Dir(dirs[j])))
		return vi > vj
	})
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	return "", &skipError{"PostgreSQL not installed (no initdb on the PATH nor in /usr/lib/postgresql/*/bin): apt-get install postgresql"}
}

// Server is a throwaway server of a test's own, for what the shared one
// must not go through: a crash.
type Server struct{ s *server }

// NewServer starts a server of t's own, with settings (name=value) added
// to the shared server's, and stops it and removes its files when t ends;
// it skips t without the server's binaries, as URL does.
func NewServer(t testing.TB, settings ...string) *Server {
	t.Helper()
	s, err := start(settings...)
	var skip *skipError
	if errors.As(err, &skip) {
		t.Skip(skip.why)
	}
	if err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	t.Cleanup(func() {
		_ = s.run("pg_ctl", "-D", filepath.Join(s.dir, "data"), "-m", "immediate", "-w", "stop")
		os.RemoveAll(s.dir)
	})
	return &Server{s}
}

// URL gives the URL of a new, empty database on the server.
func (s *Server) URL(t testing.TB) string {
	t.Helper()
	return s.s.newDB(t)
}

// Crash stops the server as a crash would (pg_ctl stop -m immediate: no
// checkpoint, what was not written out is lost) and starts it again on
// the same port, which recovers from what its log holds.
func (s *Server) Crash(t testing.TB) {
	t.Helper()
	data := filepath.Join(s.s.dir, "data")
	if err := s.s.run("pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	if err := s.s.run("pg_ctl", "-D", data, "-o", s.s.opts, "-l", filepath.Join(s.s.dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.s.dir, "log"))
		t.Fatalf("pgtest: %v\n%s", err, log)
	}
}

func start(settings ...string) (*server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	s := &server{bin: bin}
	if os.Geteuid() == 0 {
		if s.asUser, err = user.Lookup("postgres"); err != nil {
			return nil, &skipError{"running as root, and there is no postgres user to run PostgreSQL as"}
		}
	}
	if s.dir, err = os.MkdirTemp("", "handrec-pg-"); err != nil {
		return nil, err
	}
	if err := s.own(s.dir); err != nil {
		return nil, err
	}
	pw := filepath.Join(s.dir, "pw")
	if err := os.WriteFile(pw, []byte(Password+"\n"), 0o600); err != nil {
		return nil, err
	}
	if err := s.own(pw); err != nil {
		return nil, err
	}
	data := filepath.Join(s.dir, "data")
	if err := s.run("initdb", "-D", data, "-U", "postgres", "--pwfile", pw, "--auth-local=trust",
		"--auth-host=scram-sha-256", "-E", "UTF8", "--locale=C"); err != nil {
		os.RemoveAll(s.dir)
		return nil, err
	}
	if s.port, err = freePort(); err != nil {
		return nil, err
	}
	s.opts = fmt.Sprintf("-c listen_addresses=127.0.0.1 -p %d -k %s -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=50",
		s.port, s.dir)
	for _, set := range settings {
		s.opts += " -c " + set
	}
	if err := s.run("pg_ctl", "-D", data, "-o", s.opts, "-l", filepath.Join(s.dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(s.dir, "log"))
		os.RemoveAll(s.dir)
		return nil, fmt.Errorf("%v\n%s", err, log)
	}
	return s, nil
}

// run runs one of the server's programs, as the postgres user when root.
func (s *server) run(prog string, args ...string) error {
	path := filepath.Join(s.bin, prog)
	var cmd *exec.Cmd
	if s.asUser != nil {
		cmd = exec.Command("runuser", append([]string{"-u", "postgres", "--", path}, args...)...)
	} else {
		cmd = exec.Command(path, args...)
	}
	cmd.Dir = os.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s %s: %v: %s", prog, strings.Join(args, " "), err, out)
	}
	return nil
}

// own gives path to the user the server runs as.
func (s *server) own(path string) error {
	if s.asUser == nil {
		return nil
	}
	uid, _ := strconv.Atoi(s.asUser.Uid)
	gid, _ := strconv.Atoi(s.asUser.Gid)
	return os.Chown(path, uid, gid)
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
