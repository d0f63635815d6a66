package diagram

import (
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"handrec/model"
)

// The books state a deal's facts in words as often as in keys: "HAND No.
// 12. West dealer. Neither side vulnerable.", "Board 7, Dealer East, Vul
// E-W", "West plays in three no-trump. Opening lead: ♦3", "A leads the
// king of hearts.", "Y-Z win three by cards." A line of text is scanned
// for the phrases that name a fact, in any order and with any punctuation
// between them; what is left over is text. The same vocabulary serves a
// heading of one line or several, and the sentences after a deal.

// phraseKind is what a phrase names.
type phraseKind int8

const (
	phBoard phraseKind = iota
	phDealer
	phVul
	phContract
	phLead
	phNoLead // a lead that names no card: "a small club"
	phResult
	phSource
	phDate
	phPassedOut
	phDeclarer
	phAuction // an auction in words (auction_words.go)
)

// resultKind is how a phrase counts a result.
type resultKind int8

const (
	resTricks resultKind = iota // n tricks to the subject's side
	resOdd                      // n odd tricks (6 + n) to the subject's side
	resDown                     // the declarer n short of the contract
	resOver                     // the declarer n over the contract ("=" is 0)
)

// phrase is one fact a line names: its kind, its span in the line, and
// what it says, the seats as written (a seat, a letter of the book, a
// side), resolved once the deal's seats are known.
type phrase struct {
	kind    phraseKind
	at, end int
	n       int    // the board, the tricks, the odd tricks, the tricks short or over
	seat    string // the dealer, the declarer, the leader, the result's subject
	side    string // the vulnerable side as written
	res     resultKind
	// contract is a contract stated (phContract, phResult with resOver);
	// dealerPlays says the dealer is its declarer ("Z deals, and makes it
	// hearts": the dealer plays, under the laws of bridge), noDeclarer that
	// the text names only the trumps ("Hearts are trumps").
	contract    model.Contract
	dealerPlays bool
	noDeclarer  bool
	card        model.Card
	text        string // the source, the date, the lead's words
	words       string // the phrase as the line gives it
	// calls and seats are an auction in words: each call, and its
	// player as written ("" for the one the sentence opened with)
	calls []model.Call
	seats []string
	key   bool // a key's form ("Lead: ♠9", "Result: 9"), which a sentence does not override
}

// The words the patterns are made of.
const (
	seatPat   = `(?:(?i:north|south|east|west)\b|(?-i:[NSEW])\b\.?|(?-i:[A-DYZ])\b)`
	sidePat   = `(?:(?i:n\.\s?-\s?s\.|e\.\s?-\s?w\.)|(?i:north[- ]south|north and south|east[- ]west|east and west|n\s?-\s?s|e\s?-\s?w|n/s|e/w|both sides|both|all|neither side|neither|nobody|none|no one)\b|(?-i:NS|EW)\b|(?-i:[A-DYZ])\s?-\s?(?-i:[A-DYZ])\b|(?-i:[A-DYZ]) and (?-i:[A-DYZ])\b)`
	subjPat   = `(?:(?i:the\s+)?(?i:declarer|defenders)\b|` + `(?-i:[A-DYZ])\s?-\s?(?-i:[A-DYZ])\b|(?-i:[A-DYZ]) and (?-i:[A-DYZ])\b|(?i:north[- ]south|east[- ]west|north and south|east and west|n-s|e-w)\b|` + seatPat + `)`
	numPat    = `(?:\d{1,2}|(?i:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen)\b)`
	levelPat  = `(?:[1-7]|(?i:one|two|three|four|five|six|seven)\b)`
	strainPat = `(?:[♠♥♦♣♤♡♢♧]|(?i:no[- ]?trumps?|notrumps?|n\.\s?t\.|nt|spades?|hearts?|diamonds?|clubs?)\b|(?-i:[SHDC])\b)`
	rankWords = `(?i:ace|king|queen|jack|knave|ten|nine|eight|seven|six|five|four|three|trey|two|deuce)`
	suitPat   = `(?:(?i:spades?|hearts?|diamonds?|clubs?)\b|[♠♥♦♣♤♡♢♧]|(?-i:[SHDC])\b)`
	cardPat   = `(?:\b(?:` + rankWords + `|10|[2-9])\s+(?i:of)\s+` + suitPat + `|[♠♥♦♣♤♡♢♧]\s?(?:10|[AKQJT2-9])\b|\b(?:10|[AKQJT2-9])\s?[♠♥♦♣♤♡♢♧])`
	// a contract: "4♠", "four spades doubled", "3NT X", and doubled
	// with the X run on ("1NTX", "4SXX"), where strainPat's word
	// boundary does not hold
	contractP  = levelPat + `\s*(?:` + strainBare + `(?-i:XX|X)\b|` + strainPat + `(?:\s*(?i:doubled|redoubled)\b|\s*(?-i:XX|X)\b)?)`
	strainBare = `(?:[♠♥♦♣♤♡♢♧]|(?i:no[- ]?trumps?|notrumps?|nt|spades?|hearts?|diamonds?|clubs?)|(?-i:[SHDC]))`
	verbWon    = `(?i:made|took|won|makes|takes|wins|make|take|win)`
)

