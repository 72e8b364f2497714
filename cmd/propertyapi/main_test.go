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

func TestLoadConfigHTTPSettings(t *testing.T) {
	c, err := loadConfig(envOf(nil))
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsAddr != "" || c.DrainDelay != defaultDrainDelay || c.HealthDetail || c.CacheMaxAge != 0 ||
		c.ResponseCompression.Off || c.Deprecation.Off || !c.Deprecation.Sunset.IsZero() {
		t.Errorf("defaults: %+v", c)
	}
	c, err = loadConfig(envOf(map[string]string{
		"METRICS_ADDR": "127.0.0.1:9464", "SHUTDOWN_DRAIN_DELAY": "0s", "HEALTH_DETAIL": "true", "CACHE_MAX_AGE": "0",
		"COMPRESSION": "off", "COMPRESS_MIN_SIZE": "2048", "COMPRESS_LEVEL": "1",
		"LEGACY_DEPRECATION_DATE": "2026-02-01", "LEGACY_SUNSET_DATE": "2027-06-30T12:00:00Z",
		"LEGACY_DEPRECATION_LINK": "https://example.com/migrate",
	}))
	if err != nil {
		t.Fatal(err)
	}
	if c.MetricsAddr != "127.0.0.1:9464" || c.DrainDelay != 0 || !c.HealthDetail || c.CacheMaxAge != -1 ||
		!c.ResponseCompression.Off || c.ResponseCompression.MinSize != 2048 || c.ResponseCompression.Level != 1 ||
		!c.Deprecation.Date.Equal(time.Date(2026, 2, 1, 0, 0, 0, 0, time.UTC)) ||
		!c.Deprecation.Sunset.Equal(time.Date(2027, 6, 30, 12, 0, 0, 0, time.UTC)) || c.Deprecation.PolicyURL != "https://example.com/migrate" {
		t.Errorf("parsed: %+v", c)
	}
	for name, val := range map[string]string{
		"SHUTDOWN_DRAIN_DELAY": "-1s", "HEALTH_DETAIL": "perhaps", "CACHE_MAX_AGE": "-5", "COMPRESSION": "fast",
		"COMPRESS_MIN_SIZE": "0", "COMPRESS_LEVEL": "12", "LEGACY_DEPRECATION": "soon", "LEGACY_DEPRECATION_DATE": "01/02/2026",
		"LEGACY_SUNSET_DATE": "2025-01-01", "LEGACY_DEPRECATION_LINK": "javascript:alert(1)",
	} {
		_, err := loadConfig(envOf(map[string]string{name: val}))
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("%s=%s: error %v should name the variable", name, val, err)
		}
	}
}

// TestPublicBaseURLAndRedaction: PUBLIC_BASE_URL is validated; the
// OpenSearch URLs logged at start never carry credentials.
func TestPublicBaseURLAndRedaction(t *testing.T) {
	c, err := loadConfig(envOf(map[string]string{"PUBLIC_BASE_URL": "https://api.example.com/"}))
	if err != nil || c.PublicBaseURL != "https://api.example.com" {
		t.Errorf("PUBLIC_BASE_URL: %q %v", c.PublicBaseURL, err)
	}
	for _, bad := range []string{"api.example.com", "ftp://x", "https://u:p@api.example.com", "https://api.example.com/v1?x=1"} {
		if _, err := loadConfig(envOf(map[string]string{"PUBLIC_BASE_URL": bad})); err == nil || !strings.Contains(err.Error(), "PUBLIC_BASE_URL") {
			t.Errorf("PUBLIC_BASE_URL=%s accepted: %v", bad, err)
		}
	}
	got := redactURLs([]string{"https://elastic:s3cr3t@os.internal:9200", "http://127.0.0.1:9200", "https://token@os2:9200"})
	want := []string{"https://REDACTED@os.internal:9200", "http://127.0.0.1:9200", "https://REDACTED@os2:9200"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("redactURLs: %v", got)
	}
	if _, err := loadConfig(envOf(map[string]string{"OPENSEARCH_URL": "ftp://elastic:s3cr3t@os:9200"})); err == nil || strings.Contains(err.Error(), "s3cr3t") {
		t.Errorf("config error leaks the password: %v", err)
	}
}

// TestHelpAndVersionStartNothing: -h, --help and --version print and
// return before any configuration is read or any listener opened; other
// arguments are refused.
func TestHelpAndVersionStartNothing(t *testing.T) {
	poison := func(k string) string {
		t.Fatalf("getenv(%q) called: the server was being configured", k)
		return ""
	}
	for _, arg := range []string{"-h", "--help", "-help", "help", "--version", "-version"} {
		var out strings.Builder
		if err := run(t.Context(), []string{arg}, poison, &out); err != nil {
			t.Errorf("%s: %v", arg, err)
		}
		want := "usage: propertyapi"
		if strings.Contains(arg, "version") {
			want = "propertyapi "
		}
		if !strings.HasPrefix(out.String(), want) {
			t.Errorf("%s printed %q", arg, out.String())
		}
	}
	var out strings.Builder
	if err := run(t.Context(), []string{"--port=9000"}, poison, &out); err == nil || !strings.Contains(err.Error(), "unknown argument") {
		t.Errorf("--port=9000: %v", err)
	}
}

// TestRedisURLDefault: unset REDIS_URL is the README's default, as in
// every other binary; "memory" asks for the in-process store.
func TestRedisURLDefault(t *testing.T) {
	c, err := loadConfig(envOf(nil))
	if err != nil || c.RedisURL != "redis://127.0.0.1:6379" || c.OpenSearchURLs[0] != "http://127.0.0.1:9200" {
		t.Errorf("defaults: %q %q %v", c.RedisURL, c.OpenSearchURLs, err)
	}
	c, err = loadConfig(envOf(map[string]string{"REDIS_URL": "memory"}))
	if err != nil || c.RedisURL != "" {
		t.Errorf("memory: %q %v", c.RedisURL, err)
	}
	if _, err := loadConfig(envOf(map[string]string{"REDIS_URL": "http://x"})); err == nil {
		t.Error("REDIS_URL=http://x accepted")
	}
}
