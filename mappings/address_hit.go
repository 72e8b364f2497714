package mappings

import (
	"encoding/json"
	"errors"
	"slices"
	"strconv"
	"strings"
)

// The typeahead reads each hit from one doc value, AddressFieldHit: the
// parts of the address a suggestion is made of, packed into one keyword.
// The engine fetches one value a hit instead of one a field (17), which
// was most of what fetching a hit cost it (docs/performance.md).
//
// The packed form is hitVersion then the parts, each after a hitSep:
//
//	1 postcode post_town town_name locality street_name building_name
//	  building_number sub_building uprn parent_uprn is_flat flat_count
//	  classification_code building_key address_line_1 address_line_2 full_address
//
// The postcode comes first so that neighbouring addresses share a prefix
// in the doc values' sorted terms (stored prefix-compressed). Numbers are
// decimal, zero and false are empty. The building key and the three
// rendered lines are empty when they equal what BuildingKeyOf and
// AddressLines make of the parts (every generated address); any other
// value is stored after a "=" (so "=" alone is an empty line the rendering
// would have filled). A
// separator inside a value is written as hitEsc then 's', an escape as two.
// Neither is one JSON escapes, so the API reads the value as it is.
const (
	hitVersion = "1"
	hitSep     = '|'
	hitEsc     = '^'
	hitParts   = 17
)

// derivedFields are, by index, the fields computed from the document's
// other fields for the engine alone: a load whose documents differ from
// the index they replace only there (the first load after a version that
// added or changed one) changes no document of the changes feed.
var derivedFields = map[string][]string{IndexAddresses: {AddressFieldHit, AddressFieldPopularityBand}}

// WithoutDerived is changed (the top-level fields in which two versions of
// a document of index differ) without the derived fields: empty when the
// document did not change but for them.
func WithoutDerived(index string, changed []string) []string {
	return slices.DeleteFunc(changed, func(f string) bool { return slices.Contains(derivedFields[index], f) })
}

// DeriveEngineFields sets the fields of a computed for the engine alone
// (derivedFields): its popularity band and its packed typeahead value. Its
// search fields (AddressSearchFields) must be set.
func DeriveEngineFields(a *Address) {
	a.PopularityBand = PopularityBandOf(a.Popularity)
	a.Hit = PackHit(a)
}

