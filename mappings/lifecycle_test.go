package mappings

import (
	"strings"
	"testing"
)

func TestCheckEventOrder(t *testing.T) {
	valid := [][]string{
		{"Added", "Reduced", "Sold STC", "Completed"},
		{"Added", "Under offer", "Sale Cancelled", "Price Increased", "Sold STCM", "Completed"},
		{"Added", "Withdrawn", "Added by new agent", "Sold STC", "Sale Cancelled", "Reduced", "Sold STC", "Completed"},
		{"Added", "Let agreed"},
		{"Added", "Under Offer", "Withdrawn"},
		{"Added", "Added date modified for old listing", "Reduced"},
	}
	for _, evs := range valid {
		if err := CheckEventOrder(evs); err != nil {
			t.Errorf("%v: %v", evs, err)
		}
	}
	invalid := [][]string{
		{"Reduced"},
		{"Added", "Completed"},
		{"Added", "Sold STC", "Completed", "Reduced"},
		{"Added", "Sale Cancelled"},
		{"Added", "Withdrawn", "Sold STC"},
		{"Added", "Sold STC", "Added"},
		{"Added", "Exploded"},
	}
	for _, evs := range invalid {
		if err := CheckEventOrder(evs); err == nil {
			t.Errorf("%v accepted", evs)
		}
	}
	if len(EventTypes()) != 16 || strings.Join(EventTypes()[:2], ",") != "Added,Added by another agent" {
		t.Errorf("event types %v", EventTypes())
	}
}
