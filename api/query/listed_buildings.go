package query

// Listed-building builders (spec 4.4).

// ListedBuildingsNearby is the listed-buildings search.
type ListedBuildingsNearby struct {
	Center  GeoPoint
	RadiusM float64
	Grade   string // "" = any
	Limit   int
}
