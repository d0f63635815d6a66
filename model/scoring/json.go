package scoring

import "encoding/json"

// MarshalJSON writes a deal's score; a contract deal adds ns_score and
// recorded_ns (null when the record has no Score tag).
func (d *DealScore) MarshalJSON() ([]byte, error) {
	type plain DealScore
	if d.Code != Contract {
		return json.Marshal((*plain)(d))
	}
	return json.Marshal(struct {
		*plain
		NSScore    *int `json:"ns_score"`
		RecordedNS *int `json:"recorded_ns"`
	}{(*plain)(d), d.NSScore, d.RecordedNS})
}
