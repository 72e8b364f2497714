//go:build integration

package integration

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rs/zerolog"

	"github.com/ukpd/propertyapi/indexer"
)

// TestAlertsWatchDatasets: an alert watching a UPRN and a postcode hears a
// certificate lodged and a postcode terminated by a reload (from the
// changes diff) and a sale registered by indexer apply; nothing about
// other UPRNs or postcodes, nothing from the baseline load.
func TestAlertsWatchDatasets(t *testing.T) {
	env := newAlertsEnv(t)
	ctx := context.Background()
	var got []string
	hook := func(ctx context.Context, chs []indexer.Change) error {
		evs, err := env.process(ctx, chs)
		for _, e := range evs {
			what := e.Postcode
			if what == "" {
				what = fmt.Sprint(e.UPRN)
			}
			got = append(got, e.Type+" "+e.Dataset+" "+what)
		}
		return err
	}
	write := func(files map[string][]string) string {
		dir := t.TempDir()
		for name, lines := range files {
			if err := os.WriteFile(filepath.Join(dir, name+".ndjson"), []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return dir
	}
	load := func(dir string) {
		t.Helper()
		if _, err := indexer.LoadDir(ctx, indexer.LoadConfig{URLs: []string{env.osURL}, Prefix: env.prefix, Logger: zerolog.Nop(), OnChanges: hook}, dir); err != nil {
			t.Fatalf("load: %v", err)
		}
	}
	pc := func(p string, term bool) string {
		return fmt.Sprintf(`{"postcode":%q,"postcode_key":%q,"sector":"EX1 1","is_terminated":%v}`, p, strings.ReplaceAll(p, " ", ""), term)
	}
	load(write(map[string][]string{
		"epc":       {`{"epc_id":"e1","uprn":41}`},
		"postcodes": {pc("EX1 1AS", false), pc("EX1 1AT", false)},
		"sales":     {`{"id":1,"uprn":41}`},
	}))
	env.createAlert(env.keyA, map[string]any{"uprns": []int64{42}, "postcodes": []string{"ex11as"},
		"events": []string{"epc_lodged", "sale_registered", "postcode_terminated"}}, "")
	// A listing alert with the default events hears none of these.
	env.createAlert(env.keyB, map[string]any{"uprns": []int64{42, 43}}, "")
	if len(got) != 0 {
		t.Fatalf("baseline load produced events: %v", got)
	}

	load(write(map[string][]string{
		"epc":       {`{"epc_id":"e1","uprn":41}`, `{"epc_id":"e2","uprn":42}`, `{"epc_id":"e3","uprn":43}`},
		"postcodes": {pc("EX1 1AS", true), pc("EX1 1AT", true)},
	}))
	if want := "[postcode_terminated postcodes EX1 1AS epc_lodged epc 42]"; fmt.Sprint(got) != want {
		t.Errorf("reload events %v, want %s", got, want)
	}

	got = nil
	file := filepath.Join(t.TempDir(), "sale.ndjson")
	if err := os.WriteFile(file, []byte(`{"index":"sales","doc":{"id":2,"uprn":42}}`+"\n"+`{"index":"sales","doc":{"id":3,"uprn":44}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := indexer.Apply(ctx, indexer.ApplyConfig{URLs: []string{env.osURL}, Prefix: env.prefix, Logger: zerolog.Nop(), OnChanges: hook}, file); err != nil {
		t.Fatalf("apply: %v", err)
	}
	if want := "[sale_registered sales 42]"; fmt.Sprint(got) != want {
		t.Errorf("apply events %v, want %s", got, want)
	}
}
