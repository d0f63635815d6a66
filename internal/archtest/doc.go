// Package archtest holds the architecture tests: the rules that the
// whole tree keeps, rather than what one package does. Which package may
// import which (imports_test.go), no package variable set per run
// (globals_test.go), one parallel map and one double-dummy path
// (onepath_test.go), PBN's tag names, syntax and bookkeeping and LIN's
// marks kept to their formats' packages (tagnames_test.go,
// pbnlayout_test.go, linmarks_test.go), docs and comments that name no
// issue nor a path outside the repository (docs_test.go), and a root
// that holds main.go alone (root_test.go). The tests run from the
// module's root and walk the tree from there; the package has no code of
// its own.
package archtest
