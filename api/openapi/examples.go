package openapi

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// demoExamplesJSON holds the identifiers of the `make run` demo data (seed
// 1, 20,000 properties) that the curl examples use, picked from the
// generator's world by synth.DemoExamples and written by
// `go run ./cmd/apispec -openapi= -postman= -demo-examples api/openapi/demo_examples.json`.
// The docs-examples integration test fails when it no longer matches the
// generator.
//
//go:embed demo_examples.json
var demoExamplesJSON []byte

// DemoExamples returns the demo data's example values, keyed like
// SCHEMA_EXAMPLES_FILE: a parameter name, or "operation.parameter".
func DemoExamples() map[string]any {
	var m map[string]any
	if err := json.Unmarshal(demoExamplesJSON, &m); err != nil {
		panic("openapi: demo_examples.json: " + err.Error()) // embedded at build time; a test reads it
	}
	return m
}

// exampleValues are the values of parameters that are not identifiers of
// the data (the same on any dataset), by "operation.parameter" or name.
var exampleValues = map[string]string{
	"q": "Exeter", "zoom": "13", "risk_type": "flood", "part": "rooms", "tier": "core",
	"group": "food", "kind": "gps", "fuel.kind.kind": "petrol", "price": "300000",
	"rate": "4.5", "level": "property", "tool_slug": "address-lookup", "op": "find", "dataset": "addresses",
	// A dataset loaded once is at epoch 1, a baseline: the feed answers
	// since=1 (nothing yet) and refuses since=0 with epoch_expired.
	"since": "1",
}

// exampleValue gives a curl example its value of a parameter: the demo
// data's (operation's own first), then the data-independent ones.
func exampleValue(demo map[string]any, opID, name string) string {
	for _, k := range []string{opID + "." + name, name} {
		if v, ok := demo[k]; ok {
			if f, ok := v.(float64); ok && f == float64(int64(f)) {
				return fmt.Sprint(int64(f))
			}
			return fmt.Sprint(v)
		}
	}
	for _, k := range []string{opID + "." + name, name} {
		if v, ok := exampleValues[k]; ok {
			return v
		}
	}
	return ""
}

// examplePath fills a path's variables. An alert or job id cannot come
// from the data (the caller creates them): it is the shell variable
// $ALERT_ID or $JOB_ID, set from the create example's answer.
func examplePath(demo map[string]any, op map[string]any, path string) string {
	opID := fmt.Sprint(op["operationId"])
	for _, v := range pathVarRE.FindAllStringSubmatch(path, -1) {
		val := url.PathEscape(exampleValue(demo, opID, v[1]))
		switch {
		case strings.HasPrefix(opID, "alerts.") && v[1] == "id":
			val = "$ALERT_ID"
		case strings.HasPrefix(opID, "jobs.") && v[1] == "id":
			val = "$JOB_ID"
		}
		path = strings.Replace(path, v[0], val, 1)
	}
	return path
}

// exampleBody is the body of an operation that takes one, and its media
// type: JSON, or for an address-match job a CSV of two rows.
func exampleBody(demo map[string]any, opID string) (body, mediaType string) {
	if opID == "jobs.address_match.create" {
		return fmt.Sprintf("id,address,postcode\n1,%s,%s\n2,Flat 2 Nowhere House,ZZ99 9ZZ",
			exampleValue(demo, "address.match", "address"), exampleValue(demo, opID, "postcode")), "text/csv"
	}
	return exampleJSONBody(demo, opID), "application/json"
}

// exampleJSONBody is the JSON body of an operation that takes one.
func exampleJSONBody(demo map[string]any, opID string) string {
	switch opID {
	case "listing_address.match":
		return fmt.Sprintf(`{"listing_id":%q}`, exampleValue(demo, opID, "listing_id"))
	case "listings.export":
		return fmt.Sprintf(`{"filters":{"postcode":%q,"radius_miles":2},"fields":["listing_id","address","price","bedrooms"],"format":"json","limit":100}`,
			exampleValue(demo, opID, "outcode"))
	case "alerts.create":
		return fmt.Sprintf(`{"name":"%s under £400k","filters":{"bbox":%q,"transaction_type":"Sale","max_price":400000},"events":["listing_added","price_reduced"]}`,
			exampleValue(demo, "boundaries.autocomplete", "q"), exampleValue(demo, "live_listings.search", "bbox"))
	case "alerts.update":
		return `{"filters":{"max_price":350000},"enabled":true}`
	}
	return ""
}

// curlExample is the operation's curl command on the demo data: the
// method, the headers its authentication needs, the required parameters
// (and one location form where several are possible) and its body.
func curlExample(demo map[string]any, method, path string, op map[string]any, ps []map[string]any) string {
	opID := fmt.Sprint(op["operationId"])
	q := url.Values{}
	for _, p := range ps {
		if p["in"] != "query" {
			continue
		}
		name := fmt.Sprint(p["name"])
		// A parameter's own example wins (one of several optional
		// parameters that together are required, e.g. building_number).
		if ex, ok := p["example"]; ok {
			if v := exampleValue(demo, opID, name); v != "" {
				q.Set(name, v)
			} else {
				q.Set(name, fmt.Sprint(ex))
			}
			continue
		}
		if req, _ := p["required"].(bool); !req {
			continue
		}
		if v := exampleValue(demo, opID, name); v != "" {
			q.Set(name, v)
		}
	}
	// Operations whose place may come in several forms: show the postcode
	// (or bbox, or uprn) form.
	located := false
	for _, n := range []string{"postcode", "bbox", "boundary_id", "uprn", "lat", "outcode", "q", "address"} {
		located = located || q.Has(n)
	}
	if !located {
		for _, p := range ps {
			n := fmt.Sprint(p["name"])
			if p["in"] == "query" && (n == "postcode" || n == "bbox") {
				q.Set(n, exampleValue(demo, opID, n))
				break
			}
		}
		if !q.Has("postcode") && !q.Has("bbox") {
			for _, p := range ps {
				if p["in"] == "query" && p["name"] == "uprn" {
					q.Set("uprn", exampleValue(demo, opID, "uprn"))
				}
			}
		}
	}
	if opID == "embed.relay" || opID == "embed.relay_op" {
		// The relay's address-lookup find takes the typeahead's q.
		q = url.Values{"q": {exampleValue(demo, "address.find", "q")}}
	}
	target := "http://localhost:8080/api" + examplePath(demo, op, path)
	if len(q) > 0 {
		target += "?" + q.Encode()
	}
	quote := "'"
	if strings.Contains(target, "$") {
		quote = `"` // let the shell expand $ALERT_ID or $JOB_ID
	}
	var auth string
	switch authLabel(op) {
	case "API key":
		auth = ` -H "Authorization: Api-Key $API_KEY"`
	case "public key":
		auth = ` -H "Authorization: Public-Key $PUBLIC_KEY" -H "Origin: http://localhost:8080"`
	}
	verb := ""
	if method != "GET" {
		verb = " -X " + method
	}
	if body, mt := exampleBody(demo, opID); body != "" {
		data := "-d"
		if mt != "application/json" {
			data = "--data-binary" // keeps the newlines between rows
		}
		return fmt.Sprintf("curl -s%s%s -H 'Content-Type: %s' \\\n  %s '%s' \\\n  %s%s%s", verb, auth, mt, data, body, quote, target, quote)
	}
	return fmt.Sprintf("curl -s%s%s %s%s%s", verb, auth, quote, target, quote)
}
