package ratelimit

import "time"

// Period is a billing period [Start, End) in UTC.
type Period struct {
	Start, End time.Time
}

// ID names the period in counter keys, e.g. "20261101".
func (p Period) ID() string { return p.Start.Format("20060102") }

// PeriodAt returns the billing period containing t. anchorDay 0 (or 1) is
// the calendar month UTC; 2..28 starts each period on that day of the month
// at 00:00 UTC. Days above 28 are refused when an organisation is created,
// so every month has the anchor day.
func PeriodAt(t time.Time, anchorDay int) Period {
	t = t.UTC()
	if anchorDay < 1 || anchorDay > 28 {
		anchorDay = 1
	}
	start := time.Date(t.Year(), t.Month(), anchorDay, 0, 0, 0, 0, time.UTC)
	if t.Before(start) {
		start = start.AddDate(0, -1, 0)
	}
	return Period{Start: start, End: start.AddDate(0, 1, 0)}
}
