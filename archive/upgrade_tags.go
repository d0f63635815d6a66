package archive

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"strings"

	"handrec/internal/legacy"
)

// upgradeTags stores the tags of every game in their compact form (schema
// version 15), from their older form ([[name, value, section], ...]) and
// the game's columns as stored: what the tags view lists does not change.
// A game whose tags an earlier Go step stored anew has them in the new
// form already.
func upgradeTags(ctx context.Context, tx *sql.Tx) error {
	codes, err := readTagCodes(ctx, tx)
	if err != nil {
		return err
	}
	cols := []string{"board", "dealer", "vul", "deal", "declarer", "contract", "result", "room", "date", "scoring",
		"north", "east", "south", "west", "score", "score_imp", "score_mp"}
	query := "SELECT g.id, g.tags, g." + strings.Join(cols, ", g.") + ", e.name, e.site, e.date FROM game g LEFT JOIN event e ON e.id = g.event_id" +
		" WHERE g.id > ? AND g.tags LIKE '[[%' ORDER BY g.id LIMIT ?"
	cols = append(cols, "event.name", "event.site", "event.date")
	var buf bytes.Buffer
	je := json.NewEncoder(&buf)
	je.SetEscapeHTML(false)
	for last := int64(0); ; {
		games, err := readOldTags(ctx, tx, query, last, len(cols))
		if err != nil || len(games) == 0 {
			return err
		}
		for _, g := range games {
			column := func(c string) any {
				for i := range cols {
					if cols[i] == c {
						return g.vals[i]
					}
				}
				return nil
			}
			js, err := compactTags(&buf, je, g.tags, codes, column)
			if err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, "UPDATE game SET tags = ? WHERE id = ?", js, g.id); err != nil {
				return err
			}
		}
		last = games[len(games)-1].id
	}
}

type oldTags struct {
	id   int64
	tags []tagEntry
	vals []any
}

// readOldTags reads the next games after id last whose tags have the
// older form, with the values of n columns.
func readOldTags(ctx context.Context, tx *sql.Tx, query string, last int64, n int) ([]oldTags, error) {
	rows, err := tx.QueryContext(ctx, query, last, upgradeBatch)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var games []oldTags
	for rows.Next() {
		g := oldTags{vals: make([]any, n)}
		var js string
		dst := []any{&g.id, &js}
		for i := range g.vals {
			dst = append(dst, &g.vals[i])
		}
		if err := rows.Scan(dst...); err != nil {
			return nil, err
		}
		old, err := legacy.Tags(js)
		if err != nil {
			return nil, fmt.Errorf("game %d: tags: %w", g.id, err)
		}
		for _, t := range old {
			g.tags = append(g.tags, tagEntry{t.Name, t.Value, t.Section})
		}
		games = append(games, g)
	}
	return games, rows.Err()
}