// matcher finds one form of phrase: its pattern, and what it makes of a
// match (false: none after all).
type matcher struct {
	re   *regexp.Regexp
	make func(s string, m []int) (phrase, bool)
	// hints are words one of which every match holds, in lower case: a
	// line holding none is not matched (most lines of prose hold none).
	// A hint is a word the pattern spells out, never words with a blank
	// between them where the pattern takes any run of blanks
	// (TestHintsCoverTheirForms)
	hints []string
}

func group(s string, m []int, i int) string {
	if m[2*i] < 0 {
		return ""
	}
	return s[m[2*i]:m[2*i+1]]
}

var matchers = []matcher{
	// the board: "Board 7", "Bd. 14", "Deal No. 3", "HAND II.", "Example 4", "No. 31"
	{regexp.MustCompile(`\b(?i:board|bd|deal|hand|game|problem|example)\.?\s*(?:(?i:no|number)\.?\s*|#\s*)?(\d{1,4}|[IVXLC]{1,6}\b|[ivxlc]{1,6}\b)|(?:^|[\s(])(?i:no|number)\.\s*(\d{1,4})\b`),
		func(s string, m []int) (phrase, bool) {
			v := group(s, m, 1)
			if v == "" {
				v = group(s, m, 2)
			}
			n, ok := numeral(v)
			return phrase{kind: phBoard, n: n}, ok && n > 0
		}, []string{"board", "bd", "deal", "hand", "game", "problem", "example", "no.", "number"}},
	// the dealer: "South deals", "S. deals", "East dealer", "South, dealer", "Z dealt"
	{regexp.MustCompile(`(` + seatPat + `)\s*,?\s*(?i:deals|dealt|dealer|to deal)\b`),
		func(s string, m []int) (phrase, bool) { return phrase{kind: phDealer, seat: group(s, m, 1)}, true }, []string{"deal"}},
	// "Dealer South", "Dealer: S", "Dlr. E", "Dealer, East"
	{regexp.MustCompile(`\b(?i:dealer|dlr\.?)\s*[:,]?\s*(` + seatPat + `)`),
		func(s string, m []int) (phrase, bool) { return phrase{kind: phDealer, seat: group(s, m, 1)}, true }, []string{"dealer", "dlr"}},
	// the vulnerability: "North-South vulnerable", "N-S game", "Neither side was vulnerable"
	{regexp.MustCompile(`(` + sidePat + `)\s+(?:(?i:only|were|was|are|is)\s+)?(?i:vulnerable\b|vul\b\.?|game\b)`),
		func(s string, m []int) (phrase, bool) { return phrase{kind: phVul, side: group(s, m, 1)}, true }, []string{"vul", "game"}},
	// "Vul: NS", "Vulnerable: North and South", "Vul. Both"
	{regexp.MustCompile(`\b(?i:vulnerability|vulnerable|vul\b\.?)\s*[:,]?\s*((?i:love all|game all)\b|` + sidePat + `|(?i:love|nil)\b)`),
		func(s string, m []int) (phrase, bool) { return phrase{kind: phVul, side: group(s, m, 1)}, true }, []string{"vul"}},
	// the British books' "Score: love all", "Score: North-South game",
	// "Score: game all" (a part score, "Score: N-S 60", is none)
	{regexp.MustCompile(`\b(?i:score)\s*[:,—–-]?\s*(?:(?i:(love all|game all|love|nil))\b|(` + sidePat + `)\s+(?i:game|vulnerable|vul)\b)`),
		func(s string, m []int) (phrase, bool) {
			if v := group(s, m, 2); v != "" {
				return phrase{kind: phVul, side: v}, true
			}
			return phrase{kind: phVul, side: strings.ToLower(group(s, m, 1))}, true
		}, []string{"score"}},
	// "Love all", "Game all", "Game to North-South"
	{regexp.MustCompile(`\b(?i:(love all|game all)\b|game to\s+(` + sidePat + `))`),
		func(s string, m []int) (phrase, bool) {
			if v := group(s, m, 2); v != "" {
				return phrase{kind: phVul, side: v}, true
			}
			return phrase{kind: phVul, side: strings.ToLower(group(s, m, 1))}, true
		}, []string{"love all", "game all", "game to"}},
	// a contract in a key: "Contract: 1♥ by South", "Contract 4♠X by South"
	{regexp.MustCompile(`\b(?i:contract)\s*[:—–-]?\s*(` + contractP + `)(?:\s+(?i:by)\s+(` + seatPat + `))?`),
		func(s string, m []int) (phrase, bool) {
			c, ok := contractWords(group(s, m, 1))
			return phrase{kind: phContract, contract: c, seat: group(s, m, 2), key: true}, ok
		}, []string{"contract"}},
	// "The contract is two no trumps, played by Z."
	{regexp.MustCompile(`\b(?i:contract\s+(?:is|was))\s+(` + contractP + `)(?:,?\s+(?i:played\s+)?(?i:by)\s+(` + seatPat + `))?`),
		func(s string, m []int) (phrase, bool) {
			c, ok := contractWords(group(s, m, 1))
			return phrase{kind: phContract, contract: c, seat: group(s, m, 2)}, ok
		}, []string{"contract"}},
	// "West plays in three no-trump", "Y played the hand at four hearts"
	{regexp.MustCompile(`(` + seatPat + `)\s+(?i:plays|played|is playing|was playing)(?:\s+(?i:the\s+hand))?\s+(?i:in|at)\s+(` + contractP + `)`),
		func(s string, m []int) (phrase, bool) {
			c, ok := contractWords(group(s, m, 2))
			return phrase{kind: phContract, contract: c, seat: group(s, m, 1)}, ok
		}, []string{"play"}},
	// "A is the declarer at three no trump"
	{regexp.MustCompile(`(` + seatPat + `)\s+(?i:is|was)\s+(?i:the\s+)?(?i:declarer)\s+(?i:at|in)\s+(` + contractP + `)`),
		func(s string, m []int) (phrase, bool) {
			c, ok := contractWords(group(s, m, 2))
			return phrase{kind: phContract, contract: c, seat: group(s, m, 1)}, ok
		}, []string{"declarer"}},
	// bridge: the trumps named, the dealer playing ("Z deals, and makes
	// it no trumps", "passes the declaration to Y, who makes it hearts")
	{regexp.MustCompile(`(?:\b(?i:passes\s+the\s+declaration\s+to)\s+` + seatPat + `,?\s+(?i:who\s+))?\b(?i:(?:makes|made)\s+it|declares|declared)\s+(` + strainPat + `)`),
		func(s string, m []int) (phrase, bool) {
			st, ok := strainWord(group(s, m, 1))
			return phrase{kind: phContract, contract: model.Contract{Kind: model.StrainOnly, Strain: st}, dealerPlays: true}, ok
		}, []string{"makes", "made", "declare"}},
	// "Hearts are trumps."
	{regexp.MustCompile(`\b((?i:spades|hearts|diamonds|clubs|no trumps?))\s+(?i:are|is|were|was)\s+(?i:trumps)\b`),
		func(s string, m []int) (phrase, bool) {
			st, ok := strainWord(group(s, m, 1))
			return phrase{kind: phContract, contract: model.Contract{Kind: model.StrainOnly, Strain: st}, noDeclarer: true}, ok
		}, []string{"trumps"}},
	{regexp.MustCompile(`\b(?i:passed out)\b`),
		func(s string, m []int) (phrase, bool) { return phrase{kind: phPassedOut, key: true}, true }, []string{"passed out"}},
	// the declarer in a key: "Declarer: West"
	{regexp.MustCompile(`\b(?i:declarer)\s*:\s*(` + seatPat + `)`),
		func(s string, m []int) (phrase, bool) {
			return phrase{kind: phDeclarer, seat: group(s, m, 1), key: true}, true
		}, []string{"declarer"}},
	// the lead: "Opening lead: jack of ♠", "Lead: ♠9", "Opening lead—♠ J"
	{regexp.MustCompile(`\b(?i:(?:opening\s+)?lead)\s*(?::|—|–|-|\s)\s*(` + cardPat + `)`),
		func(s string, m []int) (phrase, bool) {
			c, ok := cardWords(group(s, m, 1))
			return phrase{kind: phLead, card: c, key: true, text: group(s, m, 1)}, ok
		}, []string{"lead"}},
	// "West led the ♦K", "A's opening lead is the king of hearts", "West opened the king of diamonds"
	{regexp.MustCompile(`(` + seatPat + `)(?:['’]s)?\s+(?i:(?:opening\s+|first\s+)?lead\s+(?:is|was)|led|leads|opened|opens)(?:\s+(?i:with))?\s+(?i:the\s+)?(` + cardPat + `)`),
		func(s string, m []int) (phrase, bool) {
			c, ok := cardWords(group(s, m, 2))
			return phrase{kind: phLead, card: c, seat: group(s, m, 1), text: group(s, m, 2)}, ok
		}, []string{"led", "lead", "opened", "opens"}},
	{regexp.MustCompile(`\b(?i:the\s+)?(?i:opening\s+lead\s+(?:is|was))\s+(?i:the\s+)?(` + cardPat + `)`),
		func(s string, m []int) (phrase, bool) {
			c, ok := cardWords(group(s, m, 1))
			return phrase{kind: phLead, card: c, text: group(s, m, 1)}, ok
		}, []string{"opening"}},
	// a lead that names no card: "A leads a small club", "Opening lead: ?"
	{regexp.MustCompile(`(?:(` + seatPat + `)\s+(?i:led|leads|opened)|\b(?i:opening\s+lead)\s*[:—–-]?)\s*(?i:(?:a|the)\s+(?:small|low)\s+(?:spade|heart|diamond|club)s?|(?:fourth|4th)\s+(?:best|highest))\b|\b(?i:opening\s+lead)\s*:\s*\?`),
		func(s string, m []int) (phrase, bool) {
			return phrase{kind: phNoLead, seat: group(s, m, 1), text: s[m[0]:m[1]]}, true
		}, []string{"led", "lead", "opened"}},
	// the result in a key: "Result: 9 tricks", "Result 10 tricks: made", "Result: 4♠ -1"
	{regexp.MustCompile(`\b(?i:result)\s*:?\s*(` + numPat + `)(?:\s+(?i:tricks?)\b)?(?:\s*:\s*(?i:made(?:,\s*\+\d{1,2})?|down\s+\d{1,2}))?`),
		func(s string, m []int) (phrase, bool) {
			n, ok := numeral(group(s, m, 1))
			// "Result: 1NTX -2" is a contract's, not one trick
			return phrase{kind: phResult, res: resTricks, n: n, key: true}, ok && n <= 13 && !runsOn(s, m[1])
		}, []string{"result"}},
	{regexp.MustCompile(`\b(?i:result)\s*:?\s*(` + contractP + `)\s*(=|[+-]\s?\d{1,2}\b)`),
		func(s string, m []int) (phrase, bool) {
			c, ok := contractWords(group(s, m, 1))
			d := strings.ReplaceAll(group(s, m, 2), " ", "")
			n := 0
			if d != "=" {
				n, _ = strconv.Atoi(d)
			}
			if n < 0 {
				return phrase{kind: phResult, res: resDown, n: -n, contract: c, key: true}, ok
			}
			return phrase{kind: phResult, res: resOver, n: n, contract: c, key: true}, ok
		}, []string{"result"}},
	// "East made nine tricks", "In all West took eight tricks", "A-B win ten tricks"
	{regexp.MustCompile(`(?:\b(?i:result)\s*:\s*)?(?:\b(?i:in\s+all),?\s+)?(` + subjPat + `)\s+` + verbWon + `(?:\s+(?i:in\s+all))?\s+(` + numPat + `)\s+(?i:tricks?)\b`),
		func(s string, m []int) (phrase, bool) {
			n, ok := numeral(group(s, m, 2))
			return phrase{kind: phResult, res: resTricks, n: n, seat: group(s, m, 1)}, ok && n <= 13
		}, []string{"trick"}},
	// "Made 10 tricks" at the start of a line: the declarer's
	{regexp.MustCompile(`^\s*(?i:made|took)\s+(` + numPat + `)\s+(?i:tricks?)\b`),
		func(s string, m []int) (phrase, bool) {
			n, ok := numeral(group(s, m, 1))
			return phrase{kind: phResult, res: resTricks, n: n}, ok && n <= 13
		}, []string{"made", "took"}},
	// "Down one", "One down", "made his contract with an overtrick"
	{regexp.MustCompile(`^\s*(?i:down)\s+(` + numPat + `)\b|^\s*(` + numPat + `)\s+(?i:down)\b|\b(?i:made\s+(?:his|the)\s+contract\s+with)\s+((?i:an)\b|` + numPat + `)\s+(?i:overtricks?)\b`),
		func(s string, m []int) (phrase, bool) {
			if v := group(s, m, 3); v != "" {
				n, ok := 1, true
				if strings.ToLower(v) != "an" {
					n, ok = numeral(v)
				}
				return phrase{kind: phResult, res: resOver, n: n}, ok && n <= 7
			}
			v := group(s, m, 1)
			if v == "" {
				v = group(s, m, 2)
			}
			n, ok := numeral(v)
			return phrase{kind: phResult, res: resDown, n: n}, ok && n <= 13
		}, []string{"down", "overtrick"}},
	// "just made his contract", "made the contract exactly": no overtrick
	{regexp.MustCompile(`\b(?i:just\s+(?:made|makes|making)\s+(?:his|the|her|its)\s+contract|(?:made|makes)\s+(?:his|the|her|its)\s+contract\s+exactly)\b`),
		func(s string, m []int) (phrase, bool) {
			return phrase{kind: phResult, res: resOver, n: 0}, true
		}, []string{"just", "exactly"}},
	// "A makes five odd", "Y-Z win three by cards", "A-B win the odd trick"
	{regexp.MustCompile(`(` + subjPat + `)\s+` + verbWon + `\s+(?:(` + numPat + `)\s+(?i:odd|by\s+cards)\b|(?i:the\s+odd\s+trick)\b)`),
		func(s string, m []int) (phrase, bool) {
			n, ok := 1, true
			if v := group(s, m, 2); v != "" {
				n, ok = numeral(v)
			}
			return phrase{kind: phResult, res: resOdd, n: n, seat: group(s, m, 1)}, ok && n <= 7
		}, []string{"odd", "cards"}},
	// "A is set for two tricks", "North finished one trick short", "went down two"
	{regexp.MustCompile(`(` + subjPat + `)\s+(?i:is|was)\s+(?i:set)\s+(?i:for\s+)?(` + numPat + `)(?:\s+(?i:tricks?)\b)?|(` + subjPat + `)\s+(?i:finished|finishes|fell|falls|was|is)\s+(` + numPat + `)\s+(?i:tricks?)\s+(?i:short)\b|(` + subjPat + `)\s+(?i:went|goes|go)\s+(?i:down)\s+(` + numPat + `)`),
		func(s string, m []int) (phrase, bool) {
			for i := 1; i <= 5; i += 2 {
				if v := group(s, m, i+1); v != "" {
					n, ok := numeral(v)
					return phrase{kind: phResult, res: resDown, n: n, seat: group(s, m, i)}, ok && n <= 13
				}
			}
			return phrase{}, false
		}, []string{"set", "short", "down"}},
	// the source: "(From The Bridge World, March 1965.)", "Source: ..."
	{regexp.MustCompile(`^\s*(?:\(\s*(?i:from|source:?|reprinted(?:\s+by\s+permission)?\s+from)\s+(.+?)\.?\s*\)|(?i:source:|reprinted(?:\s+by\s+permission)?\s+from)\s+(.+?)\.?)\s*$`),
		func(s string, m []int) (phrase, bool) {
			v := group(s, m, 1)
			if v == "" {
				v = group(s, m, 2)
			}
			return phrase{kind: phSource, text: strings.TrimSpace(v), key: true}, v != ""
		}, []string{"from", "source", "reprinted"}},
	// a date alone on its line: "Monday, March 4, 1955", "4 March 1955"
	{regexp.MustCompile(`^\s*(?:(?i:monday|tuesday|wednesday|thursday|friday|saturday|sunday),?\s+)?(?:((?i:` + monthPat + `))\.?\s+(\d{1,2}),?\s+(\d{4})|(\d{1,2})\s+((?i:` + monthPat + `))\.?,?\s+(\d{4}))\.?\s*$`),
		func(s string, m []int) (phrase, bool) {
			mon, day, year := group(s, m, 1), group(s, m, 2), group(s, m, 3)
			if mon == "" {
				day, mon, year = group(s, m, 4), group(s, m, 5), group(s, m, 6)
			}
			d, _ := strconv.Atoi(day)
			mo := monthOf(mon)
			if mo == 0 || d < 1 || d > 31 {
				return phrase{}, false
			}
			return phrase{kind: phDate, text: year + "." + twoDigits(mo) + "." + twoDigits(d)}, true
		}, []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}},
}

