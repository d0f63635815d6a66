package cli

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/model"
	"handrec/model/scoring"
	"handrec/output"
	"handrec/pipeline"
)

func sessionCommand() *cli.Command {
	return &cli.Command{
		Name:      "session",
		Usage:     "score a session from its travellers: matchpoints, IMPs, Butler, team matches and VPs",
		ArgsUsage: "FILE|DIR...",
		UsageText: "handrec session [--method mp|acbl|ximp|butler[-N]|datum N] [--format text|json|csv] FILE|DIR...|--db DB [--where ...]\n" +
			"   handrec session --vp-scale BOARDS\n\n" +
			"Examples:\n   handrec session samples/club_traveller.pbn\n   handrec session --method butler samples/club_traveller.pbn\n" +
			"   handrec session samples/vugraph_match.lin\n   handrec session --vp-scale 16",
		Description: "Prints each board's traveller (PBN's ScoreTable) with the method's columns, then the standings, " +
			"then each team match (the Open and Closed rooms of its boards) with its IMPs, running score, carry-over and " +
			"victory points on the WBF continuous scale. Every row's score is recomputed from its contract; a stated score that " +
			"differs is said on stderr and the recomputed one is used; a row without a result is shown and left out. " +
			"A row's cell out of its column's type or range (tricks 0 to 13, a score a multiple of 10 within 7600, a " +
			"multiplicity 1 to 10000 ...) or a pair's second row on a board is said on stderr at its row, and the row left out " +
			"when its score cannot be had from its contract. " +
			"Without --method the records' Scoring tag chooses (MP, IMP;Butler-2;Mean ...), else matchpoints. " +
			"See docs/scoring.md. " + readsDoc("scored", ", the input held nothing to score"),
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "method", Usage: "mp, acbl, ximp, butler (bridge-scorer's drop), butler-N (N dropped in all) or \"datum N\""},
			&cli.StringFlag{Name: "format", Value: "text", Usage: "text, json or csv"},
			&cli.IntFlag{Name: "vp-scale", Usage: "print the WBF continuous VP scale for a match of `BOARDS` boards"},
		}, append(append(sessionRuleFlags(), archiveFlags()...), reportFlags()...)...),
		Action: runSession,
	}
}

func runSession(c *cli.Context) error {
	if c.IsSet("vp-scale") {
		return printVPScale(c)
	}
	format := c.String("format")
	if format != "text" && format != "json" && format != "csv" {
		return usagef("session: --format must be text, json or csv, not %q", format)
	}
	if c.NArg() == 0 && !fromDB(c) {
		return usagef("session: no files given (or --db/--where to score records of the archive)")
	}
	opt := pipeline.SessionOptions{Format: format}
	if v := c.String("method"); v != "" {
		m, err := scoring.ParseMethod(v)
		if err != nil {
			return usagef("session: --method: %v", err)
		}
		opt.Method, opt.MethodSet = m, true
	}
	if err := sessionRules(c, "session", &opt); err != nil {
		return err
	}
	src, in, err := recordSource(c, "session")
	if err != nil {
		return err
	}
	defer in.end() // the summary, before an error the command ends with
	var w io.Writer = c.App.Writer
	esc := &output.Escaper{W: w}
	if format == "text" {
		w = esc
	}
	rep, err := pipeline.Session(w, src, opt)
	if pipeline.ErrNoSession(err) {
		return fmt.Errorf("session: %s: %v", in.from, err)
	}
	if err == nil {
		err = esc.Flush()
	}
	if err != nil {
		return err
	}
	in.end() // what was read, before what was scored
	summary(c, "%d %s scored, %d team %s", rep.Boards, plural(rep.Boards, "board", "boards"), rep.Matches, plural(rep.Matches, "match", "matches"))
	return in.status()
}

// sessionRuleFlags are the director's rules of a pairs session: session,
// sheet --session and convert --session-columns take them alike.
func sessionRuleFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "min-boards", Value: pipeline.MinBoardsText(scoring.DefaultMinBoards),
			Usage: "rank only the pairs that played `N` boards, or N% of the most boards a pair of their field played; 0 ranks every pair"},
		&cli.StringSliceFlag{Name: "substitute", Usage: "`SUB=PLAYER`: count the boards SUB played for PLAYER's pair (tables' records: a pair is its two players); repeatable"},
		&cli.StringSliceFlag{Name: "adjust", Usage: "`FILE=RULING`: the director's ruling on a table's record (a file's name, or NAME#N for its Nth record): declarer's tricks (0-13), or A and each side's mark, = average, + average plus, - average minus (A=+); repeatable"},
	}
}

