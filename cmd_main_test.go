package main

import "testing"

// TestUsageErrors: urfave/cli's own complaints are usage errors, told by
// their type (OnUsageError, cli.ExitCoder), not by their text.
func TestUsageErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"help", "nosuch"}, "No help topic for 'nosuch'"},
		{[]string{"check", "--nosuch", "x"}, "flag provided but not defined: -nosuch"},
		{[]string{"show", "--board", "x", "samples/full_play.pbn"}, `invalid value "x" for flag -board: parse error`},
	} {
		code, out, errs := runCLI(c.args...)
		if want := "handrec: " + c.msg + "\nTry: handrec --help\n"; code != exitUsage || out != "" || errs != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2, %q", c.args, code, out, errs, want)
		}
	}
}
