package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"handrec/ddsolve"
	"handrec/model"
)

// busyService answers every deal as a solver with 16 deals waiting.
type busyService struct{}

func (busyService) Solve(context.Context, int64, *model.Record, time.Duration) (ddsolve.Result, error) {
	return ddsolve.Result{}, &ddsolve.BusyError{Waiting: 16, RetryAfter: 2500 * time.Millisecond}
}

// TestDDBusy: a board whose table waits for a busy solver is answered at
// once: the API with 503 and Retry-After, the page
// with the board and a note; ?dd=0 is not asked to wait.
func TestDDBusy(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{DDTimeout: time.Hour})
		s.dd = busyService{}
		w := get(t, s, "/api/board/46")
		var compact bytes.Buffer
		json.Compact(&compact, w.Body.Bytes())
		want := `{"error":"the double-dummy solver is busy: 16 deals are waiting to be solved; ask again in 3 s, ` +
			`or with dd=0 for the board without its table","status":503}`
		if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") != "3" || compact.String() != want {
			t.Errorf("api: %d, Retry-After %q, %s\nwant 503, 3, %s", w.Code, w.Header().Get("Retry-After"), compact.String(), want)
		}
		if w := get(t, s, "/api/board/46?dd=0"); w.Code != 200 || w.Header().Get("Retry-After") != "" {
			t.Errorf("api with dd=0: %d %q", w.Code, w.Header().Get("Retry-After"))
		}
		w = get(t, s, "/board/46")
		note := "the double-dummy solver is busy (16 deals are waiting); reload the page in 3 s to see the table"
		if w.Code != 200 || !strings.Contains(w.Body.String(), note) || w.Header().Get("Retry-After") != "" {
			t.Errorf("page: %d, Retry-After %q, note %v", w.Code, w.Header().Get("Retry-After"), strings.Contains(w.Body.String(), note))
		}
	})
}

// TestDDNotADeal: the viewer solves no deal with a card dealt twice, and
// says why.
func TestDDNotADeal(t *testing.T) {
	onEngines(t, func(t *testing.T, eng string) {
		s := newTestServer(t, eng, Options{DDTimeout: time.Hour})
		var id int64
		err := s.named(context.Background(), "SELECT id FROM records WHERE file LIKE '%faulty_deal.pbn' AND board = '2'", nil, func(v namedRow) error {
			id = v.int("id")
			return nil
		})
		if err != nil || id == 0 {
			t.Fatalf("no board 2 of faulty_deal.pbn: %v", err)
		}
		var board struct {
			Extra struct {
				DD *ddView `json:"dd"`
			} `json:"extra"`
		}
		w := get(t, s, "/api/board/"+strconv.FormatInt(id, 10))
		if err := json.Unmarshal(w.Body.Bytes(), &board); err != nil {
			t.Fatalf("%v\n%s", err, w.Body.String())
		}
		want := "no double-dummy table: deal cannot be solved: SK is dealt twice, S3 to no one"
		if dd := board.Extra.DD; w.Code != 200 || dd == nil || dd.Note != want || dd.From != "" {
			t.Errorf("%d %+v, want the note %q", w.Code, dd, want)
		}
		if st := s.dd.(*ddsolve.Service).Stats(); st.Solved != 0 {
			t.Errorf("the service solved %d deals", st.Solved)
		}
	})
}
