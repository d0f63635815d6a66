// Package cli is handrec's command line: its commands (a cmd_*.go file
// each), their options, exit codes, messages and progress. Each action
// parses its options and calls the libraries; the module's root main.go
// calls Main with the archive's schema that it embeds.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"regexp"
	"runtime/debug"
	"strings"

	"github.com/urfave/cli/v2"

	"handrec/output"
)

// Exit codes.
const (
	exitOK          = 0
	exitInput       = 1   // some input had problems, or an operation failed
	exitUsage       = 2   // the command line was wrong
	exitInterrupted = 130 // Ctrl-C (SIGINT) or SIGTERM: 128 + SIGINT, as shells report it
)

// Main runs handrec on the process's arguments, stdin, stdout and stderr,
// and returns the exit code for main to exit with. It sets the process up first: the
// collector (tuneGC), SIGPIPE, and Ctrl-C and SIGTERM as an interrupt.
func Main() int {
	tuneGC()
	ignoreSIGPIPE()
	ctx, stop := interruptible(context.Background(), os.Stderr)
	code := run(ctx, os.Args, os.Stdin, os.Stdout, os.Stderr)
	stop()
	return code
}

// tuneGC collects garbage less often than Go's default: handrec streams, so
// its live heap is small and flat, and at GOGC=100 it collects every few
// megabytes. GOGC=400 cut the CPU of reading a 1 GB PBN file by a quarter
// (peak RSS 27 -> 55 MB). A soft limit of 512 MiB on Go's own memory stops
// a large live heap (a vugraph match held whole to write its results
// first) from growing five-fold; it must stay well above the heaps of
// ordinary work, or the collector runs without pause (a 64 MiB limit
// halved the speed of writing LIN). GOGC or GOMEMLIMIT in the environment
// take precedence.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(512 << 20)
	}
}

// pdfGC gives the PDF sheet Go's default GC headroom: its live heap is
// small (a part of 200 pages, the fonts), but the PDF library makes much
// garbage a board, and at GOGC=400 a sheet of 10,000 boards with auctions
// and play peaked at 250 MB rather than 92. GOGC in the environment takes
// precedence.
func pdfGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(100)
	}
}

// usageError marks a command-line mistake (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageError{fmt.Sprintf(format, a...)} }

// stdoutTerminal is the key of App.Metadata that says whether stdout is
// a terminal (App.Writer wraps it).
const stdoutTerminal = "stdout-terminal"

// onTerminal reports whether the command's stdout is a terminal.
func onTerminal(c *cli.Context) bool {
	t, _ := c.App.Metadata[stdoutTerminal].(bool)
	return t
}

// rawStderrKey is the key of App.Metadata that holds stderr unescaped
// (App.ErrWriter escapes control characters).
const rawStderrKey = "stderr-raw"

// rawStderr is the command's stderr, unescaped: for the progress bar's
// own control characters and the data -o /dev/stderr writes.
func rawStderr(c *cli.Context) io.Writer {
	if w, ok := c.App.Metadata[rawStderrKey].(io.Writer); ok {
		return w
	}
	return c.App.ErrWriter
}

// interruptedError ends a command that a signal stopped (exit 130).
type interruptedError struct{ msg string }

func (e interruptedError) Error() string { return "interrupted: " + e.msg }

func interrupted(msg string) error { return interruptedError{msg} }

// exitCode carries a chosen exit code out of an action, without a message.
type exitCode int

func (e exitCode) Error() string { return fmt.Sprintf("exit %d", int(e)) }

// commands lists every command; each lives in its own cmd_*.go file.
func commands() []*cli.Command {
	return []*cli.Command{
		checkCommand(),
		convertCommand(),
		showCommand(),
		sheetCommand(),
		scoreCommand(),
		sessionCommand(),
		importCommand(),
		queryCommand(),
		exportCommand(),
		upgradeCommand(),
		ddCommand(),
		serveCommand(),
	}
}

