package indexer

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestParseChangeLine(t *testing.T) {
	tests := []struct {
		line, wantErr, wantID string
		del                   bool
	}{
		{`{"op":"upsert","index":"listings","doc":{"id":"a1","latest_price":5}}`, "", "a1", false},
		{`{"index":"sale_events","doc":{"id":501,"event_type":"Sold STC"}}`, "", "501", false},
		{`{"op":"delete","index":"listings","id":"a1"}`, "", "a1", true},
		{`{"op":"delete","index":"listings"}`, "delete needs id", "", false},
		{`{"op":"merge","index":"listings","doc":{"id":"a"}}`, "is not upsert or delete", "", false},
		{`{"index":"nope","doc":{"id":"a"}}`, "unknown index", "", false},
		{`{"index":"listings","doc":{"latest_price":5}}`, "no id field", "", false},
		{`{"index":"listings","doc":[1]}`, "whole document as an object", "", false},
		{`{"index":"listings","id":"b","doc":{"id":"a"}}`, "differs", "", false},
		{`{"index":"listings","doc":{"id":"a"},"extra":1}`, "unknown field", "", false},
		{`not json`, "invalid change line", "", false},
	}
	for _, tc := range tests {
		op, err := parseChangeLine([]byte(tc.line), 1)
		if tc.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
				t.Errorf("%s: error %v, want %q", tc.line, err, tc.wantErr)
			}
			continue
		}
		if err != nil || op.id != tc.wantID || op.delete != tc.del {
			t.Errorf("%s: %+v %v", tc.line, op, err)
		}
	}
}

func TestSameJSON(t *testing.T) {
	if !sameJSON(json.RawMessage(`{"a":1,"b":[1,2]}`), json.RawMessage(`{"b":[1,2], "a":1.0}`)) {
		t.Error("equal documents differ")
	}
	if sameJSON(json.RawMessage(`{"a":1}`), json.RawMessage(`{"a":2}`)) {
		t.Error("different documents equal")
	}
}
