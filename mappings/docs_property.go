package mappings

// Property is the record of one UPRN (index properties, id = UPRN): address,
// physical attributes, latest EPC, council tax, last sale and model outputs.
type Property struct {
	UPRN           int64  `json:"uprn" os:"long"`
	UDPRN          int64  `json:"udprn,omitempty" os:"long"`
	USRN           int64  `json:"usrn,omitempty" os:"long"`
	ParentUPRN     int64  `json:"parent_uprn,omitempty" os:"long"`
	FullAddress    string `json:"full_address" os:"keyword"`
	AddressLine1   string `json:"address_line_1" os:"keyword"`
	AddressLine2   string `json:"address_line_2,omitempty" os:"keyword"`
	AddressLine3   string `json:"address_line_3,omitempty" os:"keyword"`
	SubBuilding    string `json:"sub_building,omitempty" os:"keyword"`
	BuildingName   string `json:"building_name,omitempty" os:"keyword"`
	BuildingNumber string `json:"building_number,omitempty" os:"keyword"`
	StreetName     string `json:"street_name,omitempty" os:"keyword"`
	Locality       string `json:"locality,omitempty" os:"keyword"`
	TownName       string `json:"town_name,omitempty" os:"keyword"`
	PostTown       string `json:"post_town,omitempty" os:"keyword"`
	Postcode       string `json:"postcode" os:"keyword"`
	Outcode        string `json:"outcode" os:"keyword"`
	Country        string `json:"country" os:"keyword"`
	Region         string `json:"region,omitempty" os:"keyword"`
	LADCode        string `json:"lad_code,omitempty" os:"keyword"`
	LADName        string `json:"lad_name,omitempty" os:"keyword"`
	WardCode       string `json:"ward_code,omitempty" os:"keyword"`
	LSOACode       string `json:"lsoa_code,omitempty" os:"keyword"`
	MSOACode       string `json:"msoa_code,omitempty" os:"keyword"`
	OACode         string `json:"oa_code,omitempty" os:"keyword"` // output area (ONSUD)
	// DirectoryPostcode is the UPRN's postcode in the last ONSUD/NSUL
	// release loaded; PostcodeHistory the postcodes it had in earlier
	// releases (what says where a terminated postcode's addresses went).
	DirectoryPostcode string         `json:"directory_postcode,omitempty" os:"keyword"`
	PostcodeHistory   []PostcodeMove `json:"postcode_history,omitempty" os:"object"`
	Classification    string         `json:"classification_code,omitempty" os:"keyword"`

	PropertyType         string  `json:"property_type,omitempty" os:"keyword"`         // Detached, Semi-Detached, Terraced, Flat, Bungalow
	BuiltForm            string  `json:"built_form,omitempty" os:"keyword"`            // Detached, Semi-Detached, Mid-Terrace, End-Terrace, Enclosed Mid-Terrace
	Tenure               string  `json:"tenure,omitempty" os:"keyword"`                // Freehold, Leasehold
	ConstructionAgeBand  string  `json:"construction_age_band,omitempty" os:"keyword"` // "1930-1949"
	YearBuilt            int     `json:"year_built,omitempty" os:"integer"`
	IsNewBuild           bool    `json:"is_new_build" os:"boolean"`
	WindowsType          string  `json:"windows_type,omitempty" os:"keyword"`
	WallType             string  `json:"wall_type,omitempty" os:"keyword"`
	RoofType             string  `json:"roof_type,omitempty" os:"keyword"`        // Pitched, Flat, Another dwelling above
	RoofOrientation      string  `json:"roof_orientation,omitempty" os:"keyword"` // N, NE, E, SE, S, SW, W, NW
	RoofPitchDeg         float64 `json:"roof_pitch_deg,omitempty" os:"float"`
	RoofAreaSqm          float64 `json:"roof_area_sqm,omitempty" os:"float"`
	HeatingType          string  `json:"heating_type,omitempty" os:"keyword"`
	Bedrooms             int     `json:"bedrooms,omitempty" os:"integer"`
	Bathrooms            int     `json:"bathrooms,omitempty" os:"integer"`
	ReceptionRooms       int     `json:"reception_rooms,omitempty" os:"integer"`
	HabitableRooms       int     `json:"habitable_rooms,omitempty" os:"integer"`
	Floors               int     `json:"floors,omitempty" os:"integer"`
	FloorLevel           *int    `json:"floor_level,omitempty" os:"integer"` // flats: 0 = ground
	EPCFloorArea         float64 `json:"epc_floor_area,omitempty" os:"float"`
	InternalAreaSqm      float64 `json:"internal_area_sqm,omitempty" os:"float"`
	PlotAreaSqm          float64 `json:"plot_area_sqm,omitempty" os:"float"`
	BuildingFootprintSqm float64 `json:"building_footprint_sqm,omitempty" os:"float"`
	WidthM               float64 `json:"width_m,omitempty" os:"float"`
	DepthM               float64 `json:"depth_m,omitempty" os:"float"`
	HeightM              float64 `json:"height_m,omitempty" os:"float"`
	HasGarden            bool    `json:"has_garden" os:"boolean"`
	GardenAreaSqm        float64 `json:"garden_area_sqm,omitempty" os:"float"`
	GardenOrientation    string  `json:"garden_orientation,omitempty" os:"keyword"`
	HasParking           bool    `json:"has_parking" os:"boolean"`
	ParkingType          string  `json:"parking_type,omitempty" os:"keyword"` // Garage, Driveway, Allocated, On street, None
	ParkingSpaces        int     `json:"parking_spaces,omitempty" os:"integer"`

	EPCID                     string       `json:"epc_id,omitempty" os:"keyword"`
	CurrentEnergyEfficiency   int          `json:"current_energy_efficiency,omitempty" os:"integer"`
	PotentialEnergyEfficiency int          `json:"potential_energy_efficiency,omitempty" os:"integer"`
	CurrentEnergyRating       string       `json:"current_energy_rating,omitempty" os:"keyword"`
	PotentialEnergyRating     string       `json:"potential_energy_rating,omitempty" os:"keyword"`
	LastEPCDate               string       `json:"last_epc_date,omitempty" os:"date"`
	EPCRenovations            []Renovation `json:"epc_renovations,omitempty" os:"object"`

	CouncilTaxBand    string            `json:"council_tax_band,omitempty" os:"keyword"`
	CouncilTaxHistory []CouncilTaxEntry `json:"council_tax_history,omitempty" os:"object"`

	LastSoldDate          string  `json:"last_sold_date,omitempty" os:"date"`
	LastSoldPrice         int64   `json:"last_sold_price,omitempty" os:"long"`
	LastSoldAdjustedPrice int64   `json:"last_sold_adjusted_price,omitempty" os:"long"` // indexed to today by HPI
	PredictedValue        int64   `json:"predicted_value,omitempty" os:"long"`
	PredictedRent         int64   `json:"predicted_rent_pcm,omitempty" os:"long"`
	PredictedBedrooms     int     `json:"predicted_bedrooms,omitempty" os:"integer"`
	PredictedFloorArea    float64 `json:"predicted_floor_area,omitempty" os:"float"`

	TitleNo  string    `json:"title_no,omitempty" os:"keyword"`
	IsListed bool      `json:"is_listed_building" os:"boolean"`
	Location *GeoPoint `json:"location,omitempty" os:"geo_point"`
	Source   string    `json:"source" os:"keyword"`
}

