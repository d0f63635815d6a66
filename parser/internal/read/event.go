package read

import "handrec/model"

// InternEvent gives rec the event of the record before it, prev, when the
// two name the same event, so that the records of one event share one
// *model.Event; it returns the event the next record compares with.
func InternEvent(prev *model.Event, rec *model.Record) *model.Event {
	if prev != nil && rec.Event != nil && *prev == *rec.Event {
		rec.Event = prev
	}
	return rec.Event
}
