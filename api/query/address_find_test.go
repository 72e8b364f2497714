package query

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/ukpd/propertyapi/mappings"
)

// hits is an engine answer: the documents returned, all of the matches.
type hits []json.RawMessage

func (h hits) HitsTotal() int64                          { return int64(len(h)) }
func (h hits) HitCount() int                             { return len(h) }
func (h hits) HitSource(i int) (string, json.RawMessage) { return "x", h[i] }
func (h hits) HitFields(int) map[string]json.RawMessage  { return nil }

// answers is a scripted engine: each request gets the next answer, and
// the bodies sent are kept.
type answers struct {
	out  []hits
	sent []M
}

func (a *answers) send(_ context.Context, body M) (hits, error) {
	a.sent = append(a.sent, body)
	if len(a.out) == 0 {
		return nil, errors.New("no answer scripted")
	}
	r := a.out[0]
	a.out = a.out[1:]
	return r, nil
}

func answer(t *testing.T, addrs ...mappings.Address) hits {
	t.Helper()
	r := hits{}
	for _, a := range addrs {
		b, err := json.Marshal(a)
		if err != nil {
			t.Fatal(err)
		}
		r = append(r, b)
	}
	return r
}

// TestAddressFindRun: Run sends the whole sequence in one call: the units
// query widened when short, the fuzzy fallback when the strict query finds
// nothing, and the flat count for buildings whose best hit was a flat.
func TestAddressFindRun(t *testing.T) {
	p := AddressFindParams{Size: 10}
	ctx := context.Background()

	// Short input: units, widened; nothing to correct, no flat count.
	short := NewAddressFind("12 high st", p)
	eng := &answers{out: []hits{answer(t), answer(t)}}
	found, err := RunAddressFind(ctx, short, eng.send)
	if err != nil {
		t.Fatal(err)
	}
	want := []M{AddressUnitsFind(short.Text, p), AddressTextFind(short.Text, p)}
	if !reflect.DeepEqual(eng.sent, want) || found.Total != 0 || found.HasFlats {
		t.Errorf("short: sent %d bodies, found %+v", len(eng.sent), found)
	}

	// Long input: strict, then fuzzy; its flat hit asks for the flat count.
	long := NewAddressFind("buckingam palace road london", p)
	flat := mappings.Address{UPRN: 7, IsFlat: true, BuildingKey: "bk"}
	eng = &answers{out: []hits{answer(t), answer(t, flat), answer(t)}}
	if found, err = RunAddressFind(ctx, long, eng.send); err != nil {
		t.Fatal(err)
	}
	want = []M{AddressTextFind(long.Text, p), AddressFuzzyFind(long.Text, p),
		AddressBuildingFlats(long.Text, p, true, []string{"bk"}, BuildingMinFlats)}
	if !reflect.DeepEqual(eng.sent, want) {
		t.Errorf("long: sent %d bodies, want strict, fuzzy, flat count", len(eng.sent))
	}
	if long.QueryType != AddressQueryFuzzy || found.Total != 1 || len(found.Addresses) != 1 || found.Addresses[0].UPRN != 7 || !found.HasFlats {
		t.Errorf("long: type %q, found %+v", long.QueryType, found)
	}

	// Nothing searchable: no request.
	eng = &answers{}
	if found, err = RunAddressFind(ctx, NewAddressFind("!!", p), eng.send); err != nil || len(eng.sent) != 0 || found.Total != 0 {
		t.Errorf("nothing searchable: sent %d, err %v", len(eng.sent), err)
	}

	// An engine failure is returned, wrapped.
	eng = &answers{}
	if _, err = RunAddressFind(ctx, short, eng.send); err == nil {
		t.Error("engine failure not returned")
	}
}
