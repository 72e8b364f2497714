package alerts

import (
	"encoding/json"
	"testing"
)

func TestDatasetCandidate(t *testing.T) {
	raw := func(s string) json.RawMessage {
		if s == "" {
			return nil
		}
		return json.RawMessage(s)
	}
	tests := []struct {
		name, index, before, after, wantType, wantDoc string
	}{
		{"epc lodged", "epc", "", `{"epc_id":"e1","uprn":42}`, EventEPCLodged, `{"property_uprn":42}`},
		{"epc corrected: no event", "epc", `{"epc_id":"e1","uprn":42}`, `{"epc_id":"e1","uprn":42,"x":1}`, "", ""},
		{"epc without uprn", "epc", "", `{"epc_id":"e1"}`, "", ""},
		{"sale registered", "sales", "", `{"id":7,"uprn":43}`, EventSaleRegistered, `{"property_uprn":43}`},
		{"postcode terminated", "postcodes", `{"postcode":"EX1 1AS","is_terminated":false}`, `{"postcode":"EX1 1AS","is_terminated":true,"terminated":"201906"}`, EventPostcodeTerminated, `{"postcode":"EX1 1AS"}`},
		{"postcode new and terminated", "postcodes", "", `{"postcode":"EX1 1AS","is_terminated":true}`, EventPostcodeTerminated, `{"postcode":"EX1 1AS"}`},
		{"postcode still terminated", "postcodes", `{"postcode":"EX1 1AS","is_terminated":true}`, `{"postcode":"EX1 1AS","is_terminated":true,"x":1}`, "", ""},
		{"postcode live", "postcodes", "", `{"postcode":"EX1 1AT","is_terminated":false}`, "", ""},
		{"deleted", "sales", `{"id":7,"uprn":43}`, "", "", ""},
		{"other dataset", "crime", "", `{"id":"c","uprn":1}`, "", ""},
	}
	for _, tc := range tests {
		c, ok := datasetCandidate(Change{Index: tc.index, ID: "x", Before: raw(tc.before), After: raw(tc.after)})
		if tc.wantType == "" {
			if ok {
				t.Errorf("%s: event %v, want none", tc.name, c.types)
			}
			continue
		}
		if !ok || len(c.types) != 1 || c.types[0] != tc.wantType || string(c.doc) != tc.wantDoc || c.dataset != tc.index || c.docID() != "x" {
			t.Errorf("%s: %+v %s, want %s %s", tc.name, c.types, c.doc, tc.wantType, tc.wantDoc)
		}
	}
}