// Renovation is one EPC recommended improvement.
type Renovation struct {
	Improvement        string `json:"improvement" os:"keyword"`
	IndicativeCostLow  int    `json:"indicative_cost_low" os:"integer"`
	IndicativeCostHigh int    `json:"indicative_cost_high" os:"integer"`
	TypicalSavingYear  int    `json:"typical_saving_per_year" os:"integer"`
	EfficiencyAfter    int    `json:"efficiency_after" os:"integer"`
	RatingAfter        string `json:"rating_after" os:"keyword"`
}

// PostcodeMove is a postcode a UPRN had in an earlier directory release:
// Until is the release that first gave it another postcode.
type PostcodeMove struct {
	Postcode string `json:"postcode" os:"keyword"`
	Until    string `json:"until,omitempty" os:"keyword"`
}

// CouncilTaxEntry is a band valid from a date.
type CouncilTaxEntry struct {
	Band      string `json:"band" os:"keyword"`
	Effective string `json:"effective_date" os:"date"`
	Reason    string `json:"reason,omitempty" os:"keyword"`
}

// EPC is one energy performance certificate (index epc, id = EPCID, the
// LMK key). UPRN is 0 when the certificate has none; such certificates stay
// findable by postcode and address.
type EPC struct {
	EPCID                     string  `json:"epc_id" os:"keyword"`
	UPRN                      int64   `json:"uprn,omitempty" os:"long"`
	Address                   string  `json:"address" os:"keyword"`
	Postcode                  string  `json:"postcode" os:"keyword"`
	LodgementDate             string  `json:"lodgement_date" os:"date"`
	InspectionDate            string  `json:"inspection_date,omitempty" os:"date"`
	CurrentEnergyRating       string  `json:"current_energy_rating" os:"keyword"`
	PotentialEnergyRating     string  `json:"potential_energy_rating" os:"keyword"`
	CurrentEnergyEfficiency   int     `json:"current_energy_efficiency" os:"integer"`
	PotentialEnergyEfficiency int     `json:"potential_energy_efficiency" os:"integer"`
	PropertyType              string  `json:"property_type,omitempty" os:"keyword"`
	BuiltForm                 string  `json:"built_form,omitempty" os:"keyword"`
	TotalFloorArea            float64 `json:"total_floor_area,omitempty" os:"float"`
	ConstructionAgeBand       string  `json:"construction_age_band,omitempty" os:"keyword"`
	HabitableRooms            int     `json:"habitable_rooms,omitempty" os:"integer"`
	Tenure                    string  `json:"tenure,omitempty" os:"keyword"`
	WindowsDescription        string  `json:"windows_description,omitempty" os:"keyword"`
	WallsDescription          string  `json:"walls_description,omitempty" os:"keyword"`
	RoofDescription           string  `json:"roof_description,omitempty" os:"keyword"`
	MainHeating               string  `json:"main_heating,omitempty" os:"keyword"`
	TransactionType           string  `json:"transaction_type,omitempty" os:"keyword"`
	IsLatest                  bool    `json:"is_latest" os:"boolean"`
	Source                    string  `json:"source" os:"keyword"`
}

