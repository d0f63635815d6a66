package archive

// CheckCondition makes sure cond is a condition that Records and the
// CLI's --where accept: one expression, with no ; and no ) closing what it
// did not open, so that it stays inside the parentheses a caller puts it
// in. The error is EInvalid. SQLite then checks that it is an expression
// when the statement that holds it is prepared. The web viewer's
// advanced search (web/) puts the user's condition under the same check.
func CheckCondition(cond string) error { return checkCondition(cond) }
