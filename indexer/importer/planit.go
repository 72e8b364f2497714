package importer

// Planning applications as PlanIt (planit.org.uk) publishes them: the
// /api/applics/json answer {"count", "from", "to", "records": [...]} or the
// /api/applics/geojson FeatureCollection (the same fields as properties of
// Point features). Record fields used, per the PlanIt data dictionary:
// name (PlanIt's unique id), uid (the council's reference), area_name,
// address, postcode, description, app_type, app_state, app_size,
// start_date, decided_date, location_x (longitude), location_y (latitude),
// link (PlanIt page), url (council page) and other_fields (date_received,
// date_validated, ward_name, ...). PlanIt publishes no personal names.

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/mappings"
)

const planitSource = "PlanIt (planit.org.uk), from the council's planning register"

// planitStates maps PlanIt's app_state to our status and decision.
var planitStates = map[string][2]string{
	"undecided":  {"Pending", "Undecided"},
	"permitted":  {"Decided", "Approved"},
	"conditions": {"Decided", "Approved"},
	"rejected":   {"Decided", "Refused"},
	"withdrawn":  {"Withdrawn", "Withdrawn"},
	"referred":   {"Appeal", "Undecided"},
	"unresolved": {"Decided", "Undecided"},
	"other":      {"Pending", "Undecided"},
}

// ImportPlanIt reads PlanIt JSON or GeoJSON answers into planning
// documents. Rejects carry the record number as their line.
func ImportPlanIt(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("planit", files)
	em := emitter{sink, rep}
	seen := map[string]bool{}
	for _, path := range files {
		if err := importPlanItFile(ctx, path, em, seen); err != nil {
			return rep, err
		}
	}
	return rep, nil
}

func importPlanItFile(ctx context.Context, path string, em emitter, seen map[string]bool) error {
	return withFile(path, func(name string, f io.Reader) error {
		dec := json.NewDecoder(f)
		dec.UseNumber()
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return fmt.Errorf("%s: not a PlanIt JSON object", path)
		}
		var key string
		for {
			t, err := dec.Token()
			if err != nil {
				return fmt.Errorf("%s: no records or features array: %w", path, err)
			}
			if t == "records" || t == "features" {
				key = t.(string)
				break
			}
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return fmt.Errorf("%s: %w", path, err)
			}
		}
		if t, err := dec.Token(); err != nil || t != json.Delim('[') {
			return fmt.Errorf("%s: %s is not an array", path, key)
		}
		rep := em.rep
		for n := 1; dec.More(); n++ {
			if n%1000 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			var rec map[string]any
			if err := dec.Decode(&rec); err != nil {
				return fmt.Errorf("%s: record %d: %w", path, n, err)
			}
			rep.Rows++
			if key == "features" {
				props, _ := rec["properties"].(map[string]any)
				if props == nil {
					rep.reject(name, n, "feature %d: no properties", n)
					continue
				}
				if g, ok := rec["geometry"].(map[string]any); ok && g["type"] == "Point" {
					if c, ok := g["coordinates"].([]any); ok && len(c) >= 2 {
						if props["location_x"] == nil {
							props["location_x"] = c[0]
						}
						if props["location_y"] == nil {
							props["location_y"] = c[1]
						}
					}
				}
				rec = props
			}
			doc, remark, err := planitRecord(rec)
			if err != nil {
				rep.reject(name, n, "record %d: %v", n, err)
				continue
			}
			if seen[doc.Reference] {
				rep.reject(name, n, "record %d: duplicate application %s", n, doc.Reference)
				continue
			}
			seen[doc.Reference] = true
			if remark != "" {
				rep.mark(remark, 1)
			}
			if err := em.add(mappings.IndexPlanning, doc.Reference, doc); err != nil {
				return err
			}
		}
		return nil
	})
}

func anyString(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case json.Number:
		return x.String()
	case float64:
		return fmt.Sprint(x)
	}
	return ""
}

func anyFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case json.Number:
		f, err := x.Float64()
		return f, err == nil
	case float64:
		return x, true
	case string:
		var f float64
		_, err := fmt.Sscan(strings.TrimSpace(x), &f)
		return f, err == nil && x != ""
	}
	return 0, false
}

// planitDate accepts "2024-03-01", "2024-03-01T00:00:00" and "01/03/2024".
func planitDate(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", nil
	}
	for _, layout := range []string{"2006-01-02", "2006-01-02T15:04:05", "2006-01-02T15:04:05Z07:00", "02/01/2006"} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.Format("2006-01-02"), nil
		}
	}
	if len(s) >= 10 {
		if t, err := time.Parse("2006-01-02", s[:10]); err == nil {
			return t.Format("2006-01-02"), nil
		}
	}
	return "", fmt.Errorf("invalid date %q", s)
}

func planitRecord(rec map[string]any) (mappings.Planning, string, error) {
	var d mappings.Planning
	other, _ := rec["other_fields"].(map[string]any)
	of := func(k string) string {
		if other == nil {
			return ""
		}
		return anyString(other[k])
	}
	area := anyString(rec["area_name"])
	d.Reference = anyString(rec["name"])
	if d.Reference == "" && anyString(rec["uid"]) != "" && area != "" {
		d.Reference = area + "/" + anyString(rec["uid"])
	}
	if d.Reference == "" {
		return d, "", fmt.Errorf("no name or uid")
	}
	d.Address, d.Description, d.Authority = anyString(rec["address"]), anyString(rec["description"]), area
	if d.Description == "" {
		return d, "", fmt.Errorf("%s: no description", d.Reference)
	}
	if pc, ok := mappings.ParsePostcode(anyString(rec["postcode"])); ok {
		d.Postcode = pc.Display()
	}
	state := strings.ToLower(anyString(rec["app_state"]))
	sd, ok := planitStates[state]
	if !ok {
		return d, "", fmt.Errorf("%s: unknown app_state %q", d.Reference, anyString(rec["app_state"]))
	}
	d.Status, d.Decision = sd[0], sd[1]
	d.Type, d.Size = anyString(rec["app_type"]), anyString(rec["app_size"])
	if d.Type == "" {
		d.Type = "Other"
	}
	d.Ward = of("ward_name")
	var err error
	if d.DateReceived, err = planitDate(firstNonEmpty(of("date_received"), anyString(rec["start_date"]))); err != nil {
		return d, "", fmt.Errorf("%s: date received: %v", d.Reference, err)
	}
	if d.DateReceived == "" {
		return d, "", fmt.Errorf("%s: no start_date", d.Reference)
	}
	if d.DateValidated, err = planitDate(of("date_validated")); err != nil {
		return d, "", fmt.Errorf("%s: date validated: %v", d.Reference, err)
	}
	if d.DateDecided, err = planitDate(anyString(rec["decided_date"])); err != nil {
		return d, "", fmt.Errorf("%s: decided date: %v", d.Reference, err)
	}
	d.URL = firstNonEmpty(anyString(rec["url"]), anyString(rec["link"]))
	d.Source = planitSource
	lon, okx := anyFloat(rec["location_x"])
	lat, oky := anyFloat(rec["location_y"])
	if !okx || !oky {
		lon, okx = anyFloat(rec["lng"])
		lat, oky = anyFloat(rec["lat"])
	}
	switch {
	case !okx || !oky:
		return d, "no location (not found by radius searches)", nil
	case lat < 49 || lat > 61 || lon < -9 || lon > 2:
		return d, "", fmt.Errorf("%s: location %v, %v outside the UK", d.Reference, lat, lon)
	}
	d.Location = &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}
	return d, "", nil
}
