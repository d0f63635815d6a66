package pgtest

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"
)

func TestMain(m *testing.M) {
	code := m.Run()
	Stop()
	os.Exit(code)
}

// Each URL is a database of its own on a server that answers.
func TestURL(t *testing.T) {
	ctx := context.Background()
	var names []string
	for range 2 {
		conn, err := pgx.Connect(ctx, URL(t))
		if err != nil {
			t.Fatal(err)
		}
		var name string
		if err := conn.QueryRow(ctx, "SELECT current_database()").Scan(&name); err != nil {
			t.Fatal(err)
		}
		conn.Close(ctx)
		names = append(names, name)
	}
	if names[0] != "t1" || names[1] != "t2" {
		t.Errorf("databases %q, want t1 and t2", names)
	}
}