// Title is a land registry title (index titles, id = TitleNo).
type Title struct {
	TitleNo                string    `json:"title_no" os:"keyword"`
	UPRN                   int64     `json:"uprn" os:"long"`
	RecordStatus           string    `json:"record_status" os:"keyword"`        // A (active)
	EstateInterestCode     string    `json:"estate_interest_code" os:"keyword"` // F, L
	EstateInterest         string    `json:"estate_interest" os:"keyword"`      // Freehold, Leasehold
	TitleClassCode         string    `json:"title_class_code" os:"keyword"`     // A, P, Q, G
	TitleClass             string    `json:"title_class" os:"keyword"`          // Absolute, Possessory, Qualified, Good leasehold
	HasRestrictiveCovenant bool      `json:"has_restrictive_covenant" os:"boolean"`
	CreatedAt              string    `json:"created_at" os:"date"`
	UpdatedAt              string    `json:"updated_at" os:"date"`
	AreaSqm                float64   `json:"area_sqm,omitempty" os:"float"`
	Geometry               *Geometry `json:"geometry" os:"geo_shape"`
	Centroid               *GeoPoint `json:"centroid,omitempty" os:"geo_point"`
	Source                 string    `json:"source" os:"keyword"`
}

// CouncilTaxCharge is the annual charge per band of one billing authority
// and year (index council_tax, id = "<lad_code>-<year>").
type CouncilTaxCharge struct {
	ID               string           `json:"id" os:"keyword"`
	LADCode          string           `json:"lad_code" os:"keyword"`
	BillingAuthority string           `json:"billing_authority" os:"keyword"`
	Year             string           `json:"year" os:"keyword"` // "2025-26"
	BandDChargePence int64            `json:"band_d_charge_pence" os:"long"`
	ChargesPence     map[string]int64 `json:"charges_pence" os:"flat"` // band letter → pence
	Source           string           `json:"source" os:"keyword"`
}
