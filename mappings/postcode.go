package mappings

import "strings"

// PostcodeParts is a parsed UK postcode.
type PostcodeParts struct {
	Outward string // "EX1", "SW1A"
	Inward  string // "1AE"; empty for an outcode alone
}

// Display returns "EX1 1AE" (or the outcode alone).
func (p PostcodeParts) Display() string {
	if p.Inward == "" {
		return p.Outward
	}
	return p.Outward + " " + p.Inward
}

// Key returns the compact form "EX11AE" used as a keyword.
func (p PostcodeParts) Key() string { return p.Outward + p.Inward }

// Sector returns "EX1 1" ("" for an outcode).
func (p PostcodeParts) Sector() string {
	if p.Inward == "" {
		return ""
	}
	return p.Outward + " " + p.Inward[:1]
}

// Area returns the letters of the outward code: "EX", "SW".
func (p PostcodeParts) Area() string {
	i := 0
	for i < len(p.Outward) && isLetter(p.Outward[i]) {
		i++
	}
	return p.Outward[:i]
}

// ParsePostcode parses a full UK unit postcode in any case and spacing
// ("ex11ae", "EX1 1AE", " ex1  1ae "). A plus sign or any other character is
// rejected. ok is false for anything that is not a full postcode in the
// Royal Mail format (including GIR 0AA).
func ParsePostcode(s string) (PostcodeParts, bool) {
	c, ok := compact(s)
	if !ok || len(c) < 5 || len(c) > 7 {
		return PostcodeParts{}, false
	}
	out, in := c[:len(c)-3], c[len(c)-3:]
	if c == "GIR0AA" {
		return PostcodeParts{Outward: "GIR", Inward: "0AA"}, true
	}
	if !validOutward(out) || !validInward(in) {
		return PostcodeParts{}, false
	}
	return PostcodeParts{Outward: out, Inward: in}, true
}

// ParseOutcode parses an outward code alone ("EX1", "sw1a").
func ParseOutcode(s string) (string, bool) {
	c, ok := compact(s)
	if !ok || !validOutward(c) {
		return "", false
	}
	return c, true
}

// NormalisePostcode returns the display form of a full postcode, or "" when
// s is not one.
func NormalisePostcode(s string) string {
	p, ok := ParsePostcode(s)
	if !ok {
		return ""
	}
	return p.Display()
}

// compact upper-cases and removes spaces; only ASCII letters and digits
// are allowed.
func compact(s string) (string, bool) {
	if len(s) > 16 {
		return "", false
	}
	b := make([]byte, 0, 8)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == ' ' || ch == '\t':
			continue
		case ch >= 'a' && ch <= 'z':
			b = append(b, ch-'a'+'A')
		case ch >= 'A' && ch <= 'Z', ch >= '0' && ch <= '9':
			b = append(b, ch)
		default:
			return "", false
		}
	}
	return string(b), len(b) > 0
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' }
func isDigit(c byte) bool  { return c >= '0' && c <= '9' }

// validOutward accepts A9, A99, AA9, AA99, A9A, AA9A.
func validOutward(o string) bool {
	switch len(o) {
	case 2:
		return isLetter(o[0]) && isDigit(o[1])
	case 3:
		return isLetter(o[0]) && ((isDigit(o[1]) && (isDigit(o[2]) || isLetter(o[2]))) || (isLetter(o[1]) && isDigit(o[2])))
	case 4:
		return isLetter(o[0]) && isLetter(o[1]) && isDigit(o[2]) && (isDigit(o[3]) || isLetter(o[3]))
	}
	return false
}

// validInward accepts 9AA (the letters C, I, K, M, O, V are never used).
func validInward(in string) bool {
	return len(in) == 3 && isDigit(in[0]) && isLetter(in[1]) && isLetter(in[2]) &&
		!strings.ContainsAny(in[1:], "CIKMOV")
}
