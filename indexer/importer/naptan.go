package importer

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/ukpd/propertyapi/mappings"
)

// NaPTANAttribution is the attribution of the DfT's NaPTAN.
const NaPTANAttribution = "Contains NaPTAN data (Department for Transport) licensed under the Open Government Licence v3.0."

// naptanKinds maps NaPTAN StopType codes onto the amenity types of the
// transport group. perStation codes are entrances: the entrances of one
// station (ATCO codes equal but for the last character) become one amenity.
// Codes absent here are known but not served (skipped with the reason);
// unknown codes are rejected.
var naptanKinds = map[string]struct {
	typ        string
	perStation bool
}{
	"BCT": {"bus_stop", false},             // on-street bus / coach / trolley stop
	"BCS": {"bus_stop", false},             // bus / coach station bay
	"BCQ": {"bus_stop", false},             // bus / coach station variable bay
	"RSE": {"rail_station", true},          // rail station entrance
	"TMU": {"tram_stop", true},             // tram / metro / underground entrance
	"FTD": {"ferry_terminal", true},        // ferry terminal / dock entrance
	"TXR": {"taxi_rank", false},            // taxi rank
	"STR": {"taxi_rank", false},            // shared taxi rank
	"BST": {"", false}, "BCE": {"", false}, // bus station access area / entrance
	"RLY": {"", false}, "RPL": {"", false}, // rail access area / platform
	"MET": {"", false}, "PLT": {"", false}, // metro access area / platform
	"FER": {"", false}, "FBT": {"", false}, // ferry access area / berth
	"AIR": {"", false}, "GAT": {"", false}, // airport entrance / access area
	"LCE": {"", false}, "LCB": {"", false}, "LPL": {"", false}, // lift or cable car
	"SDA": {"", false}, "TMS": {"", false}, // cab / private hire, on-demand areas
}

var naptanSkipReason = map[string]string{
	"BST": "bus station access areas and entrances (its bays are loaded as bus stops)",
	"BCE": "bus station access areas and entrances (its bays are loaded as bus stops)",
	"RLY": "rail access areas and platforms (stations are loaded once, from their entrances)",
	"RPL": "rail access areas and platforms (stations are loaded once, from their entrances)",
	"MET": "metro access areas and platforms (stations are loaded once, from their entrances)",
	"PLT": "metro access areas and platforms (stations are loaded once, from their entrances)",
	"FER": "ferry access areas and berths (terminals are loaded once, from their entrances)",
	"FBT": "ferry access areas and berths (terminals are loaded once, from their entrances)",
}

type naptanCols struct {
	atco, name, street, indicator, locality, town, lon, lat, east, north, stopType, status int
}

func newNaPTANCols(h header) (naptanCols, error) {
	c := naptanCols{
		atco: h.index("ATCOCode"), name: h.index("CommonName"), street: h.index("Street"), indicator: h.index("Indicator"),
		locality: h.index("LocalityName"), town: h.index("Town"), lon: h.index("Longitude"), lat: h.index("Latitude"),
		east: h.index("Easting"), north: h.index("Northing"), stopType: h.index("StopType"), status: h.index("Status"),
	}
	if n, missing := missingColumn(map[string]int{"ATCOCode": c.atco, "CommonName": c.name, "StopType": c.stopType}); missing {
		return c, fmt.Errorf("not a NaPTAN Stops CSV: header lacks column %q", n)
	}
	if c.lat < 0 && c.east < 0 {
		return c, fmt.Errorf("not a NaPTAN Stops CSV: no Longitude/Latitude or Easting/Northing columns")
	}
	return c, nil
}

