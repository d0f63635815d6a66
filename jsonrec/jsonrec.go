package jsonrec

import (
	"encoding/json"

	"handrec/model"
)

// Version is the version of the JSON this package writes: the value of
// the document's "handrec" key.
const Version = 2

// Header is the start of a document: {"handrec": 2, "source": ...}.
type Header struct {
	Handrec    int       `json:"handrec"`
	Source     *Source   `json:"source,omitempty"`
	Directives []string  `json:"directives,omitempty"`
	Comments   []Comment `json:"comments,omitempty"`
	// Tags are a PBN header block's: "##" tags every record inherits
	// (each record holds them too), their values without the "##".
	Tags []Tag `json:"tags,omitempty"`
	// Semicolons are the comments that were written ";" (PBN's header
	// layout), by their index among Comments; a comment not listed was
	// written in braces.
	Semicolons []int `json:"semicolons,omitempty"`
}

// Source says where a document came from.
type Source struct {
	Format   model.Format `json:"format,omitempty"`
	Encoding string       `json:"encoding,omitempty"`
	// Version is the PBN version of a "% PBN x.y" line; Export is true
	// when the file declared "% EXPORT".
	Version string `json:"version,omitempty"`
	Export  bool   `json:"export,omitempty"`
}

// Trailer is what followed the last record.
type Trailer struct {
	Directives []string  `json:"trailer,omitempty"`
	Comments   []Comment `json:"trailer_comments,omitempty"`
	// Semicolons are the trailer's comments written ";", by their index.
	Semicolons []int `json:"trailer_semicolons,omitempty"`
}

// Comment is commentary: its text. At anchors a record's comment: "start"
// (before everything), "auction" or "play" (after that section's tag),
// or a tag's name (after that tag). How a format wrote a comment is that
// format's layout (a record's "layout": PBN's "semicolons").
type Comment struct {
	At   string `json:"at,omitempty"`
	Text string `json:"text"`
	// Kind is how JSON 2 said a comment was written before the layouts
	// held it ("brace", "semicolon", handrec 1's "line", "text"): read,
	// never written; the reader moves it into the layout.
	Kind string `json:"kind,omitempty"`
}

// Event names the event a record was played in.
type Event struct {
	Name *string `json:"name,omitempty"`
	Site *string `json:"site,omitempty"`
	Date *string `json:"date,omitempty"`
}

// Players are the names at the four seats, present where the source gives
// one (an empty name is "").
type Players struct {
	N *string `json:"N,omitempty"`
	E *string `json:"E,omitempty"`
	S *string `json:"S,omitempty"`
	W *string `json:"W,omitempty"`
}

func (p *Players) seat(s model.Seat) **string {
	return [...]**string{&p.N, &p.E, &p.S, &p.W}[s]
}

// Call is one call: "1C", "5NT", "Pass", "X", "XX", "AP" (all pass), "-"
// (not this column's turn yet), "^S" (skipped), "+" (still to come), or a
// token as written that is none of these.
type Call struct {
	Call         string `json:"call"`
	Alert        bool   `json:"alert,omitempty"`
	Explanation  string `json:"explanation,omitempty"`
	Insufficient bool   `json:"insufficient,omitempty"`
	Annotations
}

// Annotations are what may follow a call or a card.
type Annotations struct {
	Note     int       `json:"note,omitempty"`
	NAGs     []int     `json:"nags,omitempty"`
	Comments []Comment `json:"comments,omitempty"`
}

// Note is a numbered note of the auction or the play.
type Note struct {
	Index    int       `json:"index"`
	Text     string    `json:"text"`
	Comments []Comment `json:"comments,omitempty"`
}

// Auction is the calls from First, which is the dealer unless the source
// says otherwise.
type Auction struct {
	First    model.Seat `json:"first"`
	Calls    []Call     `json:"calls"`
	Star     bool       `json:"star,omitempty"`
	Notes    []Note     `json:"notes,omitempty"`
	Comments []Comment  `json:"comments,omitempty"`
}

// Play is the cards played. Each trick lists four cards in seat order from
// Leader (the opening leader), as PBN's play section does: "SA", "-" for a
// card not known, "+" for the card still to come, "" for none (the play
// stopped). Marks holds the annotations and irregularities of single cards.
type Play struct {
	Leader   model.Seat  `json:"leader"`
	Tricks   [][4]string `json:"tricks"`
	Marks    []CardMark  `json:"marks,omitempty"`
	Star     bool        `json:"star,omitempty"`
	Claim    *int        `json:"claim,omitempty"` // declarer's total tricks claimed
	Notes    []Note      `json:"notes,omitempty"`
	Comments []Comment   `json:"comments,omitempty"`
}

