package archive

import (
	"strings"

	"handrec/archive/driver"
)

// IsURL reports whether an archive's name is a PostgreSQL server's URL.
func IsURL(name string) bool {
	return strings.HasPrefix(name, "postgres://") || strings.HasPrefix(name, "postgresql://")
}

// DisplayName is how messages name an archive: its path, or its URL
// without the password.
func DisplayName(name string) string {
	if !IsURL(name) {
		return name
	}
	return driver.Redact(name)
}