const monthPat = `january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec`

func monthOf(s string) int {
	s = strings.ToLower(s)
	for i, m := range []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"} {
		if strings.HasPrefix(s, m) {
			return i + 1
		}
	}
	return 0
}

func twoDigits(n int) string {
	if n < 10 {
		return "0" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// scanPhrases finds the phrases of line s: every form's matches, the
// earliest first and of two that overlap the longer, none overlapping.
func scanPhrases(s string) []phrase {
	if len(s) > maxScanned {
		return nil
	}
	var all []phrase
	low := strings.ToLower(s)
	for _, mt := range matchers {
		if !hinted(low, mt.hints) {
			continue
		}
		for _, m := range mt.re.FindAllStringSubmatchIndex(s, -1) {
			p, ok := mt.make(s, m)
			if !ok {
				continue
			}
			p.at, p.end = m[0], m[1]
			for p.at < p.end && (s[p.at] == ' ' || s[p.at] == '(') && p.kind != phSource {
				p.at++
			}
			p.words = s[p.at:p.end]
			all = append(all, p)
		}
	}
	for _, p := range auctionPhrases(s, low) {
		p.words = s[p.at:p.end]
		all = append(all, p)
	}
	sort.SliceStable(all, func(i, j int) bool {
		if all[i].at != all[j].at {
			return all[i].at < all[j].at
		}
		return all[i].end > all[j].end
	})
	var out []phrase
	end := 0
	for _, p := range all {
		if p.at >= end {
			out = append(out, p)
			end = p.end
		}
	}
	return out
}

// hinted reports whether low holds one of hints.
func hinted(low string, hints []string) bool {
	for _, h := range hints {
		if strings.Contains(low, h) {
			return true
		}
	}
	return false
}

// maxScanned is the longest line scanned for phrases: a heading or a
// sentence is shorter, and a line of megabytes is no prose to read.
const maxScanned = 4096

// leftover is text of a line that no phrase took: its span, trimmed of
// the blanks and marks between phrases.
type leftover struct {
	at   int
	text string
}

// leftovers are the runs of s outside the phrases that hold a letter or
// a digit, each trimmed of the punctuation around it.
func leftovers(s string, ps []phrase) []leftover {
	var out []leftover
	add := func(from, to int) {
		t := s[from:to]
		lead := len(t) - len(strings.TrimLeftFunc(t, isGlue))
		t = strings.TrimFunc(t, isGlue)
		if t == "" || connective[strings.ToLower(t)] || !strings.ContainsFunc(t, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) {
			return
		}
		out = append(out, leftover{at: from + lead, text: t})
	}
	from := 0
	for _, p := range ps {
		add(from, p.at)
		from = p.end
	}
	add(from, len(s))
	return out
}

// connective are the words that join phrases ("Z deals, and makes it
// hearts").
var connective = map[string]bool{"and": true, "the": true, "with": true, "by": true}

func isGlue(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune(".,;:—–-()[]", r)
}

// numeral reads a number as digits, words (one to thirteen) or a roman
// numeral.
func numeral(s string) (int, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if n, err := strconv.Atoi(s); err == nil {
		return n, true
	}
	for i, w := range []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen"} {
		if s == w {
			return i + 1, true
		}
	}
	return roman(s)
}

// roman reads a roman numeral (i to ccc).
func roman(s string) (int, bool) {
	val := map[byte]int{'i': 1, 'v': 5, 'x': 10, 'l': 50, 'c': 100}
	n := 0
	for i := 0; i < len(s); i++ {
		v, ok := val[s[i]]
		if !ok {
			return 0, false
		}
		if i+1 < len(s) && val[s[i+1]] > v {
			n -= v
		} else {
			n += v
		}
	}
	return n, n > 0
}

// strainSpaces are what a strain's words hold between their letters.
var strainSpaces = strings.NewReplacer("-", "", " ", "", ".", "")

// strainWord reads a strain as words give it: a sign, a letter, a word,
// no trump(s), N.T.
func strainWord(s string) (model.Strain, bool) {
	t := strainSpaces.Replace(strings.ToLower(strings.TrimSpace(s)))
	switch {
	case strings.HasPrefix(t, "notrump") || t == "nt":
		return model.NoTrump, true
	case t == "n":
		return model.NoTrump, true
	}
	if r, n := utf8.DecodeRuneInString(s); n == len(strings.TrimSpace(s)) {
		if su, ok := suitSymbols[r]; ok {
			return model.Strain(su), true
		}
	}
	if su, ok := suitWords[t]; ok {
		return model.Strain(su), true
	}
	if len(t) == 1 {
		if su, ok := model.ParseSuit(strings.ToUpper(t)[0]); ok {
			return model.Strain(su), true
		}
	}
	return 0, false
}

// contractWords reads "three no-trump", "4♠X", "1 NT", "two hearts doubled".
func contractWords(s string) (model.Contract, bool) {
	s = strings.TrimSpace(s)
	i := strings.IndexFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	lv, rest := s, ""
	if i > 0 {
		lv, rest = s[:i], s[i:]
	}
	if len(lv) > 1 && lv[0] >= '1' && lv[0] <= '7' {
		lv, rest = lv[:1], lv[1:]+rest
	}
	n, ok := numeral(lv)
	if !ok || n < 1 || n > 7 {
		return model.Contract{}, false
	}
	rest = strings.TrimSpace(rest)
	dbl := int8(0)
	low := strings.ToLower(rest)
	switch {
	case strings.HasSuffix(low, "redoubled"):
		dbl, rest = 2, rest[:len(rest)-len("redoubled")]
	case strings.HasSuffix(low, "doubled"):
		dbl, rest = 1, rest[:len(rest)-len("doubled")]
	case strings.HasSuffix(rest, "XX"):
		dbl, rest = 2, rest[:len(rest)-2]
	case strings.HasSuffix(rest, "X"):
		dbl, rest = 1, rest[:len(rest)-1]
	}
	st, ok := strainWord(rest)
	if !ok {
		return model.Contract{}, false
	}
	return model.Contract{Kind: model.Bid, Level: int8(n), Strain: st, Doubled: dbl}, true
}

// rankWordOf are the ranks as words name them.
var rankWordOf = map[string]model.Rank{"ace": model.Ace, "king": model.King, "queen": model.Queen, "jack": model.Jack,
	"knave": model.Jack, "ten": model.Ten, "nine": 9, "eight": 8, "seven": 7, "six": 6, "five": 5, "four": 4,
	"three": 3, "trey": 3, "two": model.Two, "deuce": model.Two}

// cardWords reads a card as a sentence names it: "jack of ♠", "Queen of
// H", "king of diamonds", "the 4 of H", "10 of hearts", "♦K", "♣ J",
// "10♥", with "the" before it and a full stop after it as a sentence
// has them.
func cardWords(s string) (model.Card, bool) {
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	if len(s) > 4 && strings.EqualFold(s[:4], "the ") {
		s = s[4:]
	}
	if i := indexOf(s); i >= 0 {
		w := strings.ToLower(strings.TrimSpace(s[:i]))
		rk, ok := rankWordOf[w]
		if n, err := strconv.Atoi(w); err == nil && n >= 2 && n <= 10 {
			rk, ok = model.Rank(n), true
		}
		if !ok {
			return 0, false
		}
		st, ok := strainWord(strings.TrimSpace(s[i+4:]))
		if !ok || st == model.NoTrump {
			return 0, false
		}
		return model.NewCard(model.Suit(st), rk), true
	}
	return cardToken(strings.ReplaceAll(s, " ", ""))
}

// runsOn reports whether s goes on at i with a letter, a digit or a suit
// sign, the number before i being the start of a word ("1NTX").
func runsOn(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return unicode.IsLetter(r) || unicode.IsDigit(r) || strings.ContainsRune("♠♥♦♣♤♡♢♧", r)
}

// indexOf is the index in s of " of " in any case, -1 for none: found in
// s itself, since lowering s changes its length where it is not UTF-8.
func indexOf(s string) int {
	for i := 0; i+4 <= len(s); i++ {
		if strings.EqualFold(s[i:i+4], " of ") {
			return i
		}
	}
	return -1
}
