package mappings

import "encoding/json"

// GeoPoint is a WGS84 point, stored as a geo_point.
type GeoPoint struct {
	Lat float64 `json:"lat"`
	Lon float64 `json:"lon"`
}

// BBox is a viewport in WGS84 degrees: the bbox parameter
// (minLon,minLat,maxLon,maxLat), a geo_bounding_box filter, and the bounds
// of a map cluster.
type BBox struct {
	MinLon float64 `json:"min_lon"`
	MinLat float64 `json:"min_lat"`
	MaxLon float64 `json:"max_lon"`
	MaxLat float64 `json:"max_lat"`
}

// Geometry is a GeoJSON geometry (Polygon or MultiPolygon, [lon, lat]
// order), stored as a geo_shape.
type Geometry struct {
	Type        string          `json:"type"`
	Coordinates json.RawMessage `json:"coordinates"`
}

// Postcode is one unit postcode (index postcodes, id = Postcode in display
// form, e.g. "EX1 1AE"). Mirrors ONSPD/NSPL and Code-Point Open.
type Postcode struct {
	Postcode     string    `json:"postcode" os:"keyword"`     // display form "EX1 1AE"
	PostcodeKey  string    `json:"postcode_key" os:"keyword"` // "EX11AE"
	Outcode      string    `json:"outcode" os:"keyword"`      // "EX1"
	Sector       string    `json:"sector" os:"keyword"`       // "EX1 1"
	Area         string    `json:"area" os:"keyword"`         // "EX"
	Location     *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Quality      int       `json:"quality,omitempty" os:"integer"` // positional quality (Code-Point 10 = best)
	Country      string    `json:"country" os:"keyword"`           // E, W, S, N (ONS country code letter)
	Region       string    `json:"region,omitempty" os:"keyword"`  // region name
	LADCode      string    `json:"lad_code,omitempty" os:"keyword"`
	LADName      string    `json:"lad_name,omitempty" os:"keyword"`
	WardCode     string    `json:"ward_code,omitempty" os:"keyword"`
	LSOACode     string    `json:"lsoa_code,omitempty" os:"keyword"`
	MSOACode     string    `json:"msoa_code,omitempty" os:"keyword"`
	PostTown     string    `json:"post_town,omitempty" os:"keyword"`
	Introduced   string    `json:"introduced,omitempty" os:"keyword"` // YYYYMM
	Terminated   string    `json:"terminated,omitempty" os:"keyword"` // YYYYMM; empty = live
	IsTerminated bool      `json:"is_terminated" os:"boolean"`
	Source       string    `json:"source" os:"keyword"` // generated, onspd, nspl, codepoint
}