// DeriveFields is doc (a JSON object, a document of index) with its
// derived fields (DeriveEngineFields) computed from the others: the fields
// of an address written by hand, by a version before them, or edited since
// they were computed. The other fields are kept as they are (the object's
// keys come out sorted).
func DeriveFields(index string, doc []byte) ([]byte, error) {
	if index != IndexAddresses {
		return doc, nil
	}
	var a Address
	if err := json.Unmarshal(doc, &a); err != nil {
		return nil, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(doc, &m); err != nil {
		return nil, err
	}
	DeriveEngineFields(&a)
	hit, err := json.Marshal(a.Hit)
	if err != nil {
		return nil, err
	}
	m[AddressFieldHit] = hit
	m[AddressFieldPopularityBand] = json.RawMessage(strconv.Itoa(a.PopularityBand))
	return json.Marshal(m)
}

// HitFields are the fields of an address PackHit packs, by their names in
// the index.
var HitFields = []string{
	AddressFieldPostcode, AddressFieldPostTown, AddressFieldTownName, AddressFieldLocality,
	AddressFieldStreetName, AddressFieldBuildingName, AddressFieldBuildingNumber, AddressFieldSubBuilding,
	AddressFieldUPRN, AddressFieldParentUPRN, AddressFieldIsFlat, AddressFieldFlatCount,
	AddressFieldClassification, AddressFieldBuildingKey, AddressFieldAddressLine1, AddressFieldAddressLine2,
	AddressFieldFullAddress,
}

// PackHit is a's AddressFieldHit value: its search fields (AddressSearchFields)
// must be set.
func PackHit(a *Address) string {
	var b strings.Builder
	b.Grow(len(a.FullAddress) + 64)
	b.WriteString(hitVersion)
	put := func(s string) {
		b.WriteByte(hitSep)
		for i := 0; i < len(s); i++ {
			if c := s[i]; c == hitSep || c == hitEsc {
				b.WriteByte(hitEsc)
				if c == hitSep {
					c = 's'
				}
				b.WriteByte(c)
				continue
			}
			b.WriteByte(s[i])
		}
	}
	num := func(n int64) string {
		if n == 0 {
			return ""
		}
		return strconv.FormatInt(n, 10)
	}
	put(a.Postcode)
	put(a.PostTown)
	put(a.TownName)
	put(a.Locality)
	put(a.StreetName)
	put(a.BuildingName)
	put(a.BuildingNumber)
	put(a.SubBuilding)
	put(num(a.UPRN))
	put(num(a.ParentUPRN))
	if a.IsFlat {
		put("1")
	} else {
		put("")
	}
	put(num(int64(a.FlatCount)))
	put(a.Classification)
	if a.BuildingKey == BuildingKeyOf(a) {
		put("")
	} else {
		put("=" + a.BuildingKey)
	}
	l1, l2, _, full := AddressLines(a)
	for _, l := range [][2]string{{a.AddressLine1, l1}, {a.AddressLine2, l2}, {a.FullAddress, full}} {
		if l[0] == l[1] {
			put("")
		} else {
			put("=" + l[0])
		}
	}
	return b.String()
}

var errHit = errors.New("not a packed address hit")

// UnpackHit sets the fields of a that PackHit packed into v.
func UnpackHit(v string, a *Address) error {
	if !strings.HasPrefix(v, hitVersion) || len(v) < 2 || v[1] != hitSep {
		return errHit
	}
	var parts [hitParts]string
	n, start := 0, 2
	var esc bool
	var cur []byte
	flush := func(end int) {
		if n < hitParts {
			if cur != nil {
				parts[n] = string(cur)
			} else {
				parts[n] = v[start:end]
			}
		}
		n++
		cur = nil
	}
	for i := 2; i < len(v); i++ {
		c := v[i]
		switch {
		case esc:
			if c == 's' {
				c = hitSep
			}
			cur = append(cur, c)
			esc = false
		case c == hitEsc:
			if cur == nil {
				cur = append([]byte{}, v[start:i]...)
			}
			esc = true
		case c == hitSep:
			flush(i)
			start = i + 1
		default:
			if cur != nil {
				cur = append(cur, c)
			}
		}
	}
	flush(len(v))
	if esc || n != hitParts {
		return errHit
	}
	a.Postcode, a.PostTown, a.TownName, a.Locality = parts[0], parts[1], parts[2], parts[3]
	a.StreetName, a.BuildingName, a.BuildingNumber, a.SubBuilding = parts[4], parts[5], parts[6], parts[7]
	var err error
	if a.UPRN, err = hitInt(parts[8]); err != nil {
		return err
	}
	if a.ParentUPRN, err = hitInt(parts[9]); err != nil {
		return err
	}
	a.IsFlat = parts[10] == "1"
	fc, err := hitInt(parts[11])
	if err != nil {
		return err
	}
	a.FlatCount = int(fc)
	a.Classification = parts[12]
	if pc, ok := ParsePostcode(a.Postcode); ok {
		a.PostcodeKey = pc.Key()
	}
	a.BuildingKey = unrendered(parts[13], func() string { return BuildingKeyOf(a) })
	l1, l2, _, full := AddressLines(a)
	a.AddressLine1 = unrendered(parts[14], func() string { return l1 })
	a.AddressLine2 = unrendered(parts[15], func() string { return l2 })
	a.FullAddress = unrendered(parts[16], func() string { return full })
	return nil
}

// unrendered is the value PackHit stored as s: its rendering when empty.
func unrendered(s string, rendering func() string) string {
	if s == "" {
		return rendering()
	}
	return s[1:]
}

func hitInt(s string) (int64, error) {
	if s == "" {
		return 0, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, errHit
	}
	return n, nil
}
