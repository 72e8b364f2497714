package importer

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// Throughput of the documented-layout importers on inputs scaled up from
// the fixtures' layout (go test -bench NewFormats ./indexer/importer):
// documents per second of conversion, before the loader.

type countSink struct{ n int }

func (c *countSink) Add(string, string, any) error { c.n++; return nil }

func benchFile(b *testing.B, name, body string) string {
	p := filepath.Join(b.TempDir(), name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		b.Fatal(err)
	}
	return p
}

func report(b *testing.B, docs int) {
	b.ReportMetric(float64(docs)/b.Elapsed().Seconds(), "docs/s")
}

func BenchmarkNewFormatsINSPIRE(b *testing.B) {
	const n = 20000
	var sb strings.Builder
	sb.WriteString(`<?xml version="1.0" encoding="UTF-8"?><wfs:FeatureCollection xmlns:wfs="http://www.opengis.net/wfs/2.0" xmlns:gml="http://www.opengis.net/gml/3.2" xmlns:LR="www.landregistry.gov.uk">`)
	var pts []AddressPoint
	for i := 0; i < n; i++ {
		x, y := 360000+float64(i%200)*20, 300000+float64(i/200)*20
		fmt.Fprintf(&sb, `<wfs:member><LR:PREDEFINED gml:id="P.%d"><LR:GEOMETRY><gml:Polygon srsName="urn:ogc:def:crs:EPSG::27700"><gml:exterior><gml:LinearRing><gml:posList>%g %g %g %g %g %g %g %g %g %g %g %g</gml:posList></gml:LinearRing></gml:exterior></gml:Polygon></LR:GEOMETRY><LR:INSPIREID>%d</LR:INSPIREID><LR:VALIDFROM>2010-01-01T00:00:00</LR:VALIDFROM></LR:PREDEFINED></wfs:member>`,
			i, x, y, x+18, y, x+18, y+9, x+9, y+18, x, y+18, x, y, i+1)
		lat, lon := BNGToWGS84(x+9, y+9)
		pts = append(pts, AddressPoint{UPRN: int64(i + 1), Location: mappings.GeoPoint{Lat: lat, Lon: lon}})
	}
	sb.WriteString(`</wfs:FeatureCollection>`)
	p := benchFile(b, "x.gml", sb.String())
	env := Env{AddressPoints: func(_ context.Context, _, _, _, _ float64, fn func(AddressPoint)) error {
		for _, a := range pts {
			fn(a)
		}
		return nil
	}}
	b.ResetTimer()
	docs := 0
	for i := 0; i < b.N; i++ {
		s := &countSink{}
		if _, err := ImportINSPIRE(context.Background(), env, []string{p}, s); err != nil {
			b.Fatal(err)
		}
		docs += s.n
	}
	report(b, docs)
}

func BenchmarkNewFormatsEAFlood(b *testing.B) {
	const n = 20000
	var sb strings.Builder
	sb.WriteString(`{"type":"FeatureCollection","crs":{"type":"name","properties":{"name":"urn:ogc:def:crs:EPSG::27700"}},"features":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		x, y := 360000+float64(i%200)*50, 300000+float64(i/200)*50
		fmt.Fprintf(&sb, `{"type":"Feature","properties":{"fid":%d,"prob_4band":"Low"},"geometry":{"type":"Polygon","coordinates":[[[%g,%g],[%g,%g],[%g,%g],[%g,%g],[%g,%g],[%g,%g]]]}}`,
			i, x, y, x+40, y, x+45, y+20, x+40, y+40, x, y+40, x, y)
	}
	sb.WriteString("]}")
	p := benchFile(b, "rofrs.geojson", sb.String())
	b.ResetTimer()
	docs := 0
	for i := 0; i < b.N; i++ {
		s := &countSink{}
		if _, err := ImportEAFlood(context.Background(), []string{p}, s); err != nil {
			b.Fatal(err)
		}
		docs += s.n
	}
	report(b, docs)
}

func BenchmarkNewFormatsPlanIt(b *testing.B) {
	const n = 20000
	var sb strings.Builder
	sb.WriteString(`{"count":20000,"from":0,"to":20000,"records":[`)
	for i := 0; i < n; i++ {
		if i > 0 {
			sb.WriteString(",")
		}
		fmt.Fprintf(&sb, `{"name":"Telford/TWC/%d","uid":"TWC/%d","area_name":"Telford","address":"%d High Street, Telford","postcode":"TF1 1AA","description":"Single storey rear extension","app_type":"Full","app_state":"Permitted","app_size":"Small","start_date":"2025-05-02","decided_date":"2025-06-20","location_x":-2.51,"location_y":52.69,"url":"https://example.invalid/%d","other_fields":{"date_received":"2025-04-28","ward_name":"Park"}}`, i, i, i, i)
	}
	sb.WriteString("]}")
	p := benchFile(b, "planit.json", sb.String())
	b.ResetTimer()
	docs := 0
	for i := 0; i < b.N; i++ {
		s := &countSink{}
		if _, err := ImportPlanIt(context.Background(), []string{p}, s); err != nil {
			b.Fatal(err)
		}
		docs += s.n
	}
	report(b, docs)
}

func BenchmarkNewFormatsBLM(b *testing.B) {
	const n = 10000
	defs := "AGENT_REF^BRANCH_ID^STATUS_ID^BEDROOMS^PRICE^PROP_SUB_ID^CREATE_DATE^UPDATE_DATE^DISPLAY_ADDRESS^POSTCODE1^POSTCODE2^PUBLISHED_FLAG^TRANS_TYPE_ID^DESCRIPTION"
	snap := func(gen string, price int, status int) string {
		var sb strings.Builder
		fmt.Fprintf(&sb, "#HEADER#\nVersion : 3\nEOF : '^'\nEOR : '~'\nGenerated Date : %s\n#DEFINITION#\n%s^~\n#DATA#\n", gen, defs)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&sb, "1_%d^1^%d^3^%d^3^2025-09-01 10:00:00^%s^High Street, Telford^TF1^1AA^1^1^A house.^~\n", i, status, price+i, gen)
		}
		return sb.String() + "#END#\n"
	}
	p1 := benchFile(b, "a.blm", snap("2025-10-01 06:00:00", 250000, 0))
	p2 := benchFile(b, "b.blm", snap("2025-11-01 06:00:00", 240000, 1))
	b.ResetTimer()
	docs := 0
	for i := 0; i < b.N; i++ {
		s := &countSink{}
		if _, err := ImportBLM(context.Background(), Env{}, []string{p1, p2}, s); err != nil {
			b.Fatal(err)
		}
		docs += s.n
	}
	report(b, docs)
}
