// Package model is handrec's domain: cards, hands, deals, auctions, play and
// hand records. It imports only the standard library; readers, writers, the
// archive and the scoring codes are built around it.
//
// Facts live once. A record's board, dealer, vulnerability, deal, declarer,
// contract, result and room are its fields (Record.Board, Dealer, Vul, Deal,
// Declarer, Contract, Result, Room), never also tags: Record.Tags holds only the
// tags that are not facts (Event, Site, Date, the players, Scoring, the
// tags no reader interprets), in their order. Beside each field,
// Record.Facts keeps the fact's FactNote: where its value stood (for the
// problems Validate finds in it), the text the source gave when the field
// cannot hold it (a value that could not be read, "" or "?") and the
// commentary that follows it. Record.FactValue is a fact as PBN writes it,
// and Record.EachTag walks tags and facts together in PBN's export order.
//
// What only one format needs to write a record back as it was read (LIN's
// pauses and commands, a PBN fact tag given twice, the order a PBN file
// gave its tags and facts in, PBN's escape lines in a record, a header or
// after the last game) is that format's Layout
// (package handrec/layout), which nothing else interprets.
package model
