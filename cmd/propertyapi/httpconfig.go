package main

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/ukpd/propertyapi/api"
)

// defaultDrainDelay is SHUTDOWN_DRAIN_DELAY's default.
const defaultDrainDelay = 5 * time.Second

// loadHTTPConfig reads the HTTP settings (metrics, readiness, HTTP
// conventions); every variable is documented in README.md and docs/operations.md.
//
//	METRICS_ADDR             Prometheus /metrics listener (off when empty)
//	SHUTDOWN_DRAIN_DELAY     /ready answers 503 this long before the listener closes (5s)
//	HEALTH_DETAIL            true: /api/health shows indices and counts without a key
//	CACHE_MAX_AGE            Cache-Control max-age of cacheable responses, seconds (300; 0 = revalidate each time)
//	COMPRESSION              off disables gzip/zstd responses (on)
//	COMPRESS_MIN_SIZE        smallest body compressed, bytes (1024)
//	COMPRESS_LEVEL           gzip level 1..9 (gzhttp default)
//	LEGACY_DEPRECATION       off sends no Deprecation/Sunset/successor Link on /api/... (on)
//	LEGACY_DEPRECATION_DATE  Deprecation date of /api/... (YYYY-MM-DD or RFC 3339; 2026-01-01)
//	LEGACY_SUNSET_DATE       Sunset date of /api/... (none by default)
//	LEGACY_DEPRECATION_LINK  URL of the migration notes, sent as Link rel="deprecation"
//	PUBLIC_BASE_URL          scheme://host[:port] of the API as clients reach it, for absolute
//	                         next/previous links of paged answers (relative links when empty)
func loadHTTPConfig(c *config, getenv func(string) string) error {
	c.MetricsAddr = getenv("METRICS_ADDR")
	if v := strings.TrimRight(getenv("PUBLIC_BASE_URL"), "/"); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
			return fmt.Errorf("PUBLIC_BASE_URL: %q is not scheme://host[:port] (e.g. https://api.example.com)", v)
		}
		c.PublicBaseURL = v
	}
	if v := getenv("SHUTDOWN_DRAIN_DELAY"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return fmt.Errorf("SHUTDOWN_DRAIN_DELAY: %q is not a duration such as 5s (0s: none)", v)
		}
		c.DrainDelay = d
	}
	if v := getenv("HEALTH_DETAIL"); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return fmt.Errorf("HEALTH_DETAIL: %q is not true or false", v)
		}
		c.HealthDetail = b
	}
	if v := getenv("CACHE_MAX_AGE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return fmt.Errorf("CACHE_MAX_AGE: %q is not a number of seconds", v)
		}
		c.CacheMaxAge = n
		if n == 0 {
			c.CacheMaxAge = -1 // max-age=0: revalidate every time
		}
	}
	switch v := strings.ToLower(getenv("COMPRESSION")); v {
	case "", "on", "true":
	case "off", "false":
		c.ResponseCompression.Off = true
	default:
		return fmt.Errorf("COMPRESSION: %q is not on or off", v)
	}
	if v := getenv("COMPRESS_MIN_SIZE"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return fmt.Errorf("COMPRESS_MIN_SIZE: %q is not a positive number of bytes", v)
		}
		c.ResponseCompression.MinSize = n
	}
	if v := getenv("COMPRESS_LEVEL"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 || n > 9 {
			return fmt.Errorf("COMPRESS_LEVEL: %q is not a gzip level 1..9", v)
		}
		c.ResponseCompression.Level = n
	}
	switch v := strings.ToLower(getenv("LEGACY_DEPRECATION")); v {
	case "", "on", "true":
	case "off", "false":
		c.Deprecation.Off = true
	default:
		return fmt.Errorf("LEGACY_DEPRECATION: %q is not on or off", v)
	}
	var err error
	if c.Deprecation.Date, err = envDate(getenv, "LEGACY_DEPRECATION_DATE"); err != nil {
		return err
	}
	if c.Deprecation.Sunset, err = envDate(getenv, "LEGACY_SUNSET_DATE"); err != nil {
		return err
	}
	if !c.Deprecation.Sunset.IsZero() {
		dep := c.Deprecation.Date
		if dep.IsZero() {
			dep = api.DefaultDeprecationDate
		}
		if c.Deprecation.Sunset.Before(dep) {
			return fmt.Errorf("LEGACY_SUNSET_DATE: %s is before the deprecation date %s", c.Deprecation.Sunset.Format(time.DateOnly), dep.Format(time.DateOnly))
		}
	}
	if v := getenv("LEGACY_DEPRECATION_LINK"); v != "" {
		if !strings.HasPrefix(v, "https://") && !strings.HasPrefix(v, "http://") && !strings.HasPrefix(v, "/") {
			return fmt.Errorf("LEGACY_DEPRECATION_LINK: %q is not an http(s) URL or a path", v)
		}
		if strings.ContainsAny(v, "<>\" \r\n") {
			return fmt.Errorf("LEGACY_DEPRECATION_LINK: %q contains characters a Link header cannot carry", v)
		}
		c.Deprecation.PolicyURL = v
	}
	return nil
}

// envDate reads YYYY-MM-DD (midnight UTC) or an RFC 3339 time.
func envDate(getenv func(string) string, name string) (time.Time, error) {
	v := getenv(name)
	if v == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.DateOnly, v); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, fmt.Errorf("%s: %q is not a date such as 2027-06-30 or 2027-06-30T00:00:00Z", name, v)
	}
	return t.UTC(), nil
}
