package scoring

import (
	"strconv"

	"handrec/model"
)

// input is what every code needs of a record.
type input struct {
	rec      *model.Record
	code     Code
	strain   model.Strain
	level    int // 0 for a strain-only contract
	doubled  int
	declarer model.Seat
	dummy    model.Seat // the declarer's partner, or Pirate's acceptor
	pair     model.Pair // declarer and dummy
	tricks   int        // the pair's tricks
	// flip: the record's result counts the other side's tricks (its
	// declarer is not the one the code makes play)
	flip bool
	// revokes are the established revokes that cost points, in play order.
	revokes []model.Seat
	// full is set when the deal is complete, so honours can be read.
	full bool
}

// revokeLaw gives, per code, the laws that define an established revoke
// and that spare dummy.
func revokeLaw(c Code) (established, dummy string) {
	switch c {
	case Auction1915:
		return "law 83", "law 63"
	case Pirate1916:
		return "law 52", "law 52"
	case Contract:
		return "", ""
	}
	return "law 88", "law 66"
}

// prepare reads the record into in, and sets ds.Err when the record cannot
// be scored.
func prepare(r *model.Record, code Code, ds *DealScore, in *input) bool {
	*in = input{rec: r, code: code, tricks: -1}
	ds.File, ds.Board, ds.Index, ds.Code = r.File, r.Board, r.Index, code
	ds.Tricks = -1
	ds.Contract = r.Contract
	ds.Declarer = r.Declarer.String()
	if r.Contract.Kind == model.PassedOut {
		return true
	}
	if ds.Err = in.contract(); ds.Err != "" {
		return false
	}
	if ds.Err = in.seats(ds); ds.Err != "" {
		return false
	}
	var play model.PlayOutcome
	hasPlay := r.Play != nil && len(r.Play.Tricks) > 0
	if hasPlay {
		play = model.ReplayPlay(r.Deal, r.Play, in.strain)
	}
	if !in.findTricks(ds, play, hasPlay) {
		return false
	}
	if hasPlay {
		in.judgeRevokes(ds, play)
	}
	return true
}

// contract reads the contract, or says why the code cannot score it.
func (in *input) contract() string {
	c, code := in.rec.Contract, in.code
	switch c.Kind {
	case model.NoContract:
		return "no contract"
	case model.StrainOnly:
		if code == Contract || code == Auction1915 || code == Pirate1916 {
			return "contract " + c.String() + " has no level, which " + string(code) + " needs"
		}
	}
	in.strain, in.level, in.doubled = c.Strain, int(c.Level), int(c.Doubled)
	if in.doubled > 2 && !code.bridge() {
		return "contract " + c.String() + ": " + string(code) + " allows one double and one redouble"
	}
	return ""
}

// seats finds the declarer and his partner for the deal: the dummy, or in
// Pirate Bridge the acceptor the Acceptor tag names.
func (in *input) seats(ds *DealScore) string {
	r := in.rec
	in.declarer = r.Declarer
	if in.code.bridge() {
		var why string
		in.declarer, in.flip, why = bridgeDeclarer(r)
		if why != "" {
			ds.note(why)
		}
		if in.declarer.Valid() {
			ds.Declarer = in.declarer.String()
		}
	}
	if !in.declarer.Valid() {
		if in.code.bridge() {
			return "no declarer, and no dealer to play the hand (law 59)"
		}
		return "no declarer"
	}
	in.dummy = in.declarer.Partner()
	if in.code == Pirate1916 {
		if v, ok := r.Tag("Acceptor"); ok {
			s, ok := model.NoSeat, false
			if len(v) == 1 {
				s, ok = model.ParseSeat(v[0])
			}
			if !ok || s == in.declarer {
				return "acceptor " + strconv.Quote(v) + " is not a seat other than the declarer's"
			}
			in.dummy = s
		}
		ds.Acceptor = in.dummy.String()
	}
	in.pair = model.Pair{in.declarer, in.dummy}
	in.full = r.Deal.Complete()
	return ""
}

// findTricks takes the declarer's tricks from the result, else from the
// play and its claim, and notes where the two disagree.
func (in *input) findTricks(ds *DealScore, play model.PlayOutcome, hasPlay bool) bool {
	r := in.rec
	switch {
	case r.Result.Known():
		in.tricks, ds.TricksFrom = int(r.Result.Tricks), "result"
	case r.Result.Defenders >= 0 && r.Result.Defenders <= 13:
		in.tricks, ds.TricksFrom = 13-int(r.Result.Defenders), "result"
	}
	if in.flip && in.tricks >= 0 && in.tricks <= 13 {
		in.tricks = 13 - in.tricks
	}
	if hasPlay {
		if n, ok := play.PairTricks(in.pair); ok {
			from := "play"
			if play.Claim >= 0 {
				from = "claim"
			}
			if in.tricks < 0 {
				in.tricks, ds.TricksFrom = n, from
			} else if n != in.tricks {
				ds.note("the result gives " + strconv.Itoa(in.tricks) + " tricks, the " + from + " " + strconv.Itoa(n) + "; the result is used")
			}
		}
	}
	if in.tricks < 0 || in.tricks > 13 {
		ds.Err = "no result: neither the Result tag nor the play gives the tricks"
		return false
	}
	ds.Tricks = in.tricks
	return true
}

// judgeRevokes lists the play's revokes and keeps those the code
// penalises; under contract the recorded result already holds them.
func (in *input) judgeRevokes(ds *DealScore, play model.PlayOutcome) {
	if in.code == Contract {
		for _, rv := range play.Revokes {
			ds.Revokes = append(ds.Revokes, Revoke{Trick: rv.Trick, Seat: rv.Seat.String(), Marked: rv.Marked, Note: "contract: the recorded result is taken to include any revoke adjustment"})
		}
		return
	}
	est, dum := revokeLaw(in.code)
	for _, rv := range play.Revokes {
		partner := in.pair.Mate(rv.Seat)
		if !in.pair.Has(rv.Seat) {
			partner = in.pair.Other().Mate(rv.Seat)
		}
		jr := Revoke{Trick: rv.Trick, Seat: rv.Seat.String(), Marked: rv.Marked, Established: rv.Established(partner)}
		switch {
		case !jr.Established:
			jr.Note = "not established (" + est + "): corrected in time"
		case rv.Seat == in.dummy:
			jr.Note = "by dummy: no penalty (" + dum + ")"
		default:
			jr.Penalised = true
			in.revokes = append(in.revokes, rv.Seat)
		}
		ds.Revokes = append(ds.Revokes, jr)
	}
}

// revokesBy counts the penalised revokes by the seats for which in returns true.
func (in *input) revokesBy(p model.Pair) int {
	n := 0
	for _, s := range in.revokes {
		if p.Has(s) {
			n++
		}
	}
	return n
}