// amenityFromNaPTAN is the pure transform of one stop. reason rejects it;
// skip leaves it out on purpose; station is the key shared by the entrances
// of one station ("" for other stops).
func amenityFromNaPTAN(rec []string, c naptanCols) (doc mappings.Amenity, station, reason, skip string) {
	g := func(i int) string { return get(rec, i) }
	atco := g(c.atco)
	if atco == "" {
		return doc, "", "empty ATCOCode", ""
	}
	st := strings.ToUpper(g(c.stopType))
	kind, known := naptanKinds[st]
	if !known {
		return doc, "", fmt.Sprintf("%s: unknown StopType %q", atco, g(c.stopType)), ""
	}
	if kind.typ == "" {
		if r, ok := naptanSkipReason[st]; ok {
			return doc, "", "", r
		}
		return doc, "", "", "stop types the API does not serve (airports, lifts, on-demand areas)"
	}
	switch status := strings.ToLower(g(c.status)); status {
	case "", "active", "act":
	case "inactive", "del", "deleted", "pending", "pen":
		return doc, "", "", "inactive or pending stops (not served)"
	default:
		return doc, "", fmt.Sprintf("%s: unknown Status %q", atco, g(c.status)), ""
	}
	var pt *mappings.GeoPoint
	if la, lo := g(c.lat), g(c.lon); la != "" && lo != "" {
		lat, e1 := strconv.ParseFloat(la, 64)
		lon, e2 := strconv.ParseFloat(lo, 64)
		if e1 != nil || e2 != nil || lat < 49 || lat > 61.5 || lon < -8.9 || lon > 2.1 {
			return doc, "", fmt.Sprintf("%s: invalid Longitude/Latitude %q,%q", atco, lo, la), ""
		}
		pt = &mappings.GeoPoint{Lat: lat, Lon: lon}
	} else if e, n := g(c.east), g(c.north); e != "" && n != "" {
		ef, e1 := strconv.ParseFloat(e, 64)
		nf, e2 := strconv.ParseFloat(n, 64)
		if e1 != nil || e2 != nil || !validBNG(ef, nf) {
			return doc, "", fmt.Sprintf("%s: invalid Easting/Northing %q,%q", atco, e, n), ""
		}
		lat, lon := BNGToWGS84(ef, nf)
		pt = &mappings.GeoPoint{Lat: round6(lat), Lon: round6(lon)}
	} else {
		return doc, "", fmt.Sprintf("%s: no coordinates", atco), ""
	}
	name := g(c.name)
	id := atco
	if kind.perStation {
		station = st + ":" + atco[:len(atco)-1]
		id = atco[:len(atco)-1]
	} else if ind := g(c.indicator); ind != "" && !strings.EqualFold(ind, name) {
		name += " (" + ind + ")"
	}
	city := g(c.locality)
	if city == "" {
		city = g(c.town)
	}
	doc = mappings.Amenity{
		ID: "naptan-" + id, Name: name, Type: kind.typ, Group: "transport", Line1: g(c.street), City: city,
		Status: "Active", Location: pt, Source: "naptan", Attribution: NaPTANAttribution,
	}
	return doc, station, "", ""
}

// ImportNaPTAN reads NaPTAN Stops CSVs (the 43-column download, whole
// country or per administrative area) into transport amenities: bus stops,
// rail stations, tram stops, ferry terminals and taxi ranks of active stops.
// Columns are found by name; Longitude/Latitude are used, else
// Easting/Northing converted. The entrances of one station become one
// amenity (its first active entrance). Access areas, platforms, berths and
// inactive stops are skipped with their reason.
func ImportNaPTAN(ctx context.Context, files []string, sink Sink) (*Report, error) {
	rep := newReport("naptan", files)
	em := emitter{sink, rep}
	stations := map[string]bool{}
	ids := firstSeen[string]{}
	err := eachCSVFile(files, newNaPTANCols, func(cf *csvFile, c naptanCols) error {
		return eachRecord(ctx, cf, rep, func(rec []string, line int) error {
			doc, station, reason, skip := amenityFromNaPTAN(rec, c)
			if rep.dropped(cf.name, line, reason, skip) {
				return nil
			}
			if station != "" {
				if stations[station] {
					rep.skip("further entrances of a station already loaded")
					return nil
				}
				stations[station] = true
			}
			if first, dup := ids.at(doc.ID, cf.name, line); dup {
				rep.reject(cf.name, line, "duplicate ATCOCode %s (first at %s)", strings.TrimPrefix(doc.ID, "naptan-"), first)
				return nil
			}
			return em.add(mappings.IndexAmenities, doc.ID, doc)
		})
	})
	return rep, err
}
