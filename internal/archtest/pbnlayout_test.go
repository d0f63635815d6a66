package archtest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"handrec/model"
)

// pbnSyntax are the literals that spell PBN's bookkeeping: an escape line's
// "%", a comment's braces and semicolon, a "#" or "##" value, the version
// and export lines, and the names of PBN's comment kinds. (A column's
// width, "\2R", is a backslash, which JSON and messages quote with too:
// TestNoPBNBookkeepingInRecord holds the fields.)
var pbnSyntax = []string{"%", "{", "}", ";", "#", "##", "EXPORT", "% EXPORT", "% PBN", "brace", "semicolon"}

// knownPBNSyntax are literals of pbnSyntax the test lets stand in model/,
// by file and value, each with its reason. An entry no literal needs any
// more fails the test, so that the list only shrinks.
var knownPBNSyntax = map[string]string{
	// the par's contracts as BridgeComposer's ParContract gives them, one
	// fact's text form as a Deal's "N:..." is another's
	"model/par.go ;": "a fact's text form",
	// the Scoring fact's value lists its methods as PBN's Scoring tag
	// spells them ("IMP;Butler-2;Mean"): the value's own syntax
	"model/scoring/check.go ;":  "a fact's text form",
	"model/scoring/method.go ;": "a fact's text form",
	// an artificial score written as a percentage ("60%", "^55" kept as
	// "55%"): a traveller cell's value, not an escape line
	"model/scoring/rawtraveller.go %": "a cell's text form",
	"model/scoring/traveller.go %":    "a cell's text form",
}

// TestNoPBNSyntaxInModel holds that PBN's bookkeeping is spelt only in
// PBN's layout (layout/), its reader (parser/) and its writer
// (export/): no non-test Go file of model/ or jsonrec/ has a
// string or character literal of an escape line, a comment's syntax or
// kind, a "##" value, the version or export line or a column's width.
func TestNoPBNSyntaxInModel(t *testing.T) {
	kl := newKnownList(knownPBNSyntax)
	look := func(fset *token.FileSet, p string, f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING && lit.Kind != token.CHAR {
				return true
			}
			v, err := strconv.Unquote(lit.Value)
			if err != nil || !slices.Contains(pbnSyntax, strings.TrimSpace(v)) {
				return true
			}
			kl.see(p+" "+strings.TrimSpace(v), fset.Position(lit.Pos()).String()+": "+lit.Value)
			return true
		})
	}
	// the model, and the JSON 2 codec (once model/jsonrec), which states
	// the record as JSON and leaves PBN's bookkeeping to the layout
	eachGoFile(t, "model", nil, look)
	eachGoFile(t, "jsonrec", nil, look)
	kl.check(t, "PBN's bookkeeping spelt in model/ outside PBN's layout")
}

// pbnFieldNames are names of PBN's bookkeeping that no field of the
// record, a document or their parts may have: it is PBN's layouts' alone.
var pbnFieldNames = []string{"Directives", "Directive", "Escapes", "Version", "Export", "HeaderTags", "Width", "Align",
	"Semicolon", "Semicolons", "Brace", "Form", "TagOrder", "Order", "Spelling"}

// pbnFields are fields, by type and name, that are PBN's bookkeeping
// under a name other fields use for facts (a call's Kind is one): how a
// comment was written ("brace", "semicolon") is PBN's layout's
// (layout.PBN.Semicolons), as LIN's commentary of several lines is LIN's
// (layout.LIN.Breaks) and LIN's marks are (layout.LIN.Marks). A fact's
// place among the tags (FactNote.At, "tag_order") is PBN's tag order, in
// its layout (layout.PBN.TagOrder): the record's facts have no order.
var pbnFields = []string{"Comment.Kind", "Comment.Form", "Comment.Style", "Comment.Brace", "FactNote.At", "Tag.At", "Tag.Kind"}

// commentFields are the fields of model.Comment: commentary is its text
// and where it was read, in every format; a field more would be how one
// format wrote it (TestNoPBNBookkeepingInRecord).
var commentFields = []string{"Text", "Pos"}

// pbnTypeNames are names of PBN's bookkeeping that no type of package
// model may have: an escape line is layout.Directive, PBN's layouts' own.
var pbnTypeNames = []string{"Directive", "Escape", "EscapeLine"}

// knownPBNFields are fields of pbnFieldNames and pbnFields that still
// stand, by type and field, each with its reason; an entry no field needs
// any more fails the test.
var knownPBNFields = map[string]string{}

// modelTypesNamed lists the types package model (its non-test files)
// declares with one of names, at their positions.
func modelTypesNamed(t *testing.T, names []string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, "model", func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, pkg := range pkgs {
		for _, f := range pkg.Files {
			for _, d := range f.Decls {
				if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.TYPE {
					for _, s := range g.Specs {
						if ts := s.(*ast.TypeSpec); slices.Contains(names, ts.Name.Name) {
							out = append(out, fset.Position(ts.Pos()).String()+": type "+ts.Name.Name)
						}
					}
				}
			}
		}
	}
	return out
}

// TestNoPBNBookkeepingInRecord holds that no exported field of
// model.Record or model.Document, nor of any struct of package model they
// hold, is PBN's bookkeeping (escape lines, by name or type, the version
// and export lines, the "##" header tags, a column's width, a comment's
// form, the tags' order), and that package model declares no type of it:
// those live in PBN's layouts (Record.Layout, Header.Layout,
// Trailer.Layout), which the test does not enter. knownPBNFields lists
// what still stands, with its reason.
func TestNoPBNBookkeepingInRecord(t *testing.T) {
	kl := newKnownList(knownPBNFields)
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(ty reflect.Type) {
		for ty.Kind() == reflect.Pointer || ty.Kind() == reflect.Slice || ty.Kind() == reflect.Array || ty.Kind() == reflect.Map {
			ty = ty.Elem()
		}
		if ty.Kind() != reflect.Struct || ty.PkgPath() != "handrec/model" || seen[ty] {
			return
		}
		seen[ty] = true
		for i := 0; i < ty.NumField(); i++ {
			f := ty.Field(i)
			if !f.IsExported() || f.Type == reflect.TypeFor[model.Layout]() {
				continue
			}
			key := ty.Name() + "." + f.Name
			if slices.Contains(pbnFieldNames, f.Name) || slices.Contains(pbnFields, key) {
				kl.see(key, key)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[model.Document]())
	if !seen[reflect.TypeFor[model.Record]()] || !seen[reflect.TypeFor[model.Header]()] || !seen[reflect.TypeFor[model.Trailer]()] {
		t.Fatal("the walk did not reach the record, the header and the trailer")
	}
	kl.found = append(kl.found, modelTypesNamed(t, pbnTypeNames)...)
	ct := reflect.TypeFor[model.Comment]()
	for i := 0; i < ct.NumField(); i++ {
		if f := ct.Field(i); !slices.Contains(commentFields, f.Name) {
			kl.found = append(kl.found, "Comment."+f.Name+": a comment is its text and position")
		}
	}
	kl.check(t, "PBN's bookkeeping as fields of the record")
}