// run runs the CLI under ctx, and returns
// the exit code: 0 ok, 1 some input failed, 2 a usage error, 130
// interrupted; cancelling ctx is an interrupt, as a signal is. It never
// calls os.Exit, so tests run it in-process.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	// Every write to stdout is checked: a failed one (a full disk, a
	// closed pipe) fails the command, whatever the action made of it.
	out := &output.Checked{W: stdout}
	// stderr carries diagnostics only, and they name files and quote
	// them: a file named with ESC or a newline in a problem's text must
	// not drive the terminal. Everything said there is escaped; the
	// progress bar and -o /dev/stderr write to it raw.
	rawStderr := stderr
	esc := &output.Escaper{W: stderr}
	defer esc.Flush()
	stderr = esc
	app := newApp(stdin, out, stderr)
	app.Metadata = map[string]any{stdoutTerminal: isTerminal(stdout), rawStderrKey: rawStderr}
	if name, ok := unknownCommand(app, args); ok {
		fmt.Fprintf(stderr, "handrec: unknown command %q\nCommands: %s\nTry: handrec --help\n", output.Escape(name), commandNames(app))
		return exitUsage
	}
	err := app.RunContext(ctx, optionsFirst(app, ddDBDefault(args)))
	if werr := out.Err(); werr != nil {
		fmt.Fprintf(stderr, "handrec: write output: %v\n", werr)
		return exitInput
	}
	if err == nil {
		return exitOK
	}
	var code exitCode
	if errors.As(err, &code) {
		return int(code)
	}
	var ie interruptedError
	if errors.As(err, &ie) || errors.Is(err, context.Canceled) {
		msg := "handrec: interrupted"
		if ie.msg != "" {
			msg = "handrec: " + ie.Error()
		}
		sayInterrupted(ctx, stderr, msg)
		return exitInterrupted
	}
	var ue usageError
	var ce cli.ExitCoder // urfave/cli's own: "No help topic for 'x'"
	if errors.As(err, &ue) || errors.As(err, &ce) {
		fmt.Fprintf(stderr, "handrec: %v\nTry: handrec --help\n", err)
		return exitUsage
	}
	fmt.Fprintf(stderr, "handrec: %v\n", err)
	return exitInput
}

// unknownCommand reports the first argument when it is neither an option
// nor a command (urfave/cli would answer "No help topic for 'foo'").
func unknownCommand(app *cli.App, args []string) (string, bool) {
	if len(args) < 2 || strings.HasPrefix(args[1], "-") {
		return "", false
	}
	if args[1] == "help" || args[1] == "h" {
		if len(args) > 2 && !strings.HasPrefix(args[2], "-") && app.Command(args[2]) == nil {
			return args[2], true // "handrec help foo"
		}
		return "", false
	}
	return args[1], app.Command(args[1]) == nil
}

// commandNames lists the commands, for a usage error.
func commandNames(app *cli.App) string {
	var names []string
	for _, c := range app.Commands {
		if !c.Hidden && c.Name != "help" {
			names = append(names, c.Name)
		}
	}
	return strings.Join(names, ", ")
}

// optionMessage rewrites Go's flag package's "flag provided but not
// defined: -name" and "invalid value "x" for flag -name: ...", which spell
// a long option with one dash, as "unknown option --name" and "invalid
// value "x" for option --name: ...".
func optionMessage(msg string) string {
	const undefined = "flag provided but not defined: -"
	if name, ok := strings.CutPrefix(msg, undefined); ok {
		return "unknown option " + dashed(name)
	}
	if m := invalidValue.FindStringSubmatchIndex(msg); m != nil {
		return msg[:m[2]] + "option " + dashed(msg[m[4]:m[5]]) + msg[m[5]:]
	}
	return msg
}

var invalidValue = regexp.MustCompile(`^invalid value ".*" for (flag -)(-?[^:\s]+)`)

// dashed spells an option as the user types it: -x, --name.
func dashed(name string) string {
	name = strings.TrimPrefix(name, "-")
	if len(name) > 1 {
		return "--" + name
	}
	return "-" + name
}

