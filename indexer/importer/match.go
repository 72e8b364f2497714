package importer

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// matcher links Price Paid sales to loaded addresses by postcode and
// normalised PAON, SAON and street. Addresses are fetched once per postcode.
type matcher struct {
	lookup AddressLookup
	cache  map[string][]mappings.Address
}

func newMatcher(l AddressLookup) *matcher {
	return &matcher{lookup: l, cache: map[string][]mappings.Address{}}
}

// prefetch fills the cache with the addresses of every postcode of sales
// not cached yet, in one batch call.
func (m *matcher) prefetch(ctx context.Context, batch func(context.Context, []string) (map[string][]mappings.Address, error), sales []mappings.Sale) error {
	var keys []string
	want := map[string]bool{}
	for i := range sales {
		p, ok := mappings.ParsePostcode(sales[i].Postcode)
		if !ok {
			continue
		}
		if _, cached := m.cache[p.Key()]; !cached && !want[p.Key()] {
			want[p.Key()] = true
			keys = append(keys, p.Key())
		}
	}
	if len(keys) == 0 {
		return nil
	}
	got, err := batch(ctx, keys)
	if err != nil {
		return fmt.Errorf("look up addresses of %d postcodes: %w", len(keys), err)
	}
	for _, k := range keys {
		m.cache[k] = got[k] // nil: no address there, cached as such
	}
	return nil
}

// match returns the single address the sale matches, or nil when none or
// several do (an ambiguous match is left unmatched).
func (m *matcher) match(ctx context.Context, s *mappings.Sale) (*mappings.Address, error) {
	p, ok := mappings.ParsePostcode(s.Postcode)
	if !ok {
		return nil, nil
	}
	addrs, ok := m.cache[p.Key()]
	if !ok {
		var err error
		addrs, err = m.lookup(ctx, p.Key())
		if err != nil {
			return nil, fmt.Errorf("look up addresses of %s: %w", p.Display(), err)
		}
		m.cache[p.Key()] = addrs
	}
	return matchAddress(s.PAON, s.SAON, s.Street, addrs), nil
}

// matchAddress is the pure matching rule.
func matchAddress(paon, saon, street string, addrs []mappings.Address) *mappings.Address {
	np, ns, nst := normAddr(paon), normSub(saon), normAddr(street)
	if np == "" {
		return nil
	}
	var hit *mappings.Address
	for i := range addrs {
		a := &addrs[i]
		if nst != "" && a.StreetName != "" && normAddr(a.StreetName) != nst {
			continue
		}
		if normSub(a.SubBuilding) != ns {
			continue
		}
		if !paonMatches(np, a) {
			continue
		}
		if hit != nil && hit.UPRN != a.UPRN {
			return nil
		}
		hit = a
	}
	return hit
}

func paonMatches(np string, a *mappings.Address) bool {
	num, name := normAddr(a.BuildingNumber), normAddr(a.BuildingName)
	switch np {
	case "":
		return false
	case num, name, strings.TrimSpace(name + " " + num), strings.TrimSpace(num + " " + name):
		return true
	}
	return false
}

var nonAlnum = regexp.MustCompile(`[^A-Z0-9]+`)

// normAddr upper-cases, turns punctuation into spaces and collapses them.
func normAddr(s string) string {
	return strings.TrimSpace(nonAlnum.ReplaceAllString(strings.ToUpper(s), " "))
}

var subPrefix = regexp.MustCompile(`^(FLAT|APARTMENT|APT|UNIT|SUITE|ROOM|MAISONETTE) `)

// normSub normalises a sub-building: "Flat 3", "FLAT 3" and "3" agree.
func normSub(s string) string {
	return subPrefix.ReplaceAllString(normAddr(s), "")
}

var (
	reSubLine    = regexp.MustCompile(`(?i)^(flat|apartment|apt|unit|suite|room|maisonette)\b`)
	reNumStreet  = regexp.MustCompile(`^(\d+[A-Za-z]?(?:\s*-\s*\d+[A-Za-z]?)?),?\s+(.+)$`)
	reNumberOnly = regexp.MustCompile(`^\d+[A-Za-z]?$`)
)

// parsedAddress splits free address lines (EPC address1..3) into
// sub-building, building name, number, street and locality, the way
// Address documents hold them.
type parsedAddress struct {
	sub, name, number, street, locality string
}

// parseAddressLines is a heuristic: a leading "Flat 3" line is the
// sub-building; "12 High Street" gives number and street; a line before the
// street without a number is the building name; a line after it the
// locality. A line "Flat 1, 26 Haldon Road" is split at its comma first.
func parseAddressLines(lines ...string) parsedAddress {
	var parts []string
	for _, l := range lines {
		for _, p := range strings.Split(l, ",") {
			if p = strings.TrimSpace(p); p != "" {
				parts = append(parts, p)
			}
		}
	}
	var a parsedAddress
	for i := 0; i < len(parts); i++ {
		p := parts[i]
		switch {
		case a.street != "":
			if a.locality == "" {
				a.locality = p
			}
		case i == 0 && reSubLine.MatchString(p):
			a.sub = p
		case reNumberOnly.MatchString(p) && i+1 < len(parts):
			a.number, a.street = p, parts[i+1]
			i++
		case reNumStreet.MatchString(p):
			m := reNumStreet.FindStringSubmatch(p)
			a.number, a.street = m[1], m[2]
		case a.name == "" && i+1 < len(parts):
			a.name = p
		default:
			a.street = p
		}
	}
	return a
}
