package pipeline

import (
	"handrec/ddsolve"
	"handrec/model"
)

// WithDD is src with a double-dummy table and par added to each record
// that has none (ddsolve.Add), solved on opt.Jobs goroutines and given in
// order.
func WithDD(src Source, opt ddsolve.Options) Source {
	return func(fn func(*model.Record) error) error {
		q := ddsolve.NewQueue(opt, func(r *model.Record, res *ddsolve.Result) error { return fn(ddsolve.Add(r, res)) })
		err := src(func(r *model.Record) error { return q.Put(r, ddsolve.Needed(r)) })
		if cerr := q.Close(); err == nil {
			err = cerr
		}
		return err
	}
}
