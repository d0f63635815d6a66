package model

import (
	"fmt"
	"strconv"
	"testing"
)

// A par contract reads as BridgeComposer writes it and is written back as
// read; one written otherwise reads, or not, as the table says.
func TestParseParContracts(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"NS 4H=": "NS 4H=", "NS 4H=; NS 4S=": "NS 4H=; NS 4S=", "EW 5DX-1": "EW 5DX-1", "S 6N=": "S 6N=",
		"NS 4S+1": "NS 4S+1", "NS 2C+1; NS 2D+1; NS 2H=": "NS 2C+1; NS 2D+1; NS 2H=", "W 7NXX-13": "W 7NXX-13",
		"EW 5DX-1;NS 4S+1": "EW 5DX-1; NS 4S+1", "NS 3NT=": "NS 3N=",
		"": "!", "Pass": "!", "NS": "!", "NS 8H=": "!", "NS 0H=": "!", "NS 4H": "!", "NS 4H+0": "!", "NS 4H-14": "!",
		"ns 4H=": "!", "s 4H=": "!", "NS 4h=": "!", "NS 4HXXX=": "!", "NS 4H=;": "!", " 4H=": "!", "NE 4H=": "!",
		"NS 4H++1": "!", "NS 4H+-1": "!",
	} {
		t.Run(strconv.Quote(in), func(t *testing.T) {
			cs, ok := ParseParContracts(in)
			got := cs.String()
			if !ok {
				got = "!"
			}
			if got != want {
				t.Errorf("ParseParContracts(%q) = %q, want %q", in, got, want)
			}
		})
	}
	c, _ := ParseParContract("EW 5DX-1")
	if c != (ParContract{Declarer: NoSeat, Side: EW, Level: 5, Strain: StrainDiamonds, Doubled: 1, Result: -1}) {
		t.Errorf("EW 5DX-1: %+v", c)
	}
}

// A par turns with the seats: a side and the score's side when the seats
// turn an odd number of places, a seat by the places turned.
func TestParTurned(t *testing.T) {
	t.Parallel()
	r := NewRecord()
	r.SetFact(FactOptimumScore, "NS 620")
	r.SetFact(FactParContract, "NS 4H=; S 6N=")
	for k, want := range map[int]string{0: "NS 620 NS 4H=; S 6N=", 1: "EW 620 EW 4H=; W 6N=",
		2: "NS 620 NS 4H=; N 6N=", 3: "EW 620 EW 4H=; E 6N=", 4: "NS 620 NS 4H=; S 6N="} {
		t.Run(fmt.Sprintf("turned %d", k), func(t *testing.T) {
			p := r.Par.Turned(k)
			if got := p.Score.String() + " " + p.Contracts.String(); got != want {
				t.Errorf("turned %d: %q, want %q", k, got, want)
			}
		})
	}
	if got := r.Par.Contracts.String(); got != "NS 4H=; S 6N=" {
		t.Errorf("Turned changed the par it was given: %q", got)
	}
	r.SetFact(FactParContract, "NS 4H=;NS 4S=")
	if v, _ := r.FactValue(FactParContract); v != "NS 4H=;NS 4S=" || r.Par.Contracts.String() != "NS 4H=; NS 4S=" {
		t.Errorf("as given %q, field %q", v, r.Par.Contracts)
	}
}
