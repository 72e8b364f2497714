package mappings

// Deprivation is the Index of Multiple Deprivation of one LSOA (index
// deprivation, id = LSOACode). Ranks: 1 = most deprived.
type Deprivation struct {
	LSOACode   string              `json:"lsoa_code" os:"keyword"`
	LSOAName   string              `json:"lsoa_name" os:"keyword"`
	LADCode    string              `json:"lad_code" os:"keyword"`
	LADName    string              `json:"lad_name" os:"keyword"`
	Rank       int                 `json:"rank" os:"integer"`
	Decile     int                 `json:"decile" os:"integer"`
	Score      float64             `json:"score,omitempty" os:"float"`      // IMD score (higher = more deprived)
	LADRank    int                 `json:"lad_rank,omitempty" os:"integer"` // rank of the LSOA within its LAD
	LADCount   int                 `json:"lad_count,omitempty" os:"integer"`
	TotalLSOAs int                 `json:"total_lsoas" os:"integer"`
	Domains    []DeprivationDomain `json:"domains,omitempty" os:"object"`
	Edition    string              `json:"edition" os:"keyword"` // IMD2019
	Source     string              `json:"source" os:"keyword"`
}

// DeprivationDomain is one of income, employment, education, health, crime,
// housing, environment.
type DeprivationDomain struct {
	Domain string  `json:"domain" os:"keyword"`
	Rank   int     `json:"rank" os:"integer"`
	Decile int     `json:"decile" os:"integer"`
	Score  float64 `json:"score,omitempty" os:"float"`
}

// Census holds Census 2021 groups for one MSOA (index census, id = MSOACode).
// Percentages are 0..100.
type Census struct {
	MSOACode        string             `json:"msoa_code" os:"keyword"`
	MSOAName        string             `json:"msoa_name,omitempty" os:"keyword"`
	LADCode         string             `json:"lad_code,omitempty" os:"keyword"`
	LADName         string             `json:"lad_name,omitempty" os:"keyword"`
	CensusYear      int                `json:"census_year" os:"integer"`
	PopulationTotal int                `json:"population_total" os:"integer"`
	Households      int                `json:"households" os:"integer"`
	Tenure          map[string]float64 `json:"tenure,omitempty" os:"flat"`         // owned_outright_pct ...
	Age             map[string]float64 `json:"age,omitempty" os:"flat"`            // age_0_15_pct ...
	Ethnicity       map[string]float64 `json:"ethnicity,omitempty" os:"flat"`      // white_british_pct ...
	Occupation      map[string]float64 `json:"occupation,omitempty" os:"flat"`     // managerial_professional_pct ...
	HouseholdSize   map[string]float64 `json:"household_size,omitempty" os:"flat"` // one_person_pct ...
	CarOwnership    map[string]float64 `json:"car_ownership,omitempty" os:"flat"`  // no_car_pct ...
	Sources         []string           `json:"data_sources,omitempty" os:"keyword"`
	Source          string             `json:"source" os:"keyword"`
}

// Broadband is fixed broadband coverage and speed for one postcode (index
// broadband, id = Postcode). Mirrors Ofcom Connected Nations.
type Broadband struct {
	Postcode              string  `json:"postcode" os:"keyword"`
	AvgDownloadSpeed      float64 `json:"avg_download_speed" os:"float"`
	MaxDownloadSpeed      float64 `json:"max_download_speed" os:"float"`
	AvgUploadSpeed        float64 `json:"avg_upload_speed" os:"float"`
	MaxUploadSpeed        float64 `json:"max_upload_speed" os:"float"`
	SuperfastAvailablePct float64 `json:"superfast_available_pct" os:"float"`
	UltrafastAvailablePct float64 `json:"ultrafast_available_pct" os:"float"`
	GigabitAvailablePct   float64 `json:"gigabit_available_pct" os:"float"`
	FullFibreAvailablePct float64 `json:"full_fibre_available_pct" os:"float"`
	BelowUSOPct           float64 `json:"below_uso_pct" os:"float"`
	ConnectionsCount      int     `json:"connections_count" os:"integer"`
	PremisesCount         int     `json:"premises_count" os:"integer"`
	DataYear              int     `json:"data_year" os:"integer"`
	Source                string  `json:"source" os:"keyword"`
	// Attribution is the licence statement of a real source (empty for generated data).
	Attribution string `json:"attribution,omitempty" os:"noindex"`
}

// RiskArea is one polygon of an environmental risk layer (index risk_areas,
// id = ID). Kind "coverage" polygons mark where a layer was assessed at all;
// kind "hazard" polygons carry a band.
type RiskArea struct {
	ID          string    `json:"id" os:"keyword"`
	RiskType    string    `json:"risk_type" os:"keyword"`       // flood, radon, noise, landfill, coal_mining, invasive_plants, air_quality_today
	SubType     string    `json:"sub_type" os:"keyword"`        // rivers_and_sea, surface_water, road_noise, ...
	Kind        string    `json:"kind" os:"keyword"`            // hazard, coverage
	Label       string    `json:"label,omitempty" os:"keyword"` // Very low, Low, Medium, High
	Score       int       `json:"score,omitempty" os:"integer"`
	ScoreUnit   string    `json:"score_unit,omitempty" os:"keyword"` // band, dB, pct, index
	Description string    `json:"description,omitempty" os:"keyword"`
	Name        string    `json:"name,omitempty" os:"keyword"`
	ValidFrom   string    `json:"valid_from,omitempty" os:"date"`
	Geometry    *Geometry `json:"geometry" os:"geo_shape"`
	Centroid    *GeoPoint `json:"centroid,omitempty" os:"geo_point"`
	Source      string    `json:"source" os:"keyword"`
}
