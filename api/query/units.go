package query

import "strconv"

// MetersPerMile is the international mile.
const MetersPerMile = 1609.344

func fmtMeters(m float64) string { return strconv.FormatFloat(m, 'f', 1, 64) + "m" }
