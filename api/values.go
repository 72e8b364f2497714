package api

// Rendering of values that every family shares: one format per field, null
// when the datum is unknown (never "").

import "time"

// dateTime renders a stored date or date-time as an RFC 3339 date-time in
// UTC (a bare YYYY-MM-DD, as the BLM importer writes, is midnight UTC);
// null when empty or unreadable.
func dateTime(s string) *string {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		v := t.UTC().Format(time.RFC3339)
		return &v
	}
	if t, err := time.Parse("2006-01-02", s); err == nil {
		v := t.Format(time.RFC3339)
		return &v
	}
	return nil
}
