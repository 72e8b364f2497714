package mappings

// DeprivationIndex is one nation's index of multiple deprivation: each UK
// nation publishes its own, ranking its own small areas (docs/decisions.md).
type DeprivationIndex struct {
	Country   string // E, W, S, N
	Nation    string // "England"
	Edition   string // stored edition code: IMD2019, WIMD2019, SIMD2020, NIMDM2017
	Source    string // the publication, for metadata.source
	AreaNoun  string // what it ranks: "neighbourhoods" (LSOAs), "data zones", "super output areas"
	AreaCount int    // the national number of ranked areas (total_lsoas)
}

var deprivationIndices = []DeprivationIndex{
	{"E", "England", "IMD2019", "English Indices of Deprivation 2019 (MHCLG), Open Government Licence v3.0", "neighbourhoods", 32844},
	{"W", "Wales", "WIMD2019", "Welsh Index of Multiple Deprivation 2019 (Welsh Government), Open Government Licence v3.0", "neighbourhoods", 1909},
	{"S", "Scotland", "SIMD2020", "Scottish Index of Multiple Deprivation 2020 (Scottish Government), Open Government Licence v3.0", "data zones", 6976},
	{"N", "Northern Ireland", "NIMDM2017", "Northern Ireland Multiple Deprivation Measure 2017 (NISRA), Open Government Licence v3.0", "super output areas", 890},
}

// DeprivationIndexOf returns the index of a country code (E, W, S, N) or of
// an edition code; ok false when neither is known.
func DeprivationIndexOf(countryOrEdition string) (DeprivationIndex, bool) {
	for _, d := range deprivationIndices {
		if d.Country == countryOrEdition || d.Edition == countryOrEdition {
			return d, true
		}
	}
	return DeprivationIndex{}, false
}

// deprivationUncovered are the postcode areas the specification lists as not
// yet covered by deprivation ("Postcode not found"); N and S only in part.
var deprivationUncovered = map[string]bool{
	"SW": true, "M": true, "SM": true, "SN": true, "SO": true, "SP": true, "SR": true, "SS": true, "ST": true,
	"SY": true, "ME": true, "MK": true, "WA": true, "RM": true, "HA": true, "BD": true, "BL": true, "BH": true,
	"GU": true, "HP": true, "HD": true, "HG": true, "HR": true,
}

// DeprivationUncovered reports whether a postcode area (letters only: "M",
// "SW") is one the specification lists as without deprivation data; partly
// reports the areas covered only in part (N and S).
func DeprivationUncovered(area string) (whole, partly bool) {
	return deprivationUncovered[area], area == "N" || area == "S"
}
