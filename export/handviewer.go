package export

import (
	"bytes"
	"net/url"
	"strings"

	"handrec/model"
)

// HandviewerBase is BBO's handviewer, which shows a board given as LIN.
const HandviewerBase = "https://www.bridgebase.com/tools/handviewer.html?lin="

// HandviewerURL is a link that shows r in BBO's handviewer, as players
// share a hand: the board as single-board LIN (one line, no match header,
// none of the source's layout), escaped for a URL.
func HandviewerURL(r *model.Record) (string, error) {
	single := *r
	single.Match, single.Room, single.Layout = nil, model.NoRoom, nil
	single.Facts[model.FactRoom] = model.FactNote{}
	single.Tags = nil
	for _, t := range r.Tags {
		switch t.Name {
		case "HomeTeam", "VisitTeam":
			// a match's: the handviewer shows one board
		default:
			single.Tags = append(single.Tags, t)
		}
	}
	var b bytes.Buffer
	if err := WriteLIN(&b, &model.Document{Records: []*model.Record{&single}}); err != nil {
		return "", err
	}
	lin := strings.TrimRight(b.String(), "\r\n")
	lin = strings.NewReplacer("\r\n", "", "\n", "").Replace(lin)
	return HandviewerBase + url.QueryEscape(lin), nil
}