// newApp is the CLI's definition: its commands, their options and help,
// reading stdin and writing out and errOut. docs/commands.md and handrec.1
// are made from it (TestCommandDocs).
func newApp(stdin io.Reader, out, errOut io.Writer) *cli.App {
	app := &cli.App{
		Name:      "handrec",
		Version:   version(),
		Usage:     "read, convert, re-score, archive and print bridge hand records (PBN, LIN, JSON)",
		UsageText: "handrec COMMAND [options] FILE...\n\nExamples:\n   handrec check samples/\n   handrec convert --to json samples/full_play.pbn\n   handrec help check",
		Reader:    stdin,
		Writer:    out,
		ErrWriter: errOut,
		Commands:  commands(),
		// Keep urfave/cli from calling os.Exit: run picks the code.
		ExitErrHandler:  func(*cli.Context, error) {},
		HideHelpCommand: false,
		OnUsageError: func(c *cli.Context, err error, _ bool) error {
			return usageError{optionMessage(err.Error())}
		},
	}
	for _, c := range app.Commands {
		// A command's usage error goes to stderr as one line with a hint
		// (run prints it), never as help text on stdout.
		c.OnUsageError = app.OnUsageError
	}
	return app
}

// optionsFirst moves a command's options ahead of its file arguments, so
// that "handrec show FILE --board 3" works as well as "handrec show --board 3
// FILE": urfave/cli stops reading options at the first argument. A value
// option takes the next word with it; "--" ends the options as usual.
func optionsFirst(app *cli.App, args []string) []string {
	if len(args) < 3 {
		return args
	}
	var cmd *cli.Command
	for _, c := range app.Commands {
		if c.HasName(args[1]) {
			cmd = c
		}
	}
	if cmd == nil {
		return args
	}
	takesValue := map[string]bool{}
	for _, f := range cmd.Flags {
		// a bool flag takes none, and nor does sheet's --answers, which
		// takes one after "=" only
		tv, ok := f.(interface{ TakesValue() bool })
		for _, n := range f.Names() {
			takesValue[n] = !ok || tv.TakesValue()
		}
	}
	var opts, rest []string
	for i := 2; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			rest = append(rest, args[i:]...)
			break
		}
		if looksLikeOption(a) {
			opts = append(opts, a)
			name := strings.TrimLeft(a, "-")
			if !strings.Contains(name, "=") && takesValue[name] && i+1 < len(args) {
				i++
				opts = append(opts, args[i])
			}
			continue
		}
		rest = append(rest, a)
	}
	out := append([]string{args[0], args[1]}, opts...)
	// An argument that starts with "-" without being an option (a SQL
	// query opening with a "-- comment") would be read as a flag: "--"
	// before the arguments says they are arguments.
	for _, a := range rest {
		if a == "--" {
			break
		}
		if strings.HasPrefix(a, "-") && a != "-" {
			out = append(out, "--")
			break
		}
	}
	return append(out, rest...)
}

// looksLikeOption: "-x", "--name" or "--name=value", the name a letter
// and then letters, digits and dashes. An argument such as a SQL query that opens with a
// "-- comment" is not one.
func looksLikeOption(a string) bool {
	name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
	if name == a || name == "" {
		return false
	}
	if i := strings.IndexByte(name, '='); i >= 0 {
		name = name[:i]
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		letter := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !(letter || i > 0 && (c >= '0' && c <= '9' || c == '-')) {
			return false
		}
	}
	return name != ""
}

// version is what --version prints: the module's version when it was
// installed at one, else the commit it was built from.
func version() string {
	b := readBuild()
	if b.rev == "" {
		return b.version
	}
	v := b.version + " (commit " + b.rev
	if b.dirty {
		v += ", modified"
	}
	if b.at != "" {
		v += ", " + b.at
	}
	return v + ")"
}

// createdBy is the writer a Parquet file's footer names, in the form its
// readers parse ("app version V (build B)"): the version --version prints,
// the commit as the build.
func createdBy() string { return readBuild().createdBy() }

func (b build) createdBy() string {
	v := "handrec version " + b.version
	if b.rev == "" {
		return v
	}
	if b.dirty {
		return v + " (build " + b.rev + ", modified)"
	}
	return v + " (build " + b.rev + ")"
}

// build is what the binary knows of the source it was built from: the
// module's version, else "devel" and the commit (its first 12 digits),
// whether the tree was modified and the commit's time.
type build struct {
	version, rev, at string
	dirty            bool
}

func readBuild() build {
	b := build{version: "devel"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return b
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		b.version = v
		return b
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			b.rev = s.Value[:min(len(s.Value), 12)]
		case "vcs.time":
			b.at = s.Value
		case "vcs.modified":
			b.dirty = s.Value == "true"
		}
	}
	return b
}