// sessionRules reads the director's rules into opt, and tells stderr of
// what the session leaves to the director.
func sessionRules(c *cli.Context, cmd string, opt *pipeline.SessionOptions) error {
	min, ok := pipeline.ParseMinBoards(c.String("min-boards"))
	if !ok {
		return usagef("%s: --min-boards %q: give a number of boards (12), a percentage of the most a pair played (70%%), or 0", cmd, c.String("min-boards"))
	}
	opt.MinBoards = min
	for _, v := range c.StringSlice("substitute") {
		sub, player, ok := strings.Cut(v, "=")
		if !ok || strings.TrimSpace(sub) == "" || strings.TrimSpace(player) == "" {
			return usagef("%s: --substitute %q: give SUB=PLAYER, the substitute and the player they sat in for", cmd, v)
		}
		if opt.Substitutes == nil {
			opt.Substitutes = map[string]string{}
		}
		opt.Substitutes[strings.TrimSpace(sub)] = strings.TrimSpace(player)
	}
	for _, v := range c.StringSlice("adjust") {
		file, ruling, ok := strings.Cut(v, "=")
		a, good := pipeline.ParseAdjustment(ruling)
		if !ok || file == "" || !good {
			return usagef("%s: --adjust %q: give FILE=TRICKS (declarer's, 0-13) or FILE=A and two marks of = + - (N-S's, E-W's: A=+)", cmd, v)
		}
		if opt.Adjust == nil {
			opt.Adjust = map[string]pipeline.Adjustment{}
		}
		opt.Adjust[file] = a
	}
	opt.Warn = func(r *model.Record, pos model.Pos, msg string) {
		fmt.Fprintf(c.App.ErrWriter, "%swarning: board %d: %s\n", model.Prefix(r.File, pos), r.Board, msg)
	}
	opt.Note = func(msg string) { fmt.Fprintf(c.App.ErrWriter, "%s: warning: %s\n", cmd, msg) }
	return nil
}

// printVPScale prints the WBF continuous scale: each IMP margin up to the
// blitz and the VPs of each team.
func printVPScale(c *cli.Context) error {
	n := c.Int("vp-scale")
	if n < 1 || n > scoring.MaxVPBoards {
		return usagef("session: --vp-scale takes a number of boards from 1 to %d, not %d", scoring.MaxVPBoards, n)
	}
	w := c.App.Writer
	fmt.Fprintf(w, "WBF continuous VP scale (2013), %d boards: VP = min(20, 10 + 10*(1-r^(I/B))/(1-r)), r = 0.236068, B = 15*sqrt(%d) = %s\n",
		n, n, strconv.FormatFloat(15*math.Sqrt(float64(n)), 'f', 2, 64))
	fmt.Fprintln(w, "imps\twinner\tloser")
	for i, h := range scoring.VPScale(n) {
		if _, err := fmt.Fprintf(w, "%d\t%d.%02d\t%d.%02d\n", i, h/100, h%100, (2000-h)/100, (2000-h)%100); err != nil {
			return err
		}
	}
	return nil
}

// sessionColumnFlags are convert's options that add a session's computed
// columns to the travellers it writes.
func sessionColumnFlags() []cli.Flag {
	return append(sessionRuleFlags(),
		&cli.StringFlag{Name: "session-columns", Usage: "add to each traveller the columns `METHOD` computes (mp, acbl: MP_ and Percentage_; ximp, butler[-N], \"datum N\": IMP_), each board on its own"},
		&cli.BoolFlag{Name: "standings", Usage: "with --session-columns, add the pairs' totals as a TotalScoreTable to the last record"},
	)
}

// scoreColumns scores the session of first for --session-columns, as
// session does with the same rules; the input is then read again by the
// conversion (standard input from the copy rereadStdin kept). Input with
// no session gets no columns, and stderr says so.
func scoreColumns(c *cli.Context, cmd string, w *pipeline.Writer, first pipeline.Source) error {
	opt := pipeline.SessionOptions{}
	if err := sessionRules(c, cmd, &opt); err != nil {
		return err
	}
	err := w.ScoreSession(first, opt)
	if pipeline.ErrNoSession(err) {
		fmt.Fprintf(c.App.ErrWriter, "%s: --session-columns: %v: no columns added\n", cmd, err)
		err = nil
	}
	if err != nil {
		return err
	}
	if r, ok := c.App.Reader.(*rereader); ok {
		if err := r.rewind(); err != nil {
			return fmt.Errorf("%s: standard input: %v", cmd, err)
		}
	}
	return nil
}

// sessionColumnsOption is what --session-columns and --standings ask of
// a conversion to format, nil for nothing.
func sessionColumnsOption(c *cli.Context, cmd string, format model.Format) (*pipeline.SessionColumns, error) {
	v := c.String("session-columns")
	if v == "" {
		if c.Bool("standings") {
			return nil, usagef("%s: --standings needs --session-columns METHOD", cmd)
		}
		return nil, nil
	}
	if format != model.PBN && format != model.JSON {
		return nil, usagef("%s: --session-columns adds table columns that only PBN and JSON carry, not %s", cmd, format)
	}
	m, err := scoring.ParseMethod(v)
	if err != nil {
		return nil, usagef("%s: --session-columns: %v", cmd, err)
	}
	return &pipeline.SessionColumns{Method: m, Standings: c.Bool("standings")}, nil
}

// sayWrongScores is src telling stderr, as a warning where it stands, of
// each score a record states that is not its contract's (its Score tag, a
// traveller row's): score scores the contract and says so.
func sayWrongScores(c *cli.Context, src pipeline.Source) pipeline.Source {
	return func(fn func(*model.Record) error) error {
		return src(func(r *model.Record) error {
			for _, p := range pipeline.ScoreProblems(r) {
				fmt.Fprintf(c.App.ErrWriter, "%swarning: board %d: %s\n", model.Prefix(p.File, p.Pos), r.Board, p.Message)
			}
			return fn(r)
		})
	}
}
