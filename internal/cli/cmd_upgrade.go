package cli

import (
	"fmt"

	"github.com/urfave/cli/v2"
)

func upgradeCommand() *cli.Command {
	return &cli.Command{
		Name:      "upgrade",
		Usage:     "bring an archive an older handrec made to this handrec's schema",
		UsageText: "handrec upgrade [--db PATH]",
		Description: "Upgrades the archive in place, in one transaction, and says from which schema version. " +
			"The commands that only read an archive (query, export, show, sheet, score, convert with --db) " +
			"never change the file, and refuse an archive of an older schema; import and dd --db upgrade it too. " +
			"Exit status: 0 ok (also when there was nothing to upgrade); 1 no archive, not an archive, or the upgrade failed; 2 usage error.",
		Flags:  []cli.Flag{dbFlag()},
		Action: runUpgrade,
	}
}

func runUpgrade(c *cli.Context) error {
	if c.NArg() > 0 {
		return usagef("upgrade: unexpected argument %q (the archive is named with --db)", c.Args().First())
	}
	ctx := c.Context
	db, err := openForWriting(ctx, c, true)
	if err != nil {
		return err
	}
	defer db.Close()
	if db.UpgradedFrom() == 0 {
		v, _ := db.Version(ctx)
		fmt.Fprintf(c.App.ErrWriter, "handrec: the archive %s is at schema version %d already: nothing to upgrade\n", db.Path(), v)
	}
	return nil
}
