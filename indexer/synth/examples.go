package synth

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"time"

	"github.com/ukpd/propertyapi/indexer"
	"github.com/ukpd/propertyapi/mappings"
)

// DemoExamples picks, from a generated world, the identifiers that the
// documentation's examples use, so that every example answers on the data
// `make run` serves (seed 1, 20,000 properties): a house in Exeter with an
// EPC, a title, a sale, a council tax band and a building number; its
// postcode, outcode, street and place; one of its sales and sale events; a
// live listing in its outcode; and the Exeter boundary. Keys are parameter
// names, or "operation.parameter" where one operation needs its own value
// (the keys of SCHEMA_EXAMPLES_FILE).
func DemoExamples(c *indexer.Collector, now time.Time) (map[string]any, error) {
	pick := func(index string, match func(m map[string]any) bool) (string, map[string]any, error) {
		docs := c.Docs[index]
		ids := make([]int, len(docs))
		for i := range ids {
			ids[i] = i
		}
		sort.Slice(ids, func(a, b int) bool { return docs[ids[a]].ID < docs[ids[b]].ID })
		for _, i := range ids {
			b, err := json.Marshal(docs[i].Doc)
			if err != nil {
				return "", nil, err
			}
			var m map[string]any
			if err := json.Unmarshal(b, &m); err != nil {
				return "", nil, err
			}
			if match(m) {
				return docs[i].ID, m, nil
			}
		}
		return "", nil, fmt.Errorf("demo examples: no %s document fits", index)
	}
	uprnS, prop, err := pick(mappings.IndexProperties, func(m map[string]any) bool {
		return m["lad_name"] == "Exeter" && m["epc_id"] != nil && m["title_no"] != nil && m["last_sold_date"] != nil &&
			m["property_type"] != "Flat" && m["building_number"] != nil && m["council_tax_band"] != nil
	})
	if err != nil {
		return nil, err
	}
	uprn, err := strconv.ParseInt(uprnS, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("demo examples: uprn %q: %w", uprnS, err)
	}
	idOf := func(v any) string {
		switch x := v.(type) {
		case float64:
			return strconv.FormatInt(int64(x), 10)
		case string:
			return x
		}
		return fmt.Sprint(v)
	}
	pc, _ := prop["postcode"].(string)
	outcode, _ := prop["outcode"].(string)
	loc, _ := prop["location"].(map[string]any)
	lat, _ := loc["lat"].(float64)
	lng, _ := loc["lon"].(float64)
	street := fmt.Sprint(prop["street_name"])
	bnum := idOf(prop["building_number"])
	saleID, _, err := pick(mappings.IndexSales, func(m map[string]any) bool { return idOf(m["uprn"]) == uprnS })
	if err != nil {
		return nil, err
	}
	eventID, _, err := pick(mappings.IndexSaleEvents, func(m map[string]any) bool { return idOf(m["uprn"]) == uprnS })
	if err != nil {
		return nil, err
	}
	listingID, _, err := pick(mappings.IndexListings, func(m map[string]any) bool { return m["is_live"] == true && m["outcode"] == outcode })
	if err != nil {
		return nil, err
	}
	boundaryID, _, err := pick(mappings.IndexBoundaries, func(m map[string]any) bool { return m["type"] == "lad" && m["name"] == "Exeter" })
	if err != nil {
		return nil, err
	}
	num := func(s string) (int64, error) { return strconv.ParseInt(s, 10, 64) }
	bID, err := num(boundaryID)
	if err != nil {
		return nil, fmt.Errorf("demo examples: boundary id %q: %w", boundaryID, err)
	}
	evID, err := num(eventID)
	if err != nil {
		return nil, fmt.Errorf("demo examples: sale event id %q: %w", eventID, err)
	}
	sID, err := num(saleID)
	if err != nil {
		return nil, fmt.Errorf("demo examples: sale id %q: %w", saleID, err)
	}
	month := now.AddDate(0, -2, 0).Format("2006-01") // a month police.uk has published
	return map[string]any{
		"uprn": uprn, "property": uprn, "postcode": pc, "outcode": outcode,
		"lat": round5(lat), "lng": round5(lng),
		"bbox":                               fmt.Sprintf("%.4f,%.4f,%.4f,%.4f", lng-0.05, lat-0.03, lng+0.05, lat+0.03),
		"address.find.q":                     bnum + " " + street,
		"address.match.address":              bnum + " " + street,
		"boundaries.autocomplete.q":          "Exeter",
		"boundaries.geometry.id":             bID,
		"live_listings.search.boundary_id":   bID,
		"live_listings.clusters.boundary_id": bID,
		"live_listings.clusters.zoom":        12,
		"listings.get.id":                    listingID,
		"listing_id":                         listingID,
		"events.get.id":                      evID,
		"events.list.sale":                   sID,
		"sales.list.id":                      sID,
		"council_tax.band.building_number":   bnum,
		"risks.layer.layer":                  "surface_water",
		"crime.search.date":                  month,
		"crime.search.category":              "burglary",
	}, nil
}

func round5(f float64) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', 5, 64), 64)
	return v
}
