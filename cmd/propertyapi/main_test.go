package main

import (
	"strings"
	"testing"
	"time"

	"github.com/ukpd/propertyapi/api"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestLoadConfigDefaults(t *testing.T) {
	c, err := loadConfig(envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.FindCache.Entries != api.DefaultFindCacheEntries || c.FindCache.TTL != api.DefaultFindCacheTTL || c.Compression || c.PprofAddr != "" {
		t.Errorf("defaults: %+v", c)
	}
}

func TestLoadConfigPerformanceSettings(t *testing.T) {
	c, err := loadConfig(envOf(map[string]string{
		"ADDRESS_CACHE_ENTRIES": "0", "ADDRESS_CACHE_TTL": "5s", "OPENSEARCH_COMPRESSION": "true", "PPROF_ADDR": "127.0.0.1:6060",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.FindCache.Entries != 0 || c.FindCache.TTL != 5*time.Second || !c.Compression || c.PprofAddr != "127.0.0.1:6060" {
		t.Errorf("parsed: %+v", c)
	}
	for name, val := range map[string]string{
		"ADDRESS_CACHE_ENTRIES": "-1", "ADDRESS_CACHE_TTL": "soon", "OPENSEARCH_COMPRESSION": "maybe",
	} {
		_, err := loadConfig(envOf(map[string]string{name: val}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: error %v should name the variable", name, val, err)
		}
	}
}
