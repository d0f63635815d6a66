package archive

import (
	_ "handrec/archive/postgres" // the engines the tests open archives on
	_ "handrec/archive/sqlite"
)