// CardMark annotates the card a seat played to a trick (1-based).
type CardMark struct {
	Trick         int        `json:"trick"`
	Seat          model.Seat `json:"seat"`
	Revoke        bool       `json:"revoke,omitempty"`
	LeadOutOfTurn bool       `json:"lead_out_of_turn,omitempty"`
	Annotations
}

// Result qualifies "tricks" where the source says more than the declarer's
// tricks: the defenders' count when it does not follow, or "^" (the
// players agreed on a number of tricks other than those won).
type Result struct {
	Defenders *int `json:"defenders,omitempty"`
	Irregular bool `json:"irregular,omitempty"`
}

// Par is the par of the deal as the source states it: its score (PBN's
// OptimumScore: "NS 620", "EW -100") and its contracts (BridgeComposer's
// ParContract, one a string: "NS 4H=", "EW 5DX-1", "S 6N="). A value
// the record cannot hold as written stands among the tags instead, as
// given.
type Par struct {
	Score     string   `json:"score,omitempty"`
	Contracts []string `json:"contracts,omitempty"`
}

// Tag is a tag the record holds beyond the facts above, as read.
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
	// Unread marks the first Board, Dealer, Vulnerable, Deal, Declarer,
	// Contract or Result tag when its value could not be read whole: it
	// stands here as written, and is what a writer writes.
	Unread   bool      `json:"unread,omitempty"`
	Comments []Comment `json:"comments,omitempty"`
}

// Table is a supplemental section: a table (columns and rows) or, for one
// that is not a table, its tokens.
type Table struct {
	Name string `json:"name,omitempty"`
	// A table the record holds as data: one of these, and no name, value,
	// columns or rows.
	DD        DD         `json:"dd,omitempty"`
	Traveller *Traveller `json:"traveller,omitempty"`
	Standings *Standings `json:"standings,omitempty"`

	Value    string     `json:"value,omitempty"`
	Columns  []string   `json:"columns,omitempty"`
	Rows     [][]string `json:"rows,omitempty"`
	Tokens   []string   `json:"tokens,omitempty"`
	Comments []Comment  `json:"comments,omitempty"`
	// TagComments follow the section's tag, before its data.
	TagComments []Comment `json:"tag_comments,omitempty"`
}

// Problem is something wrong with the record, at a line and column of its
// source.
type Problem struct {
	Line     int            `json:"line"`
	Col      int            `json:"col"`
	Severity model.Severity `json:"severity"`
	Message  string         `json:"message"`
}

// RecordSource says where a record was read.
type RecordSource struct {
	File  string `json:"file,omitempty"`
	Index int    `json:"index,omitempty"`
	Line  int    `json:"line,omitempty"`
	Col   int    `json:"col,omitempty"`
}

// Record is one record, bridge first.
type Record struct {
	Board        int          `json:"board,omitempty"`
	Event        *Event       `json:"event,omitempty"`
	Room         model.Room   `json:"room,omitempty"`
	Match        *model.Match `json:"match,omitempty"`
	Dealer       string       `json:"dealer,omitempty"`
	Vul          string       `json:"vul,omitempty"`
	Deal         string       `json:"deal,omitempty"`
	Players      *Players     `json:"players,omitempty"`
	Scoring      *string      `json:"scoring,omitempty"`
	Auction      *Auction     `json:"auction,omitempty"`
	Contract     string       `json:"contract,omitempty"`
	Declarer     string       `json:"declarer,omitempty"`
	DeclarerSwap bool         `json:"declarer_swap,omitempty"`
	Tricks       *int         `json:"tricks,omitempty"`
	Result       *Result      `json:"result,omitempty"`
	Play         *Play        `json:"play,omitempty"`
	Par          *Par         `json:"par,omitempty"`
	Tags         []Tag        `json:"tags,omitempty"`
	// TagOrder is read, never written: JSON written before the order of
	// a source's tags was PBN's layout (its "tag_order" under "layout")
	// stated it here. ToRecord moves it into the PBN layout.
	TagOrder   []string        `json:"tag_order,omitempty"`
	Tables     []Table         `json:"tables,omitempty"`
	Comments   []Comment       `json:"comments,omitempty"`
	Directives []string        `json:"directives,omitempty"`
	Problems   []Problem       `json:"problems,omitempty"`
	Source     RecordSource    `json:"source"`
	Layout     json.RawMessage `json:"layout,omitempty"`
}
