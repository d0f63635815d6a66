package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
)

// errTimeout is the error of a page whose queries ran past the time
// limit.
var errTimeout = errors.New("the archive took too long to answer")

// limited is r with the page's time limit: every query the page runs
// shares it.
func (s *Server) limited(r *http.Request) (*http.Request, context.CancelFunc) {
	ctx, cancel := context.WithTimeout(context.WithValue(r.Context(), unlimitedKey{}, r.Context()), s.opt.QueryTimeout)
	return r.WithContext(ctx), cancel
}

// unlimitedKey holds, in a limited request's context, the context of the
// request without the limit: what waits for the solver has a limit of its
// own, and stops only when the client goes.
type unlimitedKey struct{}

func unlimited(ctx context.Context) context.Context {
	if u, ok := ctx.Value(unlimitedKey{}).(context.Context); ok {
		return u
	}
	return ctx
}

// str is a value as text; "" for NULL.
func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case []byte:
		return string(x)
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	return fmt.Sprint(v)
}

// num is an integer value; 0 and false for NULL or text that is no
// number.
func num(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case float64:
		return int64(x), x == float64(int64(x))
	case string:
		n, err := strconv.ParseInt(x, 10, 64)
		return n, err == nil
	}
	return 0, false
}

// parseID reads a record's or event's id from a path: digits only, no
// sign, no leading zero.
func parseID(s string) (int64, error) {
	n, ok := positive(s)
	if !ok {
		return 0, notFound("no record, event or match %q: an id is a positive number", s)
	}
	return n, nil
}

// positive reads a number from 1 as the viewer's ids and pages are
// written: digits only (no sign, no space), no leading zero, 18 at most;
// false for anything else.
func positive(s string) (int64, bool) {
	if s == "" || len(s) > 18 || s[0] == '0' || strings.Trim(s, "0123456789") != "" {
		return 0, false
	}
	n, err := strconv.ParseInt(s, 10, 64)
	return n, err == nil
}

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	w.Write(append(b, '\n'))
}

// apiFunc builds an answer of the JSON API.
type apiFunc func(r *http.Request) (any, error)

func (s *Server) api(fn apiFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		r, cancel := s.limited(r)
		defer cancel()
		var v any
		err := s.inRead(r, func(r *http.Request) (err error) {
			v, err = fn(r)
			return err
		})
		if err != nil {
			s.fail(w, r, err)
			return
		}
		writeJSON(w, http.StatusOK, v)
	}
}

func sprintf(format string, a ...any) string {
	if len(a) == 0 {
		return format
	}
	return fmt.Sprintf(format, a...)
}

// jsonRaw is JSON text already written, kept as it is in an answer.
func jsonRaw(b []byte) json.RawMessage { return json.RawMessage(bytes.TrimSpace(b)) }