// Address is one addressable UPRN (index addresses, id = UPRN). The
// typeahead index: lean, with search fields built by the writer.
type Address struct {
	UPRN           int64     `json:"uprn" os:"long"`
	UDPRN          int64     `json:"udprn,omitempty" os:"long,stored"`
	USRN           int64     `json:"usrn,omitempty" os:"long,stored"`
	ParentUPRN     int64     `json:"parent_uprn,omitempty" os:"long,nodocvalues"` // the building of a flat
	SubBuilding    string    `json:"sub_building,omitempty" os:"keyword,nosearch"`
	BuildingName   string    `json:"building_name,omitempty" os:"keyword,nosearch"`
	BuildingNumber string    `json:"building_number,omitempty" os:"keyword,nosearch"` // "12", "12A"
	StreetName     string    `json:"street_name,omitempty" os:"keyword,nosearch"`
	Locality       string    `json:"locality,omitempty" os:"keyword,nosearch"`
	TownName       string    `json:"town_name,omitempty" os:"keyword,nosearch"`
	PostTown       string    `json:"post_town,omitempty" os:"keyword,nosearch"`
	Postcode       string    `json:"postcode" os:"keyword,nodocvalues"` // display form
	PostcodeKey    string    `json:"postcode_key" os:"keyword"`         // no space, upper case
	Outcode        string    `json:"outcode" os:"keyword,nodocvalues"`
	Sector         string    `json:"sector" os:"keyword,nodocvalues"`
	AddressLine1   string    `json:"address_line_1" os:"keyword,stored"`
	AddressLine2   string    `json:"address_line_2,omitempty" os:"keyword,stored"`
	AddressLine3   string    `json:"address_line_3,omitempty" os:"keyword,stored"`
	FullAddress    string    `json:"full_address" os:"keyword,nosearch"`                // "Flat 3, 12 High Street, Exeter, EX1 1AE"
	SearchText     string    `json:"search_text" os:"address_text"`                     // what typeahead matches
	Numbers        []string  `json:"numbers,omitempty" os:"number_keyword,nodocvalues"` // house and flat numbers, lower case: "12", "12a", "3"; numbers.prefix holds their prefixes
	HouseNumber    string    `json:"house_number,omitempty" os:"keyword,nodocvalues"`   // building number, lower case, no spaces: "12a"
	FlatNumber     string    `json:"flat_number,omitempty" os:"keyword"`                // sub-building identifier, lower case: "3", "a"
	BuildingKey    string    `json:"building_key,omitempty" os:"keyword"`               // groups the flats of one building
	IsFlat         bool      `json:"is_flat" os:"boolean,nodocvalues"`
	FlatCount      int       `json:"flat_count,omitempty" os:"integer,nodocvalues"` // on building-level records: flats inside
	SortKey        string    `json:"sort_key" os:"keyword,nosearch"`                // natural address order within a postcode
	Location       *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Classification string    `json:"classification_code,omitempty" os:"keyword,nodocvalues"` // AddressBase style: RD02, RD06 ...
	Country        string    `json:"country" os:"keyword,nodocvalues"`
	// Popularity is the static rank (0..1): added to the typeahead's text
	// score.
	Popularity float64 `json:"popularity,omitempty" os:"float,nosearch"`
	// PopularityBand is Popularity in tenths (PopularityBandOf), the first
	// key of the index sort (IndexSort): a query ranked by popularity alone
	// stops at its first matches, and within a band the addresses of a
	// street or a building lie together in UPRN order.
	PopularityBand int    `json:"popularity_band" os:"integer,nosearch"`
	Source         string `json:"source" os:"keyword,nodocvalues"`
	// Hit is what a typeahead suggestion is made of, packed into one doc
	// value (PackHit): the typeahead fetches it alone for each hit.
	Hit string `json:"typeahead_hit,omitempty" os:"keyword,nosearch"`
}

// Boundary is an area polygon (index boundaries, id = ID). Levels:
// region 4, lad 6, ward 8, town 7, postcode_area 5, postcode_district 7,
// msoa 9, lsoa 10 (admin_level, OSM-like).
type Boundary struct {
	ID          int64     `json:"id" os:"long"`
	Code        string    `json:"code" os:"keyword"` // ONS code or postcode district
	Name        string    `json:"name" os:"keyword"`
	DisplayName string    `json:"display_name" os:"keyword"`
	NameSuggest string    `json:"name_suggest" os:"sayt"` // typeahead over names
	Type        string    `json:"type" os:"keyword"`      // region, lad, ward, town, locality, street, postcode_area, postcode_district, msoa, lsoa
	AdminLevel  int       `json:"admin_level" os:"integer"`
	ParentCode  string    `json:"parent_code,omitempty" os:"keyword"`
	LADCode     string    `json:"lad_code,omitempty" os:"keyword"`
	Population  int       `json:"population,omitempty" os:"integer"`
	Geometry    *Geometry `json:"geometry,omitempty" os:"geo_shape"`
	Centroid    *GeoPoint `json:"centroid,omitempty" os:"geo_point"`
	Source      string    `json:"source" os:"keyword"`
	// Attribution is the licence statement of a real source (empty for generated data).
	Attribution string `json:"attribution,omitempty" os:"noindex"`
}
