package render

import "testing"

// Suit escapes turn into suit signs, alone or before the ranks they
// name, and stay as written inside a word.
func TestSuitEscapes(t *testing.T) {
	t.Parallel()
	st := Style{}
	for in, want := range map[string]string{
		`lead the \SQ`:         "lead the ♠Q",
		`!SK and @SA, then \S`: "♠K and ♠A, then ♠",
		`!HAKQ9 opposite \D`:   "♥AKQ9 opposite ♦",
		`5+ !S`:                "5+ ♠",
		`!Stop @Home \Cx`:      `!Stop @Home \Cx`,
		`\SKY`:                 `\SKY`,
		`\C8 \H10`:             "♣8 ♥10",
	} {
		t.Run(in, func(t *testing.T) {
			if got := st.suitEscapes(in); got != want {
				t.Errorf("%q: got %q, want %q", in, got, want)
			}
		})
	}
}
