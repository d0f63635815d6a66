// Package render draws hand records and reports for people to read: the
// text diagrams that show prints and convert --to txt writes (which the
// diagram reader reads back), deal sheets as text, HTML and PDF, score
// blocks and the score report's text, the double-dummy table, par and
// analysis, and the reports of a scored session and of dd. It knows the
// model and the formats' layouts, and uses export for what a writer knows
// (a tag's value as PBN writes it, the handviewer link, what a format
// drops); it reads no file and knows no archive.
package render
