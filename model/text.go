package model

import (
	"errors"
	"strconv"
)

// Text forms for JSON: every enum is written as the letters a hand record uses.

func (s Seat) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Seat) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*s = NoSeat
		return nil
	}
	if len(b) == 1 {
		if v, ok := ParseSeat(b[0]); ok {
			*s = v
			return nil
		}
	}
	return errors.New("bad seat " + strconv.Quote(string(b)))
}

func (v Vul) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

func (v *Vul) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*v = NoVul
		return nil
	}
	if x, ok := ParseVul(string(b)); ok {
		*v = x
		return nil
	}
	return errors.New("bad vulnerability " + strconv.Quote(string(b)))
}

func (s Strain) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

func (s *Strain) UnmarshalText(b []byte) error {
	if x, n, ok := ParseStrain(string(b)); ok && n == len(b) {
		*s = x
		return nil
	}
	return errors.New("bad strain " + strconv.Quote(string(b)))
}

func (c Card) MarshalText() ([]byte, error) {
	if c == 0 {
		return []byte{}, nil
	}
	return []byte(c.String()), nil
}

func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = 0
		return nil
	}
	if x, ok := ParseCard(string(b)); ok {
		*c = x
		return nil
	}
	return errors.New("bad card " + strconv.Quote(string(b)))
}

var callKindNames = [...]string{"pass", "double", "redouble", "bid", "all-pass", "not-yet", "skipped", "continue", "other"}

func (k CallKind) String() string {
	if k >= 0 && int(k) < len(callKindNames) {
		return callKindNames[k]
	}
	return "?"
}

func (k CallKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

func (k *CallKind) UnmarshalText(b []byte) error {
	for i, n := range callKindNames {
		if n == string(b) {
			*k = CallKind(i)
			return nil
		}
	}
	return errors.New("bad call kind " + strconv.Quote(string(b)))
}

var cardKindNames = [...]string{"none", "played", "unknown", "next"}

func (k CardKind) String() string {
	if k >= 0 && int(k) < len(cardKindNames) {
		return cardKindNames[k]
	}
	return "?"
}

func (k CardKind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

func (k *CardKind) UnmarshalText(b []byte) error {
	for i, n := range cardKindNames {
		if n == string(b) {
			*k = CardKind(i)
			return nil
		}
	}
	return errors.New("bad card kind " + strconv.Quote(string(b)))
}
