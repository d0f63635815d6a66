package model

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
)

// Format is a file format handrec reads and writes (CSV it only
// writes; TXT, the text diagram, it reads as books print it and writes as
// handrec show prints it).
type Format int8

// The formats.
const (
	NoFormat Format = iota
	PBN
	LIN
	JSON
	CSV
	// TXT is the text diagram, as books print a deal and handrec show
	// prints it.
	TXT
)

var formatNames = [...]string{"", "PBN", "LIN", "JSON", "CSV", "TXT"}

// String is the format's name: "PBN", "LIN", "JSON", "CSV", or "".
func (f Format) String() string {
	if f < 0 || int(f) >= len(formatNames) {
		return ""
	}
	return formatNames[f]
}

// ParseFormat reads a format's name, in any case.
func ParseFormat(s string) (Format, bool) {
	for i, n := range formatNames {
		if i > 0 && strings.EqualFold(s, n) {
			return Format(i), true
		}
	}
	return NoFormat, false
}

// MarshalText writes the format's name.
func (f Format) MarshalText() ([]byte, error) { return []byte(f.String()), nil }

// UnmarshalText reads a format's name; "" is no format.
func (f *Format) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*f = NoFormat
		return nil
	}
	v, ok := ParseFormat(string(b))
	if !ok {
		return fmt.Errorf("unknown format %q", b)
	}
	*f = v
	return nil
}

// Layout is what one format's reader keeps so that its writer can write a
// record back byte for byte: tag order and spelling, escapes, pauses and
// command order, line breaks. Only the format that made it reads it; every
// other part of handrec passes it along untouched, and a writer of another
// format ignores it.
//
// A layout's concrete type lives beside its format (package
// handrec/layout) and is registered with RegisterLayout, so that a
// record's layout survives JSON (the archive's stored model, and the
// "layout" object of handrec's JSON).
type Layout interface {
	Format() Format
}

// A Lossy layout says what it holds that no field of the record does, each
// a line as convert lists what it dropped ("LIN pause (pg)"): what a
// writer of another format, which reads the fields alone, cannot carry.
// The layout describes itself, so that no writer reads another format's
// layout to tell.
type Lossy interface {
	Lost() []string
}

// A Settler is a layout that, stored in an older form, may hold what is
// now the record's own (a LIN layout held the commentary that followed a
// header value): Settle hands it to r. A reader of stored layouts
// (UnmarshalLayout's callers) settles a layout once it is r's.
type Settler interface {
	Settle(r *Record)
}

// An Adopter is a layout that holds now what a record or header stored
// by an older handrec held itself (PBN's escape lines, its version line):
// Adopt takes it from the JSON stored then, and reports whether there was
// any. Record.UnmarshalJSON and Header.UnmarshalJSON give their JSON to
// their layout, or, when they have none, to a new layout of each format
// in turn, keeping the first that adopts something.
type Adopter interface {
	Adopt(old []byte) (bool, error)
}

// A layout is a record's (RegisterLayout) or a file header's
// (RegisterHeaderLayout).
type layoutLevel int8

const (
	recordLayout layoutLevel = iota
	headerLayout
)

var (
	layoutMu  sync.RWMutex
	layoutNew = [2]map[Format]func() Layout{{}, {}}
)

// RegisterLayout tells how to make an empty record layout of format f,
// for UnmarshalLayout. A format registers once, in an init function.
func RegisterLayout(f Format, newLayout func() Layout) { register(recordLayout, f, newLayout) }

// RegisterHeaderLayout tells how to make an empty header layout of format
// f (what its reader keeps of a file's header), for UnmarshalHeaderLayout.
func RegisterHeaderLayout(f Format, newLayout func() Layout) { register(headerLayout, f, newLayout) }

func register(lv layoutLevel, f Format, newLayout func() Layout) {
	layoutMu.Lock()
	defer layoutMu.Unlock()
	layoutNew[lv][f] = newLayout
}

func maker(lv layoutLevel, f Format) func() Layout {
	layoutMu.RLock()
	defer layoutMu.RUnlock()
	return layoutNew[lv][f]
}

// adopt hands b, the JSON l was read from, to l, or, when l is nil, to a
// new layout of each format in turn (Adopter).
func adopt(lv layoutLevel, l *Layout, b []byte) error {
	if *l != nil {
		if a, ok := (*l).(Adopter); ok {
			_, err := a.Adopt(b)
			return err
		}
		return nil
	}
	for f := PBN; f <= CSV; f++ {
		m := maker(lv, f)
		if m == nil {
			continue
		}
		nl := m()
		a, ok := nl.(Adopter)
		if !ok {
			continue
		}
		took, err := a.Adopt(b)
		if err != nil || took {
			*l = nl
			return err
		}
	}
	return nil
}

type layoutJSON struct {
	Format Format          `json:"format"`
	Data   json.RawMessage `json:"data"`
}

// MarshalLayout writes l as {"format": "LIN", "data": {...}}; a nil layout
// is null.
func MarshalLayout(l Layout) ([]byte, error) {
	if l == nil {
		return []byte("null"), nil
	}
	data, err := json.Marshal(l)
	if err != nil {
		return nil, err
	}
	return json.Marshal(layoutJSON{Format: l.Format(), Data: data})
}

// UnmarshalLayout reads a record's layout as MarshalLayout wrote it. null,
// or a format nobody registered, gives a nil layout: a layout is never
// needed to read a record, only to write it back as it was.
func UnmarshalLayout(b []byte) (Layout, error) { return unmarshalLayout(recordLayout, b) }

// UnmarshalHeaderLayout reads a header's layout as MarshalLayout wrote it.
func UnmarshalHeaderLayout(b []byte) (Layout, error) { return unmarshalLayout(headerLayout, b) }

func unmarshalLayout(lv layoutLevel, b []byte) (Layout, error) {
	if len(b) == 0 || string(b) == "null" {
		return nil, nil
	}
	var lj layoutJSON
	if err := json.Unmarshal(b, &lj); err != nil {
		return nil, fmt.Errorf("layout: %w", err)
	}
	newLayout := maker(lv, lj.Format)
	if newLayout == nil {
		return nil, nil
	}
	l := newLayout()
	if err := json.Unmarshal(lj.Data, l); err != nil {
		return nil, fmt.Errorf("%s layout: %w", lj.Format, err)
	}
	return l, nil
}
